import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type Configuration, rspack } from '@rspack/core';
import { repoRoot } from './apps';
import { moduleRules } from './create-config';

/**
 * `/` prerendered (issue 8, docs/decisions/008): nginx answers `/` — and only `/` — with this file, the
 * shell's own index.html plus the landing page's first screen drawn at build time, so the largest paint
 * does not wait for the shell, the remotes map and the marketing remote to arrive and run.
 */
export const LANDING_FILE = 'landing.html';

/** Each prerendered page (docs/decisions/055): its entry under infra/src/prerender/pages/ and the routes it is served for. */
export const PRERENDERED_PAGES = [
  // The landing page's app starts only when something that moves needs it (docs/decisions/190).
  // Its parts that change untouched (the typing demo, the downloads) are driven by a plain script (245).
  { entry: 'landing', routes: ['/'], boot: 'visible', script: 'landing-motion' },
  // The sign-in card and the catalog run as islands; the app starts only when a control outside them needs it (222).
  { entry: 'auth', routes: ['/auth/login', '/auth/register'], boot: 'islands' },
  { entry: 'contact', routes: ['/contact'], boot: 'interaction' },
  { entry: 'integrations', routes: ['/integrations'], boot: 'islands' },
  { entry: 'playground', routes: ['/playground'], boot: 'interaction' },
  { entry: 'not-found', routes: ['/404'], boot: 'interaction' },
] as const;
export type PrerenderedEntry = (typeof PRERENDERED_PAGES)[number]['entry'];

/**
 * When the app's entry starts on a prerendered page. `paint`: once the page has been painted.
 * `interaction` (every public page since docs/decisions/055): on the first press, key, touch or focus,
 * or once the browser is idle after load — the page reads and its fields take input without it, so its
 * code never competes with the first paint; what was typed or pressed meanwhile carries over.
 * `visible` (the landing page, docs/decisions/190): on the first press, key or touch, or when a section
 * that moves comes near the viewport — never just because the browser is idle; its static sections stay
 * the served HTML, and what moves untouched (the typing demo, the downloads) is the page's own plain script's
 * (DRAWN_SCRIPTS, docs/decisions/245).
 */
export type BootMode = 'paint' | 'interaction' | 'visible' | 'islands';

/**
 * The drawn pages' own plain scripts (docs/decisions/245): what a page changes before anyone touches it, on
 * its server-rendered copy, with no React and no federation runtime — one small file each.
 */
export const DRAWN_SCRIPTS = {
  'landing-motion': './mfe-marketing/src/drawn/landing-motion-entry.ts',
} as const;
export type DrawnScript = keyof typeof DRAWN_SCRIPTS;

/** The browser build of DRAWN_SCRIPTS: one self-contained, content-hashed file per script. */
export function createDrawnScriptsConfig(outputPath: string): Configuration {
  return {
    mode: 'production',
    name: 'drawn-scripts',
    context: repoRoot,
    target: ['web', 'es2020'],
    entry: { ...DRAWN_SCRIPTS },
    devtool: false,
    output: { path: outputPath, filename: '[name].[contenthash:10].js', iife: true, clean: true },
    resolve: { extensions: ['.ts', '.js'] },
    module: { rules: moduleRules('production') },
    optimization: { minimize: true, splitChunks: false, runtimeChunk: false },
    performance: { hints: false },
    infrastructureLogging: { level: 'error' },
    stats: 'errors-warnings',
  };
}

