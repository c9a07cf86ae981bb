import type { ComponentPropsWithRef, ElementType } from 'react';
import { classNames } from './class-names';
import * as styles from './visually-hidden.module.css';

export type VisuallyHiddenProps<T extends ElementType = 'span'> = {
  /** The element to render: a `label`, `legend`, `caption` or heading can be hidden the same way. */
  as?: T;
} & Omit<ComponentPropsWithRef<T>, 'as'>;

/** Text for assistive technology only: a label with no room on screen, a word that completes a link's name. */
export function VisuallyHidden<T extends ElementType = 'span'>({
  as,
  className,
  ...props
}: VisuallyHiddenProps<T>) {
  const Element: ElementType = as ?? 'span';
  return <Element {...props} className={classNames(styles.visuallyHidden, className)} />;
}
