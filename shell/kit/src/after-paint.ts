import { startTransition, useEffect, useState } from 'react';

/**
 * False in a component's first render, true once the frame that showed it has been painted — set in a
 * transition, so what it reveals renders in slices that give the main thread back. For the parts of a page
 * below the fold (issue 41: a route change painted within 150 ms at CPU ×4, docs/decisions/211): the page's
 * first screen commits alone, the rest follows before anyone could scroll to it.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame callback runs before that frame's paint; the task after it runs once it is painted.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return painted;
}
