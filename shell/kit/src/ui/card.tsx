import type { ComponentPropsWithRef, ElementType } from 'react';
import * as styles from './card.module.css';
import { classNames } from './class-names';

export type CardProps<T extends ElementType = 'div'> = {
  /** The element: a `section`, `article` or `li` where the card is one. */
  as?: T;
  /** `none` (default), `sm` (resting on the page), `md` (floating: a dialog, a demo window). */
  shadow?: 'none' | 'sm' | 'md';
} & Omit<ComponentPropsWithRef<T>, 'as'>;

/**
 * A surface: the border, the large radius and the surface colour of both themes. The caller's class
 * gives it its layout (padding, gap, grid) and wins over the kit's rules (docs/decisions/041).
 */
export function Card<T extends ElementType = 'div'>({
  as,
  shadow = 'none',
  className,
  ...props
}: CardProps<T>) {
  const Element: ElementType = as ?? 'div';
  return (
    <Element
      {...props}
      className={classNames(styles.card, className)}
      data-shadow={shadow === 'none' ? undefined : shadow}
    />
  );
}
