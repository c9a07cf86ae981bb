import { useEffect, useState } from 'react';

/** How long a jump keeps its target in place while the sections above it arrive. */
const SETTLE_MS = 2500;

/**
 * In-page anchors into lazily loaded sections (docs/product/public-pages.md#pricing: #pricing, and the footer's section links).
 * A jump makes every section up to the target load (returned as the index to force), and keeps the
 * target at the top while those sections arrive and grow — until they settle, or the person scrolls.
 */
export function useHashTarget(ids: readonly string[]): number {
  const [forceUpTo, setForceUpTo] = useState(-1);
  useEffect(() => {
    let stop: (() => void) | null = null;
    const jump = () => {
      stop?.();
      const id = decodeURIComponent(window.location.hash.slice(1));
      const index = ids.indexOf(id);
      if (index < 0) return;
      setForceUpTo((current) => Math.max(current, index));
      const target = document.getElementById(id);
      if (!target || typeof ResizeObserver !== 'function') return;
      const until = performance.now() + SETTLE_MS;
      const observer = new ResizeObserver(() => {
        if (performance.now() > until) stop?.();
        else target.scrollIntoView({ block: 'start' });
      });
      observer.observe(document.body);
      const timer = window.setTimeout(() => stop?.(), SETTLE_MS);
      const cancelEvents = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
      const cancel = () => stop?.();
      for (const event of cancelEvents) window.addEventListener(event, cancel, { passive: true });
      stop = () => {
        observer.disconnect();
        window.clearTimeout(timer);
        for (const event of cancelEvents) window.removeEventListener(event, cancel);
        stop = null;
      };
    };
    jump();
    window.addEventListener('hashchange', jump);
    return () => {
      window.removeEventListener('hashchange', jump);
      stop?.();
    };
  }, [ids]);
  return forceUpTo;
}
