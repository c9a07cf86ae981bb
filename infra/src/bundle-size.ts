// The first-load JavaScript of each public page, against the figures recorded in infra/bundle-sizes.json
// (issue 41 item 2). A step of `npm test` right after the build (infra/bin/test.mjs): it fails when a page's
// first-load JS grows more than 5 % over its recorded figure. The figures change on purpose, in review:
//
//   npx tsx infra/src/bundle-size.ts            check dist/www (BUILD_OUT_DIR) against the recorded figures
//   npx tsx infra/src/bundle-size.ts --update   record the current figures
//
// "First load": Chromium opens the page from the build (served as nginx serves it: brotli where the build
// wrote .br files), nobody touches it, and every script it fetches until the network is quiet after its
// entry started on idle counts, at its brotli size on disk — the same bytes for the same build, whatever
// the machine's speed.
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
      // Nobody touches the page: what it starts by itself once idle (boot-after-paint.js) is its first load —
      // the whole app on most pages, only the parts that move on the landing page (docs/decisions/190).
      const entry = page.waitForRequest(/\/assets\/js\/main\.[0-9a-f]+\.js$/, { timeout: 60_000 });
      await page.goto(route, { waitUntil: 'load' });
      await entry;
      await page.waitForLoadState('networkidle');
      // A quiet moment more: an island that hydrates on idle asks for its code after the network settled.
      await page.waitForTimeout(1500);
      await page.waitForLoadState('networkidle');
      const files = [...scripts].map((url) => new URL(url).pathname).sort();
      sizes[route] = { bytes: [...scripts].reduce((sum, url) => sum + wireBytes(root, url), 0), files };
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
