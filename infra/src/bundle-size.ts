// The first-load JavaScript of each public page, against the figures recorded in infra/bundle-sizes.json
// (issue 41 item 2). A step of `npm test` right after the build (infra/bin/test.mjs): it fails when a page's
// first-load JS grows more than 5 % over its recorded figure. The figures change on purpose, in review:
//
//   npx tsx infra/src/bundle-size.ts            check dist/www (BUILD_OUT_DIR) against the recorded figures
//   npx tsx infra/src/bundle-size.ts --update   record the current figures
//
// "First load": Chromium opens the page from the build (served as nginx serves it: brotli where the build
// wrote .br files), nobody touches it, and every script it fetches until the network is quiet after any
// idle start counts, at its brotli size on disk — the same bytes for the same build, whatever the machine's
// speed. "+ first input": the same page after one key press, every script so far (docs/decisions/245: the
// landing page, the sign-in pages and /integrations start their code only then).
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { launchBrowser } from './chromium';
import { pageFile } from './prerender/page-head';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SIZES_FILE = path.join(repoRoot, 'infra/bundle-sizes.json');
/** How much a page's first load may grow over its recorded figure before the check fails. */
export const ALLOWED_GROWTH = 0.05;
/** The pages whose first load is budgeted: every public page a visitor lands on first. */
export const BUDGETED_PAGES = ['/', '/auth/login', '/auth/register', '/integrations', '/contact'] as const;

export type PageSizes = Record<string, { bytes: number; files: string[] }>;

export interface Overrun {
  page: string;
  recorded: number;
  measured: number;
}

/** Pages over their recorded figure by more than ALLOWED_GROWTH, and pages with no figure at all. */
export function overruns(recorded: Record<string, number>, measured: Record<string, number>): Overrun[] {
  const over: Overrun[] = [];
  for (const [page, bytes] of Object.entries(measured)) {
    const limit = recorded[page];
    if (limit === undefined || bytes > limit * (1 + ALLOWED_GROWTH)) {
      over.push({ page, recorded: limit ?? 0, measured: bytes });
    }
  }
  return over;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.css': 'text/css',
  '.html': 'text/html',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** The build as nginx answers it: a page's prerendered file for its route, .br files when asked for br. */
export function serveBuild(root: string): Promise<Server> {
  const server = createServer((req, res) => {
    const route = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    // No services here: the page is measured as a guest's.
    if (route.startsWith('/api/')) {
      res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"error":"unauthenticated"}');
      return;
    }
    const page = path.join(root, pageFile(route));
    let file = path.join(root, path.normalize(route));
    if (existsSync(page) && statSync(page).isFile()) file = page;
    else if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      file = path.join(root, 'index.html');
    }
    const brotli = String(req.headers['accept-encoding'] ?? '').includes('br') && existsSync(`${file}.br`);
    res.writeHead(200, {
      'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      ...(brotli ? { 'Content-Encoding': 'br' } : {}),
    });
    res.end(readFileSync(brotli ? `${file}.br` : file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** The bytes a script costs on the wire: its brotli file when the build wrote one, else the file itself. */
function wireBytes(root: string, url: string): number {
  const file = path.join(root, new URL(url).pathname);
  if (existsSync(`${file}.br`)) return statSync(`${file}.br`).size;
  return existsSync(file) ? statSync(file).size : 0;
}

/** The network quiet, past the moment an idle start would have asked for code, and quiet again. */
export async function settlePastIdleStart(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // boot-after-paint.js starts idle work 1 s after the load, then at the browser's idle (at most 4 s on).
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        setTimeout(() => requestIdleCallback(() => resolve(), { timeout: 4000 }), 1500);
      }),
  );
  await page.waitForLoadState('networkidle');
}

function measuredScripts(root: string, scripts: ReadonlySet<string>): PageSizes[string] {
  const files = [...scripts].map((url) => new URL(url).pathname).sort();
  return { bytes: [...scripts].reduce((sum, url) => sum + wireBytes(root, url), 0), files };
}

/** Every budgeted page's first-load scripts, measured in Chromium against the build in `root`. */
export async function measureFirstLoad(root: string): Promise<PageSizes> {
  const server = await serveBuild(root);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await launchBrowser();
  const sizes: PageSizes = {};
  try {
    for (const route of BUDGETED_PAGES) {
      const context = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.add(request.url());
      });
      // Untouched first: what the page starts by itself, once idle included (boot-after-paint.js) — the whole
      // app on /contact, nothing of it on the landing page, the sign-in pages and /integrations (245).
      await page.goto(route, { waitUntil: 'load' });
      await settlePastIdleStart(page);
      sizes[route] = measuredScripts(root, scripts);
      // Then the first input (a key that presses nothing): what the page needs to answer it — its islands
      // or the app — so the code a visitor waits for at the first press stays budgeted too.
      const main = /\/assets\/js\/main\.[0-9a-f]+\.js$/;
      const entry = [...scripts].some((url) => main.test(url))
        ? Promise.resolve()
        : page.waitForRequest(main, { timeout: 60_000 });
      await page.keyboard.press('Shift');
      await entry;
      await settlePastIdleStart(page);
      sizes[`${route} + first input`] = measuredScripts(root, scripts);
      await context.close();
    }
  } finally {
    await browser.close();
    server.closeAllConnections();
    server.close();
  }
  return sizes;
}

function readRecorded(): Record<string, number> {
  if (!existsSync(SIZES_FILE)) return {};
  const json = JSON.parse(readFileSync(SIZES_FILE, 'utf8')) as { pages?: Record<string, number> };
  return json.pages ?? {};
}

async function main(): Promise<number> {
  const root = path.resolve(process.env.BUILD_OUT_DIR ?? path.join(repoRoot, 'dist', 'www'));
  if (!existsSync(path.join(root, 'index.html'))) {
    console.error(`${root} has no build: run npx tsx infra/src/build.ts first`);
    return 1;
  }
  const measured = await measureFirstLoad(root);
  const recorded = readRecorded();
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log('| page | first-load JS KB (brotli) | recorded KB | files |\n|---|---|---|---|');
  for (const [page, { bytes, files }] of Object.entries(measured)) {
    const figure = recorded[page];
    console.log(`| ${page} | ${kb(bytes)} | ${figure === undefined ? '—' : kb(figure)} | ${files.length} |`);
  }
  if (process.argv.includes('--update')) {
    const pages = Object.fromEntries(Object.entries(measured).map(([page, { bytes }]) => [page, bytes]));
    const note =
      'First-load JS per page in bytes (brotli, as served), checked by infra/src/bundle-size.ts in npm test: ' +
      'a page may grow 5 % over its figure. Update on purpose: npx tsx infra/src/bundle-size.ts --update';
    writeFileSync(SIZES_FILE, `${JSON.stringify({ note, pages }, null, 2)}\n`);
    console.log(`recorded in ${path.relative(repoRoot, SIZES_FILE)}`);
    return 0;
  }
  const over = overruns(
    recorded,
    Object.fromEntries(Object.entries(measured).map(([page, { bytes }]) => [page, bytes])),
  );
  for (const { page, recorded: figure, measured: bytes } of over) {
    console.error(
      figure === 0
        ? `${page}: ${kb(bytes)} KB of first-load JS and no recorded figure (infra/bundle-sizes.json)`
        : `${page}: first-load JS ${kb(bytes)} KB is ${(((bytes - figure) / figure) * 100).toFixed(1)} % over the recorded ${kb(figure)} KB (5 % allowed); files: ${measured[page]?.files.join(', ')}`,
    );
  }
  return over.length === 0 ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(await main());
