import { useCallback, useEffect, useState } from 'react';
import { stepIndex, TESTIMONIAL_ROTATE_MS } from './rotation';

/**
 * The shown testimonial: it advances every 5.2 s unless paused (docs/product/public-pages.md#social-proof). Any manual change restarts
 * the wait, so a card someone just chose stays for a full period.
 */
export function useRotation(count: number, paused: boolean) {
  const [index, setIndex] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: index is the trigger: each change restarts the 5.2 s wait.
  useEffect(() => {
    if (paused || count < 2) return;
    const id = window.setTimeout(
      () => setIndex((current) => stepIndex(current, 1, count)),
      TESTIMONIAL_ROTATE_MS,
    );
    return () => window.clearTimeout(id);
  }, [index, paused, count]);
  const step = useCallback((by: number) => setIndex((current) => stepIndex(current, by, count)), [count]);
  return { index, step, show: setIndex };
}
