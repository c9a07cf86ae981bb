import { useServerRender } from '@trove/kit';
import { useEffect, useState } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

const matches = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia(QUERY).matches;

/**
 * docs/product/public-pages.md#motion: the reduced-motion preference is respected; widgets then show a complete static state. The
 * build's prerender (docs/decisions/055) draws that state too: a page read before, or without, its code
 * shows each widget's whole story, not the first frame of an animation.
 */
export function useReducedMotion(): boolean {
  const server = useServerRender();
  const [reduced, setReduced] = useState(matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(QUERY);
    const update = () => setReduced(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return server || reduced;
}
