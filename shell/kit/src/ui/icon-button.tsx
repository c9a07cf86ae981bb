import type { ButtonHTMLAttributes, Ref } from 'react';
import { classNames } from './class-names';
import * as styles from './icon-button.module.css';

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
