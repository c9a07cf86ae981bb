import { launchBrowser } from '@trove/infra/chromium';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { SignedUpUser } from './accounts';

export { launchBrowser };

export type WatchedPage = { page: Page; context: BrowserContext; consoleErrors: string[] };

/** A fresh context (no shared cookies or storage) whose console errors are collected for asserting. */
export async function openPage(
  browser: Browser,
  baseURL: string,
  viewport = { width: 1280, height: 800 },
): Promise<WatchedPage> {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return { page, context, consoleErrors };
}

export interface SignedInOptions {
  /** Pinned before the page loads (and on every reload); left to the system when not given. */
  theme?: 'light' | 'dark';
  viewport?: { width: number; height: number };
}

/** A fresh context signed in as `account` (its session cookies), on `path` when given, else on nothing yet. */
export async function openSignedIn(
  browser: Browser,
  baseURL: string,
  account: Pick<SignedUpUser, 'cookies'>,
  options: SignedInOptions & { path?: string } = {},
): Promise<WatchedPage> {
  const watched = await openPage(browser, baseURL, options.viewport);
  if (options.theme)
    await watched.context.addInitScript((value) => localStorage.setItem('theme', value), options.theme);
  await watched.context.addCookies(account.cookies);
  if (options.path) await watched.page.goto(options.path);
  return watched;
}
