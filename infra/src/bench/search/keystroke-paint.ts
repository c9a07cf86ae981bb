import type { Page } from 'playwright-core';
import { launchBrowser } from '../../chromium';
import { cookiesFor } from '../page-timing';
import { percentile } from './queries';

// Issue 42's as-you-type goal: from a keystroke in the /search box to the results of what it typed painted,
// p95 ≤ 100 ms at ×8, one user (docs/decisions/195-as-you-type-search-box.md). Chromium types each query a
// key at a time at a person's pace; the page records each keydown's time and, each time the live region's count
// ("12 results for “quince”.") changes — the results list changes in the same render — the frame after it
// (requestAnimationFrame, then a task: the paint is done). A keystroke's figure is its time to the first
// such paint naming exactly what the box held after it. No CPU slowdown: a person's desktop, one tab.

/** Milliseconds between keys: about 60 words a minute, a person typing a search at ease. */
export const TYPING_MS = Number(process.env.BENCH_TYPING_MS ?? 200);

export interface TypedKey {
  /** The box's text after the key, trimmed: what the search it starts is for. */
  q: string;
  /** performance.now() of the keydown. */
  at: number;
}

export interface CountPainted {
  /** The live region's words ("3 results for “quince”."). */
  text: string;
  /** performance.now() of the frame after the change. */
  at: number;
}

/** A search request the page sent, from the Resource Timing entries (same origin: no Timing-Allow-Origin needed). */
export interface SearchSent {
  /** The request's `q`. */
  q: string;
  /** performance.now() of the fetch's start and of its answer's last byte. */
  start: number;
  end: number;
}

/** Where one keystroke's time went: waiting to send, the request through nginx, the answer to the paint. */
export interface KeystrokeParts {
  total: number;
  /** Keydown to the request's start: the box's wait (debounce) and React's work before the fetch. */
  wait: number;
  /** The request's start to its answer's last byte: nginx, the service, PostgreSQL, the network. */
  request: number;
  /** The answer to the frame after the count changed: parsing, React's render and the paint. */
  render: number;
}

export interface KeystrokePaint {
  /** Keystrokes that started a search of their own (2+ letters, the text changed). */
  keystrokes: number;
  /** Of those, the ones whose results were painted. */
  painted: number;
  /** Keystrokes whose results never painted: a later key's search replaced theirs first. */
  superseded: number;
  p50: number;
  p95: number;
  /** Each part's p50 / p95 over the painted keystrokes whose request was seen (undefined: none was). */
  parts?: Record<'wait' | 'request' | 'render', { p50: number; p95: number }> | undefined;
}

const LETTERS = /[\p{L}\p{N}]/gu;

/**
 * Each keystroke's time to the first paint naming its text, for keystrokes that start a search of their own:
 * two letters or more (fewer search nothing) and a text unlike the key before's (a space after a word searches
 * the same words). Undefined for a keystroke whose results were never painted.
 */
export function keystrokeLatencies(
  keys: readonly TypedKey[],
  paints: readonly CountPainted[],
): (number | undefined)[] {
  const out: (number | undefined)[] = [];
  for (const key of timedKeys(keys)) {
    const paint = paints.find((p) => p.at >= key.at && p.text.endsWith(`for “${key.q}”.`));
    out.push(paint === undefined ? undefined : paint.at - key.at);
  }
  return out;
}

/**
 * Where each painted keystroke's time went (the keys {@link keystrokeLatencies} times, in its order): the first
 * request for the key's text sent after it, split at its start and its end. Undefined where the key never
 * painted or no such request was seen.
 */
export function keystrokeParts(
  keys: readonly TypedKey[],
  paints: readonly CountPainted[],
  sent: readonly SearchSent[],
): (KeystrokeParts | undefined)[] {
  const latencies = keystrokeLatencies(keys, paints);
  const timed = timedKeys(keys);
  return latencies.map((total, at) => {
    const key = timed[at];
    if (total === undefined || key === undefined) return undefined;
    const request = sent.find((r) => r.q === key.q && r.start >= key.at);
    if (request === undefined) return undefined;
    return {
      total,
      wait: request.start - key.at,
      request: request.end - request.start,
      render: key.at + total - request.end,
    };
  });
}

/**
 * The searches the box sends while `queries` are typed a key at a time (ADR 195: 2+ letters, the last word a
 * prefix while no space follows it), as GET paths: the same requests timed from one client, without a page.
 */
export function typedSearchPaths(queries: readonly string[]): string[] {
  const paths: string[] = [];
  for (const query of queries) {
    let previous = '';
    for (let at = 1; at <= query.length; at++) {
      const text = query.slice(0, at);
      const q = text.trim();
      if ((q.match(LETTERS)?.length ?? 0) < 2) continue;
      const params = new URLSearchParams({ q, limit: '10' });
      if (!/\s$/u.test(text)) params.set('as_you_type', 'on');
      const path = `/api/v1/search?${params}`;
      if (path !== previous) paths.push(path);
      previous = path;
    }
  }
  return paths;
}

