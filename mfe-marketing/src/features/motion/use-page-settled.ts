import { DEMO_SETTLE_MS } from '../demo/demo-timeline';
import { useEffect, useState } from 'react';

/**
 * Whether the page has finished loading. Decorative motion waits for it, so the typing demo's
 * re-renders never compete with the first render for the main thread (the TBT budget).
 */
export function usePageSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let timer = 0;
    const start = () => {
      timer = window.setTimeout(() => setSettled(true), DEMO_SETTLE_MS);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      window.removeEventListener('load', start);
      window.clearTimeout(timer);
    };
  }, []);
  return settled;
}
