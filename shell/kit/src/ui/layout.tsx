import type { ComponentPropsWithRef, ElementType } from 'react';
import { classNames } from './class-names';
import * as styles from './layout.module.css';

/** A step of the spacing scale (`--space-1` … `--space-6`). */
export type Space = 1 | 2 | 3 | 4 | 5 | 6;

export type StackProps<T extends ElementType = 'div'> = {
  /** The element: a `section`, a `ul` or `ol` (drawn without bullets or indent), a `footer`. */
  as?: T;
  /** The space between the children. */
  gap?: Space;
} & Omit<ComponentPropsWithRef<T>, 'as'>;

/** Children in a column, `gap` apart: a section's title and body, a list of rows. */
export function Stack<T extends ElementType = 'div'>({ as, gap, className, ...props }: StackProps<T>) {
  const Element: ElementType = as ?? 'div';
  return <Element {...props} className={classNames(styles.stack, className)} data-gap={gap} />;
}

export type ClusterProps<T extends ElementType = 'div'> = {
  /** The element: a `header`, a `footer`, a `ul` or `ol` of chips (drawn without bullets or indent). */
  as?: T;
  /** The space between the children, and between wrapped lines unless `rowGap` says otherwise. */
  gap?: Space;
  /** The space between wrapped lines, where it differs from `gap`. */
  rowGap?: 1 | 2 | 3;
  /** How the children line up across the row; the platform's `stretch` unless set. */
  align?: 'center' | 'baseline' | 'start';
  /** `between`: the first child at the start, the last at the end (a title and its action). */
  justify?: 'between' | 'end' | 'center';
  /** Children wrap onto more lines on a narrow screen unless `false`. */
  wrap?: boolean;
} & Omit<ComponentPropsWithRef<T>, 'as'>;

/** Children in a row that wraps: a header's title and actions, a row of chips, a footer's line and button. */
export function Cluster<T extends ElementType = 'div'>({
  as,
  gap,
  rowGap,
  align,
  justify,
  wrap = true,
  className,
  ...props
}: ClusterProps<T>) {
  const Element: ElementType = as ?? 'div';
  return (
    <Element
      {...props}
      className={classNames(styles.cluster, className)}
      data-gap={gap}
      data-row-gap={rowGap}
      data-align={align}
      data-justify={justify}
      data-wrap={wrap ? undefined : 'no'}
    />
  );
}