/** The shell's page with the prerendered markup in it, ready for the shell to take over. */
export function prerenderedDocument(
  indexHtml: string,
  css: string,
  markup: string,
  bootScript: string,
  boot: BootMode = 'paint',
  pageScript: string | null = null,
): string {
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root) || !indexHtml.includes('</head>')) {
    throw new Error('index.html has no <div id="root"></div> or </head>: cannot place the prerendered page');
  }
  if (/<\/style/i.test(css)) throw new Error('the prerendered stylesheet must not close its <style> element');
  const entry = /<script defer src="(\/assets\/js\/main\.[^"]+\.js)"><\/script>/;
  // The page's own plain script (DRAWN_SCRIPTS), after the boot script: both run once the page is parsed.
  const own = pageScript ? `<script defer src="${pageScript}"></script>` : '';
  if (!entry.test(indexHtml))
    throw new Error('index.html has no deferred main script to start after the paint');
  // This page reads well without JavaScript, so it does not say it needs it — the shell's own line only: a
  // part of the page that does need it (the sign-in form) says so in a <noscript> of its own.
  return (
    indexHtml
      .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
      // The entry starts after the first paint or on the first interaction (shell/public/boot-after-paint.js).
      // Only a page that starts it at the paint preloads it: there it is wanted at once, while the landing
      // page's visitor may never need it, and its bytes would compete with the page's own.
      .replace(
        entry,
        boot === 'paint'
          ? `<link rel="preload" as="script" fetchpriority="low" href="$1"><script defer src="${bootScript}" data-main="$1"></script>${own}`
          : `<script defer src="${bootScript}" data-main="$1" data-boot="${boot}"></script>${own}`,
      )
      // Inline: the first paint needs these rules, and a stylesheet request would delay it by a round trip.
      // The CSP allows inline styles (never inline scripts); the shell removes this element once no
      // prerendered markup is left on the page.
      .replace('</head>', `<style data-prerendered>${css}</style></head>`)
      // The app renders into the hidden #root and is shown only once its page is ready, in the same frame
      // the prerendered copy is removed (shell/src/app/prerender/handoff.ts): no flash, nothing moves.
      .replace(root, `<div id="root" hidden></div><div data-prerendered>${markup}</div>`)
  );
}

function marketingBuildLabel(): string {
  // The same label the marketing remote's own build shows in its footer (create-config.ts).
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'mfe-marketing/package.json'), 'utf8')) as {
    version: string;
  };
  return process.env.REMOTE_BUILD_LABEL ?? pkg.version;
}

/**
 * One CommonJS file per page exporting `render`, and the stylesheet of everything that page draws. Same
 * loaders as the apps; CSS module names get their own salt: this markup is styled by its own inline
 * sheet, never by the apps' files, so it needs no name to match theirs. Dynamic imports are bundled in
 * (eager): node renders the lazy sections at once, and has no way to fetch a chunk.
 */
export function createPrerenderConfig(outputPath: string): Configuration {
  return {
    mode: 'production',
    name: 'prerender',
    context: repoRoot,
    // The browser builds of React's server renderer and of the router run in node as well, and a web
    // target extracts CSS into a file, which is what gets inlined.
    target: ['web', 'es2022'],
    entry: Object.fromEntries(
      PRERENDERED_PAGES.map(({ entry }) => [entry, `./infra/src/prerender/pages/${entry}.tsx`]),
    ),
    devtool: false,
    output: {
      path: outputPath,
      filename: '[name].cjs',
      cssFilename: '[name].css',
      library: { type: 'commonjs2' },
      publicPath: '/',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'] },
    module: {
      rules: moduleRules('production'),
      parser: {
        'css/auto': { namedExports: true, dashedIdents: false },
        javascript: { dynamicImportMode: 'eager' },
      },
      generator: { 'css/auto': { localIdentHashSalt: 'trove_prerender' } },
    },
    plugins: [new rspack.DefinePlugin({ __TROVE_BUILD_LABEL__: JSON.stringify(marketingBuildLabel()) })],
    optimization: { minimize: true, splitChunks: false },
    performance: { hints: false },
    infrastructureLogging: { level: 'error' },
    stats: 'errors-warnings',
  };
}

export interface PrerenderedPage {
  markup: string;
  css: string;
}

/** Runs one page's compiled renderer with the public settings (the same /config/app.json the shell reads). */
export async function renderCompiledPage(
  outputPath: string,
  entry: PrerenderedEntry,
  config: unknown,
): Promise<PrerenderedPage> {
  const requireBundle = createRequire(import.meta.url);
  const bundle = path.join(outputPath, `${entry}.cjs`);
  const { render } = requireBundle(bundle) as { render: (c: unknown) => Promise<string> };
  const css = await readFile(path.join(outputPath, `${entry}.css`), 'utf8');
  return { markup: await render(config), css: css.trim() };
}
