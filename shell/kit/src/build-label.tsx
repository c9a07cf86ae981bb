import * as styles from './kit.module.css';

/**
 * The small build tag every remote page shows, so a person (or a test) can tell which build of a remote
 * is on screen. The remote passes its own `__TROVE_BUILD_LABEL__`: the kit is shared, so the value must
 * be baked into the remote's code, not the kit's.
 */
export function BuildLabel({ label }: { label: string }) {
  return (
    <p className={styles.buildLabel} data-testid="remote-version">
      build {label}
    </p>
  );
}
