import type { Page } from 'playwright-core';

/** How far the page is wider than the window (0 when nothing makes it scroll sideways). */
export async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}
