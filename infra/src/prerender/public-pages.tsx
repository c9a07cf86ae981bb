// Every public page as HTML, drawn at build time (issue 8, issue 23 item 2, docs/decisions/055): the page's
// whole content is in the served HTML, so it reads without JavaScript and the largest paint never waits
// for the app.
//
// Each page is an entry of its own under pages/ (its own stylesheet, only what it draws), built by
// infra/src/rspack/prerender.ts into CommonJS and run in node. It is build tooling, not an app: the shell
// never imports a remote (docs/architecture.md#import-rules), but the build may read them all to draw the pages
// they make together — the shell's chrome around each page, exactly as the shell renders it for a guest.
// The shell shows this markup until its own page has rendered, then puts its DOM in its place
// (shell/src/app/prerender/handoff.ts).
import '@trove/kit/tokens.css';
import { type AppConfig, KitProviders } from '@trove/kit';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { Route, Routes, StaticRouter } from 'react-router';
import { AppLayout } from '../../../shell/src/app/chrome/app-layout';
import { PublicLayout } from '../../../shell/src/app/chrome/public-layout';

/** What one page entry exports: its markup for the public settings. */
export type RenderPage = (config: AppConfig) => Promise<string>;

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let html = '';
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    html += decoder.decode(value, { stream: true });
  }
  return html + decoder.decode();
}

/**
 * `path` as the shell renders it before anything has run in the browser: a guest, in the layout the
 * shell's routes put it in, every section drawn. `prerender` (not renderToString) waits for every lazy
 * part, so the landing page's below-the-fold sections and the catalogs are in the HTML, not empty slots.
 */
export async function renderPublicPage(
  config: AppConfig,
  path: string,
  layout: 'public' | 'app',
  page: ReactNode,
): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <KitProviders config={config}>
      <StaticRouter location={path}>
        <Routes>
          <Route element={layout === 'public' ? <PublicLayout /> : <AppLayout />}>
            <Route path="*" element={page} />
          </Route>
        </Routes>
      </StaticRouter>
    </KitProviders>,
    // A part that throws would be left to the browser to draw: a page that is not whole is a failed build.
    {
      onError: (error) => void errors.push(error),
      // Never outline a large boundary to be filled in by an inline script: the CSP runs none, and the
      // page must be whole as served.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    },
  );
  const html = await readAll(prelude);
  if (/<script|<template/i.test(html)) throw new Error(`${path} was drawn with a script or a template in it`);
  if (errors.length > 0) {
    throw new AggregateError(errors, `${path} could not be drawn whole: ${String(errors[0])}`);
  }
  return html;
}
