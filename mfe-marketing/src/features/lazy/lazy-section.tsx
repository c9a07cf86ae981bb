import { ISLAND_ATTRIBUTE, prerenderedSection, releasePrerenderedStyles, useServerRender } from '@trove/kit';
import {
  type ComponentType,
  type LazyExoticComponent,
  type MouseEvent,
  type RefObject,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useNavigate } from 'react-router';
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
  /**
   * Nothing in it moves (docs/decisions/190): where the page was served drawn, the drawn markup stays for
   * good and the section's code is never fetched; the app renders it only on a page that was not drawn.
   */
  isStatic?: boolean;
}

/** What a press on the drawn markup may have meant to operate, found again in the live section by order. */
const CONTROLS = 'button, [role="tab"], summary, input, select, textarea';

/**
 * A below-the-fold section whose code is fetched when it comes within 200px of the viewport or is first
 * pressed (only the hero is on the critical path). At build time it is drawn whole (docs/decisions/055),
 * so the served page carries every section's content; in the browser, until its code arrives, the
 * section keeps that drawn markup as an island — readable, its links working — and a press on one of its
 * controls loads the code and is replayed on the live control. The anchor exists from the start, so
 * `#pricing` and the footer links land even before the section has loaded.
 */
export function LazySection({
  id,
  component: Section,
  minHeight,
  force = false,
  isStatic = false,
}: LazySectionProps) {
  const server = useServerRender();
  const ref = useRef<HTMLDivElement>(null);
  // Read once, while the drawn copy is still on the page (the shell removes it in this same commit).
  const [island] = useState(() => (server ? null : prerenderedSection(id)));
  const [pressed, setPressed] = useState<number | null>(null);
  const near = useInView(ref, { once: true, rootMargin: '200px 0px' });
  const navigate = useNavigate();

  if (server) {
    return (
      <div id={id} className={styles.slot} data-section={id} data-static={isStatic || undefined}>
        <Section />
      </div>
    );
  }

  const onIslandClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target instanceof Element ? event.target : null;
    const link = target?.closest('a[href]');
    if (link instanceof HTMLAnchorElement) {
      // A route of this app: moved to without a page load, as the live section's links would.
      const url = new URL(link.href);
      const plain =
        !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && event.button === 0;
      if (plain && url.origin === window.location.origin && !link.target && !link.hasAttribute('download')) {
        if (url.pathname === window.location.pathname && url.hash) return;
        event.preventDefault();
        navigate(`${url.pathname}${url.search}${url.hash}`);
      }
      return;
    }
    const control = target?.closest(CONTROLS);
    if (!control || !ref.current) return;
    event.preventDefault();
    setPressed(Array.from(ref.current.querySelectorAll(CONTROLS)).indexOf(control));
  };

  const drawn = island ? <Island nodes={island} onClick={onIslandClick} /> : null;
  return (
    <div
      ref={ref}
      id={id}
      className={styles.slot}
      style={island ? undefined : { minHeight }}
      data-section={id}
    >
      {(near || force || pressed !== null) && !(isStatic && island) ? (
        <Suspense fallback={drawn}>
          <Section />
          <Replay container={ref} index={pressed} />
        </Suspense>
      ) : (
        drawn
      )}
    </div>
  );
}

/** The drawn markup of a section, moved into the live page until the section's code has rendered. */
function Island({ nodes, onClick }: { nodes: Node[]; onClick: (event: MouseEvent<HTMLDivElement>) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    ref.current?.append(...nodes);
  }, [nodes]);
  // Once the last drawn markup has left the page, so has the need for its stylesheet.
  useEffect(() => () => releasePrerenderedStyles(), []);
  // A container only: the drawn nodes lay out as the section's own children (display: contents).
  const island = { [ISLAND_ATTRIBUTE]: '' };
  // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: only catches presses on the drawn controls inside, which keep their own roles and keys.
  return <div ref={ref} className={styles.island} onClick={onClick} {...island} />;
}

/** After the live section's first commit: the press made on its drawn copy, on the same control. */
function Replay({ container, index }: { container: RefObject<HTMLDivElement | null>; index: number | null }) {
  useLayoutEffect(() => {
    if (index === null || index < 0) return;
    const control = container.current?.querySelectorAll<HTMLElement>(CONTROLS)[index];
    control?.click();
    control?.focus({ preventScroll: true });
  }, [container, index]);
  return null;
}
