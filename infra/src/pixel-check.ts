// Before and after a change that should look the same (issue 44's CSS goal, docs/decisions/223): every page
// a remote draws, whole (full page), at desktop and mobile size, light and dark, then the differing pixels.
//
//   npx tsx infra/src/pixel-check.ts shoot <out-dir> [--www <dist/www of another build>]
//   npx tsx infra/src/pixel-check.ts compare <before-dir> <after-dir>
//
// `shoot` starts an isolated stack (a fresh database) serving the given build, signs up one account with a
// fixed address (the same text on every run) and opens each page signed in, or signed out for the public
// ones. Animations are stopped and the caret hidden, so two shots of the same build are the same pixels.
// `compare` decodes both PNGs in Chromium (a canvas) and counts the pixels whose RGBA differs.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { browserCookies, readLatestCode } from '../../e2e/support/accounts';
import { launchBrowser } from './chromium';
import { startIsolatedStack } from './stack/isolated';

const PUBLIC_PAGES = [
  '/',
  '/integrations',
  '/contact',
  '/playground',
  '/auth/login',
  '/auth/register',
  '/nope',
];
const SIGNED_IN_PAGES = [
  '/chats',
  '/connections',
  '/uploads',
  '/workflows',
  '/workflows/new',
  '/search',
  '/search?q=report',
  '/documents/00000000-0000-4000-8000-000000000000',
  '/profile',
];
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } };
const EMAIL = 'ada@example.com';
const PASSWORD = 'Trove-pixel-Passw0rd!';

async function signUp(baseUrl: string, mailUrl: string) {
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const since = new Date();
  const registered = await post('/api/v1/auth/password/register', { email: EMAIL, password: PASSWORD });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  const code = await readLatestCode(mailUrl, EMAIL, { since });
  const verified = await post('/api/v1/auth/otp/verify', { target: EMAIL, code, purpose: 'verify' });
  if (verified.status !== 200) throw new Error(`verify answered ${verified.status}`);
  return browserCookies(verified.headers.getSetCookie(), baseUrl);
}

/** Scrolls to the bottom and back, so sections drawn when near the viewport are drawn before the shot. */
async function drawEverything(page: import('playwright-core').Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 30)));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
}

async function shoot(outDir: string, wwwRoot: string | undefined): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  const stack = await startIsolatedStack('pixel-check', wwwRoot ? { wwwRoot } : {});
  const browser = await launchBrowser();
  try {
    const cookies = await signUp(stack.url, stack.mailUrl);
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      for (const theme of ['light', 'dark'] as const) {
        for (const signedIn of [false, true]) {
          const context = await browser.newContext({ baseURL: stack.url, viewport, colorScheme: theme });
          await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
          if (signedIn) await context.addCookies(cookies);
          await shootPages(context, signedIn ? SIGNED_IN_PAGES : PUBLIC_PAGES, outDir, `${size}-${theme}`);
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    await stack.stop();
  }
}

async function shootPages(context: BrowserContext, routes: string[], outDir: string, suffix: string) {
  const page = await context.newPage();
  for (const route of routes) {
    await page.goto(route, { waitUntil: 'networkidle' });
    await drawEverything(page);
    await page.waitForTimeout(300);
    const name = `${route.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'root'}-${suffix}.png`;
    await page.screenshot({
      path: join(outDir, name),
      fullPage: true,
      animations: 'disabled',
      caret: 'hide',
    });
    console.log(name);
  }
  await page.close();
}

interface Difference {
  file: string;
  pixels: number;
  sizes: string;
}

async function compareOne(browser: Browser, a: Buffer, b: Buffer) {
  const page = await browser.newPage();
  try {
    return await page.evaluate(
      async ([one, two]) => {
        const decode = async (base64: string) => {
          const image = await createImageBitmap(
            await (await fetch(`data:image/png;base64,${base64}`)).blob(),
          );
          const canvas = new OffscreenCanvas(image.width, image.height);
          const context = canvas.getContext('2d');
          if (!context) throw new Error('no 2d context');
          context.drawImage(image, 0, 0);
          return {
            width: image.width,
            height: image.height,
            data: context.getImageData(0, 0, image.width, image.height).data,
          };
        };
        const [x, y] = [await decode(one ?? ''), await decode(two ?? '')];
        const width = Math.max(x.width, y.width);
        const height = Math.max(x.height, y.height);
        let pixels = 0;
        for (let row = 0; row < height; row++) {
          for (let col = 0; col < width; col++) {
            const inX = row < x.height && col < x.width;
            const inY = row < y.height && col < y.width;
            if (!inX || !inY) {
              pixels++;
              continue;
            }
            const i = (row * x.width + col) * 4;
            const j = (row * y.width + col) * 4;
            if (
              x.data[i] !== y.data[j] ||
              x.data[i + 1] !== y.data[j + 1] ||
              x.data[i + 2] !== y.data[j + 2] ||
              x.data[i + 3] !== y.data[j + 3]
            )
              pixels++;
          }
        }
        return { pixels, sizes: `${x.width}x${x.height} / ${y.width}x${y.height}` };
      },
      [a.toString('base64'), b.toString('base64')],
    );
  } finally {
    await page.close();
  }
}

async function compare(before: string, after: string): Promise<Difference[]> {
  const browser = await launchBrowser();
  const differences: Difference[] = [];
  try {
    for (const file of readdirSync(before)
      .filter((f) => f.endsWith('.png'))
      .sort()) {
      const a = readFileSync(join(before, file));
      let b: Buffer;
      try {
        b = readFileSync(join(after, file));
      } catch {
        differences.push({ file, pixels: -1, sizes: 'missing after' });
        continue;
      }
      const result = a.equals(b) ? { pixels: 0, sizes: 'same bytes' } : await compareOne(browser, a, b);
      differences.push({ file, ...result });
      console.log(`${String(result.pixels).padStart(8)}  ${file}  (${result.sizes})`);
    }
  } finally {
    await browser.close();
  }
  return differences;
}

const [command, first, second] = process.argv.slice(2);
if (command === 'shoot' && first) {
  const www = process.argv.indexOf('--www');
  await shoot(resolve(first), www > 0 ? resolve(process.argv[www + 1] ?? '') : undefined);
} else if (command === 'compare' && first && second) {
  const differences = await compare(resolve(first), resolve(second));
  const changed = differences.filter((d) => d.pixels !== 0);
  console.log(`${differences.length} shots, ${changed.length} with differing pixels`);
  process.exitCode = changed.length > 0 ? 1 : 0;
} else {
  console.error('usage: pixel-check.ts shoot <out-dir> [--www <dir>] | compare <before-dir> <after-dir>');
  process.exitCode = 2;
}
