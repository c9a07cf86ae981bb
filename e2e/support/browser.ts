import { launchBrowser } from '@trove/infra/chromium';
import type { Browser, BrowserContext, Page } from 'playwright-core';

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
