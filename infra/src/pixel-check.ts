// Before and after a change that should look the same (issue 44's CSS goal, docs/decisions/223): every page
// a remote draws, whole (full page), at desktop and mobile size, light and dark, then the differing pixels.
//
//   npx tsx infra/src/pixel-check.ts shoot <out-dir> <before dist/www> <after dist/www> [--only /a,/b]   (→ out/before, out/after)
//   npx tsx infra/src/pixel-check.ts compare <before-dir> <after-dir>   (crops of what differs: <after-dir>/diff)
//
// `shoot` starts one isolated stack (a fresh database), signs up one account with a fixed address and opens
// each page signed in, or signed out for the public ones, once per build, back to back. Animations are
// stopped, motion reduced and the caret hidden, so two shots of the same build are the same pixels.
// `compare` decodes both PNGs in Chromium (a canvas) and counts the pixels whose RGBA differs.
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { caughtMailTo } from '@trove/service-core/testing/maildev';
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

type SignedIn = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Registers the account and enters the mailed code in a browser context, whose cookies are then its session. */
async function signUp(browser: Browser, baseUrl: string, mailUrl: string): Promise<SignedIn> {
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    const registered = await context.request.post('/api/v1/auth/password/register', {
      data: { email: EMAIL, password: PASSWORD },
    });
    if (registered.status() !== 201) throw new Error(`register answered ${registered.status()}`);
    let code: string | undefined;
    for (let i = 0; i < 100 && code === undefined; i++) {
      const mails = await caughtMailTo(mailUrl, EMAIL);
      code = /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? '')?.[1];
      if (code === undefined) await new Promise((done) => setTimeout(done, 200));
    }
    if (code === undefined) throw new Error('no code was mailed');
    const verified = await context.request.post('/api/v1/auth/otp/verify', {
      data: { target: EMAIL, code, purpose: 'verify' },
    });
    if (verified.status() !== 200) throw new Error(`verify answered ${verified.status()}`);
    // One document, so the Uploads table, its status badge and the search results are drawn too.
    const page = await context.newPage();
    await page.goto('/uploads', { waitUntil: 'networkidle' });
    await page.getByLabel('Choose files to upload').setInputFiles({
      name: 'quarterly-report.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(
        'Quarterly report. Revenue grew in March; the report lists every invoice over budget.\n',
      ),
    });
    await page.getByText('Indexed', { exact: true }).first().waitFor({ timeout: 60_000 });
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** Scrolls to the bottom and back, so sections drawn when near the viewport are drawn before the shot. */
async function drawEverything(page: Page): Promise<void> {
  await page.evaluate(`(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 30)));
    }
    window.scrollTo(0, 0);
  })()`);
  await page.waitForLoadState('networkidle');
  // A page still saying it is loading or checking (a slow answer on a busy machine) is not the page yet.
  for (
    let i = 0;
    i < 40 && /Loading|Checking setup/.test(String(await page.evaluate('document.body.innerText')));
    i++
  )
    await page.waitForTimeout(250);
}

/**
 * One stack and one account for both builds, the served folder a symlink switched between them before each
 * shot: the same data (the profile banner's colours come from the user's id) and the same moment for both.
 */
async function shoot(
  outDir: string,
  builds: { before: string; after: string },
  only?: string[],
): Promise<void> {
  const served = join(outDir, 'www');
  mkdirSync(outDir, { recursive: true });
  const serve = (build: string) => {
    rmSync(served, { force: true });
    symlinkSync(build, served);
  };
  serve(builds.before);
  const stack = await startIsolatedStack('pixel-check', { wwwRoot: served });
  const browser = await launchBrowser();
  try {
    const session = await signUp(browser, stack.url, stack.mailUrl);
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      for (const theme of ['light', 'dark'] as const) {
        for (const signedIn of [false, true]) {
          for (const route of (signedIn ? SIGNED_IN_PAGES : PUBLIC_PAGES).filter(
            (r) => !only || only.includes(r),
          )) {
            const name = `${route.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'root'}-${size}-${theme}.png`;
            for (const side of ['before', 'after'] as const) {
              serve(builds[side]);
              // Reduced motion: the landing's demos show their last frame instead of a moment of their play.
              const context = await browser.newContext({
                baseURL: stack.url,
                viewport,
                colorScheme: theme,
                reducedMotion: 'reduce',
                ...(signedIn ? { storageState: session } : {}),
              });
              await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
              const page = await context.newPage();
              await page.goto(route, { waitUntil: 'networkidle' });
              await drawEverything(page);
              // The caret of an autofocused field blinks on its own clock; `caret: 'hide'` misses it at times.
              await page.addStyleTag({ content: '* { caret-color: transparent !important; }' });
              mkdirSync(join(outDir, side), { recursive: true });
              await page.screenshot({
                path: join(outDir, side, name),
                fullPage: true,
                animations: 'disabled',
                caret: 'hide',
              });
              await context.close();
            }
            console.log(name);
          }
        }
      }
    }
  } finally {
    await browser.close();
    await stack.stop();
  }
}

