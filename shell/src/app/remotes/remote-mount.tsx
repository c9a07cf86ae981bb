import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  Suspense,
  useCallback,
  useLayoutEffect,
  useState,
} from 'react';
import { PageShown } from '../prerender/handoff';
import { forgetDrawnPage, heldDrawnPage } from './kept-drawn-page';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { KeptDrawnPage } from './remote-failure';
import * as styles from './remote-mount.module.css';
import { loadedRemotePage, loadRemotePage } from './remote-preload';
import { resetRemote } from './remote-registry';

type RemoteComponent = ComponentType | LazyExoticComponent<ComponentType>;

/**
 * One lazy component per exposed module for the whole visit, so coming back to a route renders at once
 * instead of suspending again. A page already loaded (a link's preload, remote-preload.ts) is rendered as
 * it is, without suspending even once.
 */
const lazyComponents = new Map<string, LazyExoticComponent<ComponentType>>();

function lazyRemote(remote: string, expose: string): RemoteComponent {
  const ready = loadedRemotePage(remote, expose);
  if (ready) return ready;
  const key = `${remote}/${expose}`;
  let component = lazyComponents.get(key);
  if (!component) {
    component = lazy(() => loadRemotePage(remote, expose));
    lazyComponents.set(key, component);
  }
  return component;
}

/**
 * A React.lazy caches its rejection forever, so Retry needs a fresh one — and one whose load first
 * resets the remote in the MF runtime, which caches failed entry loads too.
 */
function freshLazyRemote(remote: string, expose: string): RemoteComponent {
  const component = lazy(async () => {
    await resetRemote(remote);
    return loadRemotePage(remote, expose);
  });
  lazyComponents.set(`${remote}/${expose}`, component);
  return component;
}

interface RemoteMountProps {
  remote: string;
  expose: string;
  /** Used in the loading and error messages ("the landing page"). */
  what: string;
}

export function RemoteMount({ remote, expose, what }: RemoteMountProps) {
  // The component is kept in state (wrapped in a function, which useState would otherwise call).
  const [Page, setPage] = useState<RemoteComponent>(() => lazyRemote(remote, expose));
  const retry = useCallback(() => {
    const fresh = freshLazyRemote(remote, expose);
    setPage(() => fresh);
  }, [remote, expose]);

  // A drawn page kept after a failure stays on screen while Retry loads the remote again.
  const kept = heldDrawnPage(remote, expose);
  const loading = kept ? (
    <KeptDrawnPage nodes={kept} remote={remote} what={what} />
  ) : (
    <RemoteLoading what={what} />
  );
  return (
    <div className={styles.mount} data-testid={`remote-${remote}`}>
      <RemoteErrorBoundary remote={remote} expose={expose} what={what} onRetry={retry}>
        <Suspense fallback={loading}>
          <Page />
          {/* The prerendered `/` stays on screen until here (docs/decisions/008). */}
          <PageShown />
          <DrawnPageDone remote={remote} expose={expose} />
        </Suspense>
      </RemoteErrorBoundary>
    </div>
  );
}

/** The remote's own page has rendered: a drawn part kept after an earlier failure is not needed again. */
function DrawnPageDone({ remote, expose }: { remote: string; expose: string }) {
  useLayoutEffect(() => forgetDrawnPage(remote, expose), [remote, expose]);
  return null;
}

/** Quiet on purpose: it only becomes visible if loading takes long enough to notice (see the CSS delay). */
function RemoteLoading({ what }: { what: string }) {
  return (
    <div className={styles.loading} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span>Loading {what}…</span>
    </div>
  );
}
