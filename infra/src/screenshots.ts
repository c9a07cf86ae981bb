import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from './chromium';
import { REPO_ROOT } from './stack';
import { startIsolatedStack } from './stack/isolated';

// `npx tsx infra/src/screenshots.ts [route…]`: every route at desktop and mobile size, light and dark,
// into .data/screenshots, to look at before calling a page done. `/#features` shoots the page
// scrolled to that element (a section below the fold).
const routes =
  process.argv.slice(2).length > 0
    ? process.argv.slice(2)
    : ['/', '/auth/login', '/profile', '/connections', '/chats', '/nope'];
const viewports = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } };
const out = join(REPO_ROOT, '.data', 'screenshots');
mkdirSync(out, { recursive: true });

const stack = await startIsolatedStack('screenshots');
const browser = await launchBrowser();
try {
  for (const route of routes) {
    for (const [size, viewport] of Object.entries(viewports)) {
      for (const theme of ['light', 'dark'] as const) {
        const context = await browser.newContext({ baseURL: stack.url, viewport, colorScheme: theme });
        await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
        const page = await context.newPage();
        const [path, anchor] = route.split('#');
        await page.goto(path || '/', { waitUntil: 'networkidle' });
        if (anchor) {
          await page.locator(`#${anchor}`).scrollIntoViewIfNeeded();
          // A lazy section renders once it is near the viewport; give it the network and a frame.
          await page.waitForLoadState('networkidle');
          await page.locator(`#${anchor}`).scrollIntoViewIfNeeded();
        }
        await page.waitForTimeout(300);
        const file = join(out, `${route.replace(/\W+/g, '_') || 'root'}-${size}-${theme}.png`);
        await page.screenshot({ path: file });
        console.log(file);
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await stack.stop();
}
