import type { ButtonHTMLAttributes, Ref } from 'react';
import * as styles from './button.module.css';
import { classNames } from './class-names';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
/** `sm` 2.25rem, `md` 2.5rem, `lg` 2.75rem tall (and body-size text). */
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** The caller's own class, after the kit's: it wins (docs/decisions/041). */
  className?: string | undefined;
}

/**
 * The button's classes, for an element that is not a `<button>` but looks like one (a router `Link`, an
 * `<a download>`): `<Link className={buttonClassName({ variant: 'primary' })} to="/">`.
 */
export function buttonClassName({ variant = 'secondary', size = 'md', className }: ButtonLook = {}): string {
  return classNames(styles.button, VARIANT_CLASSES[variant], SIZE_CLASSES[size], className);
}

const VARIANT_CLASSES: Record<ButtonVariant, string | undefined> = {
  primary: styles.primary,
  secondary: undefined,
  danger: styles.danger,
  ghost: styles.ghost,
};

const SIZE_CLASSES: Record<ButtonSize, string | undefined> = { sm: styles.sm, md: undefined, lg: styles.lg };

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonLook {
  /**
   * Waiting for the answer to this button's action: a spinner before the label, `aria-busy`, and disabled
   * so a second press cannot send it twice.
   */
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** A `<button>`, `type="button"` unless told otherwise (a form's submit says `type="submit"`). */
export function Button({
  variant,
  size,
  busy = false,
  className,
  type = 'button',
  disabled,
  'aria-busy': ariaBusy,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      {...props}
      type={type}
      className={buttonClassName({ variant, size, className })}
      disabled={disabled || busy}
      aria-busy={busy || ariaBusy || undefined}
    >
      {busy ? <Spinner tone="current" /> : null}
      {children}
    </button>
  );
}

export interface IconButtonLook {
  /** `muted` (default): the muted text colour, full on hover; `inherit`: the surrounding text's colour. */
  tone?: 'muted' | 'inherit';
  className?: string | undefined;
}

/** The icon button's classes, for a `Link` drawn as one (the chat's "All chats" arrow). */
export function iconButtonClassName({ className }: Pick<IconButtonLook, 'className'> = {}): string {
  return classNames(styles.iconButton, className);
}

export interface IconButtonProps
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label'>,
    IconButtonLook {
  /** The button's accessible name: it shows only an icon. */
  label: string;
  ref?: Ref<HTMLButtonElement>;
}

/** A square button that shows only an icon (close, delete, rename); `label` is its name. */
export function IconButton({
  label,
  tone = 'muted',
  className,
  type = 'button',
  children,
  ...props
}: IconButtonProps) {
  return (
    <button
      {...props}
      type={type}
      className={iconButtonClassName({ className })}
      data-tone={tone === 'muted' ? undefined : tone}
      aria-label={label}
    >
      {children}
    </button>
  );
}
