import { type ComponentType, type LazyExoticComponent, Suspense, useRef } from 'react';
import { useInView } from '../motion/use-in-view';
import * as styles from './lazy-section.module.css';

interface LazySectionProps {
  /** The in-page anchor (`#pricing`), present before the section's code is. */
  id: string;
  component: LazyExoticComponent<ComponentType>;
  /** Space held before the code arrives, close to the section's real height, so little moves. */
  minHeight: string;
  /** Load now, wherever the section is (an anchor jump to it or past it). */
  force?: boolean;
}

/**
 * A below-the-fold section whose code is fetched when it comes within 200px of the viewport (the
 * issue's budget: only the hero is on the critical path). The anchor exists from the start, so
 * `#pricing` and the footer links land even before the section has loaded.
 */
export function LazySection({ id, component: Section, minHeight, force = false }: LazySectionProps) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useInView(ref, { once: true, rootMargin: '200px 0px' });
  return (
    <div ref={ref} id={id} className={styles.slot} style={{ minHeight }} data-section={id}>
      {near || force ? (
        <Suspense fallback={null}>
          <Section />
        </Suspense>
      ) : null}
    </div>
  );
}
