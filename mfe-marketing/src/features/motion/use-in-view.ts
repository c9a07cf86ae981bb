import { type RefObject, startTransition, useEffect, useState } from 'react';

/**
 * Whether the element is near the viewport. `once` keeps it true after the first sighting (for lazy
 * loading); otherwise it follows the element, so animations pause off-screen and cost nothing.
 */
export function useInView(
  ref: RefObject<Element | null>,
  { once = false, rootMargin = '0px' } = {},
): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver !== 'function') {
      setInView(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.some((entry) => entry.isIntersecting);
        if (once) {
          if (visible) {
            // A transition: React renders the newly shown section in small slices, so mounting a whole
            // section never blocks input (the TBT budget).
            startTransition(() => setInView(true));
            observer.disconnect();
          }
        } else {
          setInView(visible);
        }
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, once, rootMargin]);
  return inView;
}
