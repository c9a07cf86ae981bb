import type { CSSProperties } from 'react';
import * as styles from './brand-mark.module.css';

/**
 * A connector's mark: our own initials on a tint of its hue. Never a third-party logo file (their
 * trademark terms, and one less thing to licence); the name beside it says what it is.
 */
export function BrandMark({
  initials,
  hue,
  size = 'md',
  label,
}: {
  initials: string;
  hue: number;
  size?: 'sm' | 'md';
  /** When set the mark is an image with this name; otherwise it is decoration beside a visible name. */
  label?: string;
}) {
  const style = { '--mark-hue': String(hue) } as CSSProperties;
  return label ? (
    <span className={styles.mark} data-size={size} style={style} role="img" aria-label={label} title={label}>
      {initials}
    </span>
  ) : (
    <span className={styles.mark} data-size={size} style={style} aria-hidden="true">
      {initials}
    </span>
  );
}
