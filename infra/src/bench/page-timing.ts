import type { Page } from 'playwright-core';
import { launchBrowser } from '../chromium';

// Issue 41's page figures from Chromium's own Performance API, driven through playwright-core with Debian's
// Chromium and the CPU slowed 4x through the DevTools protocol (Lighthouse's mobile preset slows the CPU as
// much). Long tasks come from the Long Animation Frames API, which names the scripts that ran in them;
// Total Blocking Time is Lighthouse's rule (the part of each task over 50 ms, from the first contentful
// paint on) over a fixed window, not up to Lighthouse's estimate of "interactive". Figures for the bench
// table, never test assertions.

export const CPU_SLOWDOWN = 4;
/** How long after navigation the page is watched: the public pages start their code on idle (≤ ~6 s). */
export const WATCH_MS = Number(process.env.BENCH_WATCH_MS ?? 10_000);
/** Lighthouse's window for "every script of the page in its first seconds" (issue 41's JS goal). */
export const FIRST_LOAD_MS = 5_000;

export interface LongTask {
  startMs: number;
  durationMs: number;
  blockingMs: number;
  /** The scripts that ran in the frame, the longest first: `file (ms)`. */
  scripts: string[];
}

export interface PageTiming {
  route: string;
  fcpMs: number;
  tbtMs: number;
  longTasks: LongTask[];
  /** Bytes on the wire (transferSize) of every script requested in the first FIRST_LOAD_MS. */
  scriptBytes: number;
  scriptFiles: number;
}

/** Lighthouse's blocking time: the part of each long task past 50 ms, counted from the first paint on. */
export function blockingTime(
  tasks: ReadonlyArray<{ startMs: number; durationMs: number }>,
  fcpMs: number,
): number {
  let total = 0;
  for (const task of tasks) {
    const end = task.startMs + task.durationMs;
    if (end <= fcpMs) continue;
    // A task the paint falls into counts only from the paint on, as Lighthouse counts it.
    const from = Math.max(task.startMs, fcpMs);
    const counted = end - from;
    total += Math.max(0, counted - 50);
  }
  return total;
}

// Plain text, not a function: tsx compiles functions with a `__name` helper the page does not have.
const OBSERVERS = `(() => {
  const store = { frames: [], events: [] };
  window.__troveTiming = store;
  const file = (url) => url.replace(/^https?:\\/\\/[^/]+/, '').replace(/\\?.*$/, '') || '(page)';
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const scripts = [...entry.scripts]
        .sort((a, b) => b.duration - a.duration)
        .map((s) => file(s.sourceURL || s.invoker) + ' (' + Math.round(s.duration) + ')');
      store.frames.push({ startMs: entry.startTime, durationMs: entry.duration, blockingMs: entry.blockingDuration, scripts });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.interactionId) continue;
      store.events.push({ name: entry.name, interactionId: entry.interactionId, durationMs: entry.duration, startMs: entry.startTime });
    }
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 });
})();`;

/** Installs the observers before any of the page's own scripts run. */
export async function watchPerformance(page: Page): Promise<void> {
  await page.addInitScript({ content: OBSERVERS });
}

/** Slows the page's CPU as Lighthouse's mobile preset does. */
export async function slowCpu(page: Page, rate = CPU_SLOWDOWN): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setCPUThrottlingRate', { rate });
}

interface Collected {
  fcpMs: number;
  frames: Array<{ startMs: number; durationMs: number; blockingMs: number; scripts: string[] }>;
  scripts: Array<{ startMs: number; bytes: number }>;
}

async function collect(page: Page): Promise<Collected> {
  return page.evaluate(() => {
    const store = (window as unknown as { __troveTiming: { frames: Collected['frames'] } }).__troveTiming;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => entry.initiatorType === 'script' || /\.js(\?|$)/.test(entry.name))
      .map((entry) => ({ startMs: entry.startTime, bytes: entry.transferSize }));
    return { fcpMs: fcp, frames: store.frames, scripts };
  });
}

