import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { settlePastIdleStart } from '../bundle-size';
import { launchBrowser } from '../chromium';

export type FrontEndBytes = {
  route: string;
  frontEnd: string;
  files: number;
  rawBytes: number;
  /** Bytes on the wire as nginx served them (gzip, or brotli where precompressed files exist). */
  servedBytes: number;
  servedEncoding: string;
  gzipBytes: number;
  brotliBytes: number;
  /** Each file, named by what it holds (chunk ids are named, infra/src/rspack/create-config.ts). */
  parts: Array<{ file: string; rawBytes: number; gzipBytes: number }>;
};

/** `/remotes/marketing/abc/x.js` → `marketing`; anything else the shell loaded is the shell's. */
export function frontEndOf(url: string): string {
  const match = new URL(url).pathname.match(/^\/remotes\/([^/]+)\//);
  return match?.[1] ?? 'shell';
}

/**
 * Loads each route in Chromium and adds up every script the page actually fetched, grouped by the
 * front-end that owns it. gzip -9 and brotli q11 sizes are computed from the same bytes, so the figures
 * hold whatever nginx's compression settings are.
 */
export async function measureFrontEndBytes(
  baseUrl: string,
  routes: Array<{ route: string; ready: string; cookie?: string }>,
): Promise<FrontEndBytes[]> {
  const browser = await launchBrowser();
  const rows: FrontEndBytes[] = [];
  try {
    for (const { route, ready, cookie } of routes) {
      const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 } });
      if (cookie) {
        await context.addCookies(
          cookie.split('; ').map((pair) => {
            const [name = '', ...value] = pair.split('=');
            return { name, value: value.join('='), url: baseUrl };
          }),
        );
      }
      const page = await context.newPage();
      const scripts: Array<{ url: string; body: Buffer; encoding: string; wire: number }> = [];
      const pending: Array<Promise<void>> = [];
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script' || !response.ok()) return;
        pending.push(
          (async () => {
            const body = await response.body();
            const sizes = await response.request().sizes();
            scripts.push({
              url: response.url(),
              body,
              encoding: (await response.headerValue('content-encoding')) ?? 'identity',
              wire: sizes.responseBodySize,
            });
          })().catch((error: unknown) => {
            // A script that answers once the route's figures are taken and its page closed (an island
            // started on idle) is not counted; any other failure is.
            if (!page.isClosed()) throw error;
          }),
        );
      });
      await page.goto(route, { waitUntil: 'networkidle' });
      // The landing page starts its app on the first input (docs/decisions/190): a key that presses nothing.
      await page.keyboard.press('Shift');
      // A test id (a remote's mount), or a selector for an island of a drawn page (docs/decisions/222).
      await (ready.startsWith('[') ? page.locator(ready) : page.getByTestId(ready)).waitFor({
        timeout: 60_000,
      });
      await Promise.all(pending);
      const groups = new Map<string, FrontEndBytes>();
      for (const script of scripts) {
        const frontEnd = frontEndOf(script.url);
        const row = groups.get(frontEnd) ?? {
          route,
          frontEnd,
          files: 0,
          rawBytes: 0,
          servedBytes: 0,
          servedEncoding: script.encoding,
          gzipBytes: 0,
          brotliBytes: 0,
          parts: [],
        };
        row.files += 1;
        row.rawBytes += script.body.length;
        row.servedBytes += script.wire;
        if (row.servedEncoding !== script.encoding) row.servedEncoding = 'mixed';
        const gzipBytes = gzipSync(script.body, { level: 9 }).length;
        row.gzipBytes += gzipBytes;
        row.parts.push({
          file: new URL(script.url).pathname.split('/').pop() ?? script.url,
          rawBytes: script.body.length,
          gzipBytes,
        });
        row.brotliBytes += brotliCompressSync(script.body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
        }).length;
        groups.set(frontEnd, row);
      }
      rows.push(...[...groups.values()].sort((a, b) => a.frontEnd.localeCompare(b.frontEnd)));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}

export type LandingScripts = {
  /** Scripts the page ran before the app was asked for: what runs before a first interaction (the islands). */
  beforeInteraction: { files: string[]; transferredBytes: number };
  /** Every script of `/` once the app has taken the page over and the network is quiet (no scrolling). */
  total: { files: number; transferredBytes: number };
};

/**
 * Issue 23's JS budget for `/`: transferred bytes (body as served, plus headers) of the scripts fetched
 * before the app's entry is requested — the landing page starts it on the first interaction or when the
 * browser is idle (docs/decisions/055) — and of all scripts once the app has taken over.
 */
export async function measureLandingScripts(baseUrl: string): Promise<LandingScripts> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const scripts: Array<{ url: string; wire: Promise<number> }> = [];
    let entryOrder = Number.POSITIVE_INFINITY;
    let order = 0;
    page.on('request', (request) => {
      if (request.resourceType() !== 'script') return;
      const at = order++;
      // The app's first chunk (before it, untouched, only the page's own scripts: docs/decisions/245).
      if (/\/assets\/js\/src_bootstrap_ts\.[^/]+\.js$/.test(new URL(request.url()).pathname))
        entryOrder = Math.min(entryOrder, at);
    });
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      scripts.push({
        url: request.url(),
        wire: request.sizes().then((sizes) => sizes.responseBodySize + sizes.responseHeadersSize),
      });
    });
    const requested: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') requested.push(request.url());
    });
    await page.goto('/', { waitUntil: 'load' });
    // Untouched, the page runs only its own plain script (docs/decisions/245); then a key starts the app.
    await settlePastIdleStart(page);
    // The first interaction: what was asked for before it is the untouched page's.
    const untouched = requested.length;
    await page.keyboard.press('Shift');
    await page.waitForFunction(() => !document.querySelector('div[data-prerendered]'), null, {
      timeout: 60_000,
    });
    await page.waitForLoadState('networkidle');
    const sized = await Promise.all(scripts.map(async (s) => ({ url: s.url, wire: await s.wire })));
    const firstEntry = Math.min(untouched, Number.isFinite(entryOrder) ? entryOrder : requested.length);
    const early = new Set(requested.slice(0, firstEntry));
    const before = sized.filter((s) => early.has(s.url));
    await context.close();
    return {
      beforeInteraction: {
        files: before.map((s) => new URL(s.url).pathname),
        transferredBytes: before.reduce((sum, s) => sum + s.wire, 0),
      },
      total: { files: sized.length, transferredBytes: sized.reduce((sum, s) => sum + s.wire, 0) },
    };
  } finally {
    await browser.close();
  }
}
