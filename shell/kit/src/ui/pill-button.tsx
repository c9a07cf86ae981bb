import type { ButtonHTMLAttributes, Ref } from 'react';
import { classNames } from './class-names';
import * as styles from './pill-button.module.css';

export interface PillButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** A toggle (a filter): `true` draws it chosen, in the accent; leave it out for a plain action. */
  pressed?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** A small rounded button: a filter that toggles (`pressed`), or a light action beside a value. */
export function PillButton({ pressed, className, type = 'button', ...props }: PillButtonProps) {
  return (
    <button {...props} type={type} className={classNames(styles.pill, className)} aria-pressed={pressed} />
  );
}