/** One page's first load: TBT, its long tasks by script, and the script bytes of its first seconds. */
export async function measurePageLoad(baseUrl: string, route: string, cookie?: string): Promise<PageTiming> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 } });
    if (cookie) await context.addCookies(cookiesFor(cookie, baseUrl));
    const page = await context.newPage();
    await watchPerformance(page);
    await slowCpu(page);
    await page.goto(route, { waitUntil: 'load' });
    await page.waitForTimeout(Math.max(0, WATCH_MS - (await page.evaluate(() => performance.now()))));
    const collected = await collect(page);
    await context.close();
    return summarise(route, collected);
  } finally {
    await browser.close();
  }
}

export function summarise(route: string, collected: Collected): PageTiming {
  const longTasks = collected.frames.map((frame) => ({
    startMs: frame.startMs,
    durationMs: frame.durationMs,
    blockingMs: frame.blockingMs,
    scripts: frame.scripts,
  }));
  const early = collected.scripts.filter((script) => script.startMs < FIRST_LOAD_MS);
  return {
    route,
    fcpMs: collected.fcpMs,
    tbtMs: blockingTime(longTasks, collected.fcpMs),
    longTasks,
    scriptBytes: early.reduce((sum, script) => sum + script.bytes, 0),
    scriptFiles: early.length,
  };
}

export function cookiesFor(cookie: string, url: string): Array<{ name: string; value: string; url: string }> {
  return cookie.split('; ').map((pair) => {
    const [name = '', ...value] = pair.split('=');
    return { name, value: value.join('='), url };
  });
}

/** Interaction to next paint of one interaction: the longest event of the interactions it caused. */
export async function interactionToNextPaint(page: Page, act: () => Promise<void>): Promise<number> {
  const before = await page.evaluate(
    () => (window as unknown as { __troveTiming: { events: unknown[] } }).__troveTiming.events.length,
  );
  await act();
  // Event timing entries arrive after the next paint; give the slowed page a moment to report them.
  await page.waitForTimeout(1000);
  return page.evaluate((from) => {
    const events = (window as unknown as { __troveTiming: { events: Array<{ durationMs: number }> } })
      .__troveTiming.events;
    return events.slice(from).reduce((max, event) => Math.max(max, event.durationMs), 0);
  }, before);
}

const ms = (value: number) => `${Math.round(value)}`;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

export function printPageTimings(rows: readonly PageTiming[]): void {
  console.log(
    `| page | FCP ms | TBT ms (≤50) | long tasks | script KB in first ${FIRST_LOAD_MS / 1000} s (/ ≤150) | files |`,
  );
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.route} | ${ms(r.fcpMs)} | ${ms(r.tbtMs)} | ${r.longTasks.length} | ${kb(r.scriptBytes)} | ${r.scriptFiles} |`,
    );
  }
  console.log('\nLong tasks (long animation frames over 50 ms), the scripts that ran in them\n');
  console.log('| page | starts at ms | ms | blocking ms | scripts (ms) |');
  console.log('|---|---|---|---|---|');
  for (const r of rows) {
    for (const task of r.longTasks) {
      console.log(
        `| ${r.route} | ${ms(task.startMs)} | ${ms(task.durationMs)} | ${ms(task.blockingMs)} | ${task.scripts.slice(0, 4).join(', ')} |`,
      );
    }
  }
}

// `npx tsx infra/src/bench/page-timing.ts <base-url> [route…]`: the public pages' figures against a running build.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [base, ...routes] = process.argv.slice(2);
  if (!base) {
    console.error('usage: tsx infra/src/bench/page-timing.ts <base-url> [route…]');
    process.exit(2);
  }
  const rows: PageTiming[] = [];
  for (const route of routes.length > 0 ? routes : ['/', '/auth/login', '/auth/register', '/integrations']) {
    rows.push(await measurePageLoad(base, route));
  }
  printPageTimings(rows);
}