/** The keys that start a search of their own, as {@link keystrokeLatencies} picks them. */
function timedKeys(keys: readonly TypedKey[]): TypedKey[] {
  let previous = '';
  return keys.filter((key) => {
    const searches = (key.q.match(LETTERS)?.length ?? 0) >= 2 && key.q !== previous;
    previous = key.q;
    return searches;
  });
}

export function summariseKeystrokes(
  latencies: readonly (number | undefined)[],
  parts: readonly (KeystrokeParts | undefined)[] = [],
): KeystrokePaint {
  const painted = latencies.filter((ms): ms is number => ms !== undefined);
  const split = parts.filter((p): p is KeystrokeParts => p !== undefined);
  const of = (pick: (p: KeystrokeParts) => number) => {
    const values = split.map(pick);
    return { p50: percentile(values, 0.5), p95: percentile(values, 0.95) };
  };
  return {
    keystrokes: latencies.length,
    painted: painted.length,
    superseded: latencies.length - painted.length,
    p50: percentile(painted, 0.5),
    p95: percentile(painted, 0.95),
    parts:
      split.length === 0
        ? undefined
        : { wait: of((p) => p.wait), request: of((p) => p.request), render: of((p) => p.render) },
  };
}

// Plain text, not a function: tsx compiles functions with a `__name` helper the page does not have.
const WATCH = `(() => {
  const store = { keys: [], paints: [], sent: [] };
  window.__troveTyping = store;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.name.includes('/api/v1/search?')) continue;
      const q = new URL(entry.name).searchParams.get('q') ?? '';
      store.sent.push({ q, start: entry.startTime, end: entry.responseEnd });
    }
  }).observe({ type: 'resource', buffered: true });
  window.addEventListener('keydown', (event) => {
    const box = event.target;
    if (!(box instanceof HTMLInputElement)) return;
    store.keys.push({ at: event.timeStamp, key: event.key });
  }, { capture: true });
  let shown = '';
  const check = () => {
    const text = document.querySelector('[data-testid="search-count"]')?.textContent ?? '';
    if (text === shown) return;
    shown = text;
    if (text === '') return;
    requestAnimationFrame(() => setTimeout(() => store.paints.push({ text, at: performance.now() }), 0));
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

interface Recorded {
  keys: { at: number; key: string }[];
  paints: CountPainted[];
  sent: SearchSent[];
}

const recorded = (page: Page) =>
  page.evaluate(() => (window as unknown as { __troveTyping: Recorded }).__troveTyping);

/** Types `query` a key at a time into the box, then waits for its results (or gives up after 10 s). */
async function typeOne(page: Page, query: string): Promise<TypedKey[]> {
  const box = page.getByRole('searchbox', { name: 'Search everything' });
  const before = (await recorded(page)).keys.length;
  await box.pressSequentially(query, { delay: TYPING_MS });
  const last = query.trim();
  await page
    .waitForFunction(
      (q) =>
        (window as unknown as { __troveTyping: Recorded }).__troveTyping.paints.some((p) =>
          p.text.endsWith(`for “${q}”.`),
        ),
      last,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  const keys = (await recorded(page)).keys.slice(before);
  // The key's text: the query up to and with it (pressSequentially types one character per key).
  return keys.map((key, at) => ({ q: query.slice(0, at + 1).trim(), at: key.at }));
}

/** The as-you-type figure over `queries`, typed one after another into one /search page. */
export async function measureKeystrokePaint(
  baseUrl: string,
  cookie: string,
  queries: readonly string[],
): Promise<KeystrokePaint> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
    await context.addCookies(cookiesFor(cookie, baseUrl));
    const page = await context.newPage();
    await page.addInitScript({ content: WATCH });
    await page.goto('/search');
    const box = page.getByRole('searchbox', { name: 'Search everything' });
    await box.waitFor({ timeout: 60_000 });
    // A first query unmeasured: the page's own first work (code split chunks, the connection) is not typing.
    await typeOne(page, 'warm up');
    await box.press('Escape');
    const latencies: (number | undefined)[] = [];
    const parts: (KeystrokeParts | undefined)[] = [];
    for (const query of queries) {
      await page.evaluate(() => {
        const store = (window as unknown as { __troveTyping: Recorded }).__troveTyping;
        store.keys.length = 0;
        store.paints.length = 0;
        store.sent.length = 0;
      });
      const keys = await typeOne(page, query);
      const { paints, sent } = await recorded(page);
      latencies.push(...keystrokeLatencies(keys, paints));
      parts.push(...keystrokeParts(keys, paints, sent));
      // Esc clears the box and the search (result-keys: the box's keys).
      await box.press('Escape');
    }
    return summariseKeystrokes(latencies, parts);
  } finally {
    await browser.close();
  }
}
