import type { ReactNode } from 'react';
import * as styles from './remote-mount.module.css';

/** The attribute that marks, in a drawn page, the part one remote's exposed module drew. */
export const DRAWN_REMOTE_ATTRIBUTE = 'data-drawn-remote';

/** `marketing` + `LandingPage` → `marketing/LandingPage`: one drawn part per exposed module. */
export const drawnRemoteKey = (remote: string, expose: string) => `${remote}/${expose}`;

/**
 * What the build's prerender draws a remote's page in (docs/decisions/055): the same block the shell's
 * remote mount gives it, so both lay out alike, marked with the remote and module it holds. If that remote
 * later fails to load in the browser, the shell keeps this drawn part instead of blanking the page
 * (remote-failure.tsx, docs/product/shell.md#remote-failure).
 */
export function DrawnRemote({
  remote,
  expose,
  island,
  children,
}: {
  remote: string;
  expose: string;
  /**
   * The island of the remote's Islands module that runs this part before the app has started
   * (`<remote>/<name>`, shell/src/islands.ts, docs/decisions/222); none: the part waits for the app.
   */
  island?: string;
  children: ReactNode;
}) {
  const marker = {
    [DRAWN_REMOTE_ATTRIBUTE]: drawnRemoteKey(remote, expose),
    ...(island ? { 'data-island': island } : {}),
  };
  return (
    <div className={styles.mount} {...marker}>
      {children}
    </div>
  );
}
