import type { Page } from 'playwright-core';

/** How far the page is wider than the window (0 when nothing makes it scroll sideways). */
export async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** How far the page is taller than the window (0 when the page itself does not scroll). */
export async function downwardOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
}
