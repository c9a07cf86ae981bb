import * as styles from './button.module.css';
import { classNames } from './class-names';

// The button's classes without its component, so a page that only dresses a link as a button (the landing's
// hero, the 404 page) carries no button code (docs/decisions/041).

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
/** `sm` 2.25rem, `md` 2.5rem, `lg` 2.75rem tall (and body-size text). */
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** The caller's own class, after the kit's: it wins (docs/decisions/041). */
  className?: string | undefined;
}

const VARIANT_CLASSES: Record<ButtonVariant, string | undefined> = {
  primary: styles.primary,
  secondary: undefined,
  danger: styles.danger,
  ghost: styles.ghost,
};

const SIZE_CLASSES: Record<ButtonSize, string | undefined> = { sm: styles.sm, md: undefined, lg: styles.lg };

/**
 * The button's classes, for an element that is not a `<button>` but looks like one (a router `Link`, an
 * `<a download>`): `<Link className={buttonClassName({ variant: 'primary' })} to="/">`.
 */
export function buttonClassName({ variant = 'secondary', size = 'md', className }: ButtonLook = {}): string {
  return classNames(styles.button, VARIANT_CLASSES[variant], SIZE_CLASSES[size], className);
}
