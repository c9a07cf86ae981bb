import { setTimeout as sleep } from 'node:timers/promises';

// Issue 36 item 2: no timing left to chance. Every test timeout, hook timeout and wait deadline is a base
// value times one setting, TEST_TIME_SCALE, so a machine slower than the one a value was chosen on raises
// one number instead of failing here and there. The base values are hang guards, not budgets: speed is
// judged by `npm run bench`, never by a test (docs/decisions/002, 043, 077).

/** TEST_TIME_SCALE, a positive number (default 1); anything else stops the run naming the variable. */
export function parseTimeScale(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 1;
  const scale = Number(value);
  if (!Number.isFinite(scale) || scale <= 0 || scale > 100)
    throw new Error(`TEST_TIME_SCALE must be a number above 0 and at most 100 (got "${value}")`);
  return scale;
}

export const TEST_TIME_SCALE = parseTimeScale(process.env.TEST_TIME_SCALE);

/** A test's time limit or wait: `ms` on a machine like the one it was chosen on, scaled for this one. */
export const testTime = (ms: number): number => Math.round(ms * TEST_TIME_SCALE);

export interface WaitOptions {
  /** The base deadline (scaled by TEST_TIME_SCALE). */
  timeoutMs: number;
  /** Pause between looks (not scaled: it is how often, not how long). */
  intervalMs?: number;
  /** What was awaited, for the error when the deadline passes. */
  what: string;
}

/**
 * Looks until `probe` gives a value other than undefined or false and answers it; past the scaled deadline
 * it throws, naming what it waited for and the last error the probe threw (a refused connection says more
 * than "timed out").
 */
export async function waitUntil<T>(
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  { timeoutMs, intervalMs = 100, what }: WaitOptions,
): Promise<T> {
  const limit = testTime(timeoutMs);
  const deadline = Date.now() + limit;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() >= deadline) {
      const why = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`${what}: not within ${Math.round(limit / 1000)} s${why}`);
    }
    await sleep(intervalMs);
  }
}
