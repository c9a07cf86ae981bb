import type { ButtonHTMLAttributes, Ref } from 'react';
import { type ButtonLook, buttonClassName } from './button-look';
import { Spinner } from './spinner';

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
