import type { ButtonHTMLAttributes, Ref } from 'react';
import { classNames } from './class-names';
import * as styles from './icon-button.module.css';

export interface IconButtonLook {
  /**
   * `muted` (default): the muted text colour, full on hover; `inherit`: the surrounding text's colour;
   * `danger`: muted, red on hover (delete, dismiss a failed upload).
   */
  tone?: 'muted' | 'inherit' | 'danger';
  /** `sm` (default) 2rem square; `md` 2.25rem, for a table row or a list item with more room. */
  size?: 'sm' | 'md';
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
  size = 'sm',
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
      data-size={size === 'sm' ? undefined : size}
      aria-label={label}
    >
      {children}
    </button>
  );
}
