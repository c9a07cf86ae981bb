import { useEffect, useState } from 'react';

/**
 * Milliseconds of running time, advanced every `tickMs` while `running` (paused time does not count).
 * Counted in ticks rather than read from the clock, so fake timers drive it exactly in tests; `resetKey`
 * starts it again from 0 when it changes.
 */
export function useElapsed(running: boolean, tickMs: number, resetKey: unknown = null): number {
  const [elapsed, setElapsed] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey is the trigger, not a value read here.
  useEffect(() => {
    setElapsed(0);
  }, [resetKey]);
  useEffect(() => {
    if (!running) return;
    const id = window.setInterval(() => setElapsed((value) => value + tickMs), tickMs);
    return () => window.clearInterval(id);
  }, [running, tickMs]);
  return elapsed;
}
