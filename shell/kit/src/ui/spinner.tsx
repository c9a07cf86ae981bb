import type { CSSProperties } from 'react';
import { classNames } from './class-names';
import * as styles from './spinner.module.css';
import { VisuallyHidden } from './visually-hidden';

export interface SpinnerProps {
  /** Width and height as a CSS length; default 1rem (also settable with `--spinner-size` from CSS). */
  size?: string;
  /** `accent`: a track with an accent arc (on a surface); `current`: the text's colour (in a button). */
  tone?: 'accent' | 'current';
  /**
   * Said to assistive technology as a polite status. Without it the spinner is decoration, for when the
   * words beside it ("Loading your documents…") already say what is happening.
   */
  label?: string;
  className?: string;
}

export function Spinner({ size, tone = 'accent', label, className }: SpinnerProps) {
  const style = size ? ({ '--spinner-size': size } as CSSProperties) : undefined;
  const spinner = (
    <span
      className={classNames(styles.spinner, className)}
      data-tone={tone}
      style={style}
      aria-hidden="true"
    />
  );
  if (!label) return spinner;
  return (
    <span role="status">
      {spinner}
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  );
}
