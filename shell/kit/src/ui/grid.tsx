import type { ComponentPropsWithRef, CSSProperties, ElementType } from 'react';
import { classNames } from './class-names';
import * as styles from './grid.module.css';

export type GridProps<T extends ElementType = 'ul'> = {
  /** The element: a `ul` of cards by default (drawn without bullets or indent), a `div`. */
  as?: T;
  /** A column's least width, as CSS (`16rem`): as many columns as fit, none narrower. */
  min: string;
  /** The space between cards. */
  gap?: 3 | 4 | 5;
  /** Few cards stretch across the row instead of leaving empty columns. */
  fit?: boolean;
} & Omit<ComponentPropsWithRef<T>, 'as'>;

/** A grid of cards that reflows by width: the catalogs, the plans, the landing's features. */
export function Grid<T extends ElementType = 'ul'>({
  as,
  min,
  gap,
  fit = false,
  className,
  style,
  ...props
}: GridProps<T>) {
  const Element: ElementType = as ?? 'ul';
  return (
    <Element
      {...props}
      className={classNames(styles.grid, className)}
      // The one value a class cannot name: every grid's least column width is its own.
      style={{ ...(style as CSSProperties | undefined), '--kit-grid-min': min } as CSSProperties}
      data-gap={gap}
      data-fit={fit ? '' : undefined}
    />
  );
}