// Runs in the page, as text: tsx would wrap a function written here in a helper the page does not have.
const COUNT_DIFFERING_PIXELS = `async ([one, two]) => {
  async function decode(base64) {
    const image = await createImageBitmap(await (await fetch('data:image/png;base64,' + base64)).blob());
    const canvas = new OffscreenCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    return { width: image.width, height: image.height, data: context.getImageData(0, 0, image.width, image.height).data };
  }
  const x = await decode(one);
  const y = await decode(two);
  let pixels = 0;
  let top = -1;
  let box = [Infinity, Infinity, -1, -1];
  for (let row = 0; row < Math.max(x.height, y.height); row++) {
    for (let col = 0; col < Math.max(x.width, y.width); col++) {
      let same = row < x.height && col < x.width && row < y.height && col < y.width;
      if (same) {
        const i = (row * x.width + col) * 4;
        const j = (row * y.width + col) * 4;
        same = x.data[i] === y.data[j] && x.data[i + 1] === y.data[j + 1] && x.data[i + 2] === y.data[j + 2] && x.data[i + 3] === y.data[j + 3];
      }
      if (!same) {
        pixels++;
        if (top < 0) top = row;
        box = [Math.min(box[0], col), Math.min(box[1], row), Math.max(box[2], col), Math.max(box[3], row)];
      }
    }
  }
  let crop = null;
  if (pixels > 0) {
    // The region that differs (and a margin), before above after, to look at.
    const [x0, y0] = [Math.max(0, box[0] - 40), Math.max(0, box[1] - 40)];
    const w = Math.min(Math.max(x.width, y.width), box[2] + 40) - x0;
    const h = Math.min(600, Math.min(Math.max(x.height, y.height), box[3] + 40) - y0);
    const out = new OffscreenCanvas(w, h * 2 + 4);
    const c = out.getContext('2d');
    c.fillStyle = 'red';
    c.fillRect(0, 0, w, h * 2 + 4);
    c.putImageData(new ImageData(x.data, x.width, x.height), -x0, -y0, x0, y0, w, h);
    c.putImageData(new ImageData(y.data, y.width, y.height), -x0, h + 4 - y0, x0, y0, w, h);
    const blob = await out.convertToBlob({ type: 'image/png' });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]);
    crop = btoa(binary);
  }
  return { crop, box: box[2] < 0 ? '' : box.join(','), pixels, sizes: x.width + 'x' + x.height + ' / ' + y.width + 'x' + y.height + (top >= 0 ? ', first at y=' + top : '') };
}`;

interface Counted {
  pixels: number;
  sizes: string;
  box?: string;
  crop?: string | null;
}

interface Difference {
  file: string;
  pixels: number;
  sizes: string;
}

async function compareOne(browser: Browser, a: Buffer, b: Buffer): Promise<Counted> {
  const page = await browser.newPage();
  try {
    return await page.evaluate(
      `(${COUNT_DIFFERING_PIXELS})(${JSON.stringify([a.toString('base64'), b.toString('base64')])})`,
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
      const result: Counted = a.equals(b)
        ? { pixels: 0, sizes: 'same bytes' }
        : await compareOne(browser, a, b);
      differences.push({ file, pixels: result.pixels, sizes: result.sizes });
      if (result.crop) {
        mkdirSync(join(after, 'diff'), { recursive: true });
        writeFileSync(join(after, 'diff', file), Buffer.from(result.crop, 'base64'));
      }
      const where = result.box ? `, box ${result.box}` : '';
      console.log(`${String(result.pixels).padStart(8)}  ${file}  (${result.sizes}${where})`);
    }
  } finally {
    await browser.close();
  }
  return differences;
}

const [command, first, second, third] = process.argv.slice(2);
if (command === 'shoot' && first && second && third) {
  const only = process.argv.indexOf('--only');
  await shoot(
    resolve(first),
    { before: resolve(second), after: resolve(third) },
    only > 0 ? (process.argv[only + 1] ?? '').split(',') : undefined,
  );
} else if (command === 'compare' && first && second) {
  const differences = await compare(resolve(first), resolve(second));
  const changed = differences.filter((d) => d.pixels !== 0);
  console.log(`${differences.length} shots, ${changed.length} with differing pixels`);
  process.exitCode = changed.length > 0 ? 1 : 0;
} else {
  console.error(
    'usage: pixel-check.ts shoot <out-dir> <before dist/www> <after dist/www> | compare <before-dir> <after-dir>',
  );
  process.exitCode = 2;
}
