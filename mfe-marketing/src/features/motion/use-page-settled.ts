import { useEffect, useState } from 'react';

/** After the page's load event, plus this long for the first burst of work to finish. */
const SETTLE_MS = 1000;

/**
 * Whether the page has finished loading. Decorative motion waits for it, so the typing demo's
 * re-renders never compete with the first render for the main thread (the TBT budget).
 */
export function usePageSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let timer = 0;
    const start = () => {
      timer = window.setTimeout(() => setSettled(true), SETTLE_MS);
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
