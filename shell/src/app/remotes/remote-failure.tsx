import { ISLAND_ATTRIBUTE, releasePrerenderedStyles } from '@trove/kit';
import { type FormEvent, type MouseEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router';
import { PageShown } from '../prerender/handoff';
import { isLostControl, lostParts, markLostControls, takeDrawnPage } from './kept-drawn-page';
import * as styles from './remote-mount.module.css';

/** Marks the element each notice renders in, placed before (or at the top of) the part it is about. */
const NOTICE_ATTRIBUTE = 'data-lost-notice';

interface FailureProps {
  remote: string;
  expose: string;
  /** What the person was trying to open, in the product's words ("the landing page"). */
  what: string;
  error: Error;
  onRetry: () => void;
}

/**
 * A remote that failed to load or threw (docs/product/shell.md#remote-failure). On a page served drawn
 * (docs/decisions/055) its drawn part stays — readable, its links working — with Retry only beside the
 * parts that lost something interactive; elsewhere its error with Retry takes its place. Either way the
 * chrome and the other routes keep working, and the served copy gives way to the app (PageShown).
 */
export function RemoteFailure({ remote, expose, what, error, onRetry }: FailureProps) {
  // Read once, while the served copy is still on the page (the hand-off removes it in this commit).
  const [kept] = useState(() => takeDrawnPage(remote, expose));
  return (
    <>
      {kept ? (
        <KeptDrawnPage nodes={kept} remote={remote} what={what} onRetry={onRetry} />
      ) : (
        <RemoteError remote={remote} what={what} error={error} onRetry={onRetry} />
      )}
      <PageShown />
    </>
  );
}

function RemoteError({ remote, what, error, onRetry }: Omit<FailureProps, 'expose'>) {
  return (
    <div className={styles.error} role="alert" data-testid={`remote-error-${remote}`}>
      <h2 className={styles.errorTitle}>Sorry, {what} couldn't load</h2>
      <p className={styles.errorText}>
        The “{remote}” part of the app couldn't load. Check your connection and try again; the rest of the app
        still works.
      </p>
      <button type="button" className={styles.retry} onClick={onRetry}>
        Retry
      </button>
      <details className={styles.errorDetails}>
        <summary>Technical details</summary>
        <code>{error.message}</code>
      </details>
    </div>
  );
}

interface KeptProps {
  nodes: Node[];
  remote: string;
  what: string;
  /** Absent while a Retry is loading the remote: the notices say so. */
  onRetry?: () => void;
}

/**
 * The drawn part of the page, moved into the live page (as the landing page's islands are, 055): styled by
 * the drawn stylesheet, which stays while it is here. A notice with Retry goes before each part that lost
 * a control; its controls say they are unavailable and a press on them does nothing (no native submit).
 */
export function KeptDrawnPage({ nodes, remote, what, onRetry }: KeptProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [slots, setSlots] = useState<HTMLElement[]>([]);
  const navigate = useNavigate();

  useLayoutEffect(() => {
    const container = ref.current;
    if (!container) return;
    container.append(...nodes);
    markLostControls(container);
    const made = lostParts(container).map((part) => {
      const slot = document.createElement('div');
      slot.setAttribute(NOTICE_ATTRIBUTE, '');
      if (part instanceof HTMLFormElement) part.prepend(slot);
      else part.before(slot);
      return slot;
    });
    setSlots(made);
    return () => {
      for (const slot of made) slot.remove();
    };
  }, [nodes]);
  // Once the last drawn markup has left the page, so has the need for its stylesheet.
  useEffect(() => () => releasePrerenderedStyles(), []);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || target.closest(`[${NOTICE_ATTRIBUTE}]`)) return;
    const link = target.closest('a[href]');
    if (link instanceof HTMLAnchorElement) {
      followInApp(event, link, navigate);
      return;
    }
    if (isLostControl(target)) event.preventDefault();
  };
  const onSubmit = (event: FormEvent<HTMLDivElement>) => event.preventDefault();

  const marker = { [ISLAND_ATTRIBUTE]: '' };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: only catches presses on the drawn links and controls inside, which keep their own roles and keys.
    <div
      ref={ref}
      className={styles.kept}
      data-testid={`remote-kept-${remote}`}
      onClick={onClick}
      onSubmit={onSubmit}
      {...marker}
    >
      {slots.map((slot, index) =>
        createPortal(
          <LostNotice what={what} onRetry={onRetry} announce={index === 0} />,
          slot,
          String(index),
        ),
      )}
    </div>
  );
}

/** A link to a page of this app followed without a page load, as the live page's links would be; a file (`/security.pdf`) loads as a file. */
function followInApp(
  event: MouseEvent<HTMLDivElement>,
  link: HTMLAnchorElement,
  navigate: ReturnType<typeof useNavigate>,
): void {
  const url = new URL(link.href);
  const plain = !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && event.button === 0;
  if (!plain || url.origin !== window.location.origin || link.target || link.hasAttribute('download')) return;
  if (url.pathname === window.location.pathname && url.hash) return;
  if (/\.[a-z0-9]+$/i.test(url.pathname)) return;
  event.preventDefault();
  navigate(`${url.pathname}${url.search}${url.hash}`);
}

function LostNotice({ what, onRetry, announce }: { what: string; onRetry?: () => void; announce: boolean }) {
  return (
    <div className={styles.lost} role={announce ? 'alert' : undefined} data-testid="remote-lost">
      <p className={styles.lostText}>
        Sorry, {what} couldn't load fully: this part doesn't respond until it does.
      </p>
      <button type="button" className={styles.retry} onClick={onRetry} disabled={!onRetry}>
        {onRetry ? 'Retry' : 'Retrying…'}
      </button>
    </div>
  );
}
