import { useEffect, useState } from 'react';

/** docs/product/shell.md#top-bar, docs/product/shell.md#constants: the public header turns translucent once the page is scrolled more than 8px. */
export const HEADER_TRANSLUCENT_AFTER_PX = 8;

export function isScrolledPast(scrollY: number, threshold = HEADER_TRANSLUCENT_AFTER_PX): boolean {
  return scrollY > threshold;
}

export function useScrolledPast(threshold = HEADER_TRANSLUCENT_AFTER_PX): boolean {
  const [scrolled, setScrolled] = useState(() =>
    typeof window === 'undefined' ? false : isScrolledPast(window.scrollY, threshold),
  );
  useEffect(() => {
    const update = () => setScrolled(isScrolledPast(window.scrollY, threshold));
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}
