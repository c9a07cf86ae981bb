import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useCallback, useState } from 'react';
import { PageShown } from '../prerender/handoff';
import { RemoteErrorBoundary } from './remote-error-boundary';
import * as styles from './remote-mount.module.css';
import { loadExposedComponent, resetRemote } from './remote-registry';

type RemoteComponent = LazyExoticComponent<ComponentType>;

/**
 * One lazy component per exposed module for the whole visit, so coming back to a route renders at once
 * instead of suspending again.
 */
const lazyComponents = new Map<string, RemoteComponent>();

function lazyRemote(remote: string, expose: string): RemoteComponent {
  const key = `${remote}/${expose}`;
  let component = lazyComponents.get(key);
  if (!component) {
    component = lazy(() => loadExposedComponent(remote, expose));
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
    return loadExposedComponent(remote, expose);
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

  return (
    <div className={styles.mount} data-testid={`remote-${remote}`}>
      <RemoteErrorBoundary remote={remote} what={what} onRetry={retry}>
        <Suspense fallback={<RemoteLoading what={what} />}>
          <Page />
          {/* The prerendered `/` stays on screen until here (docs/decisions/008). */}
          <PageShown />
        </Suspense>
      </RemoteErrorBoundary>
    </div>
  );
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
