import { useServerRender } from '@trove/kit';
import { usePrefersReducedMotion } from './prefers-reduced-motion';

/**
 * docs/product/public-pages.md#motion: the reduced-motion preference is respected; widgets then show a complete static state. The
 * build's prerender (docs/decisions/055) draws that state too: a page read before, or without, its code
 * shows each widget's whole story, not the first frame of an animation.
 */
export function useReducedMotion(): boolean {
  const server = useServerRender();
  const reduced = usePrefersReducedMotion();
  return server || reduced;
}
