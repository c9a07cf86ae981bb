import type { ComponentPropsWithRef, ElementType } from 'react';
import { classNames } from './class-names';
import * as styles from './heading.module.css';

export type HeadingProps = {
  /** The outline level: `h2` for a page's sections, `h3` for a card in one, `h4` below. */
  level: 2 | 3 | 4;
  /** `md` a card in a list, `lg` a page's card, `xl` a page's section. */
  size: 'md' | 'lg' | 'xl';
} & ComponentPropsWithRef<'h2'>;

/** A section's or a card's title (a page's own `<h1>` is PageHeader's). */
export function Heading({ level, size, className, ...props }: HeadingProps) {
  const Element = `h${level}` as const;
  return <Element {...props} className={classNames(styles.heading, className)} data-size={size} />;
}

export type EyebrowProps<T extends ElementType = 'p'> = {
  /** The element: an `h4` over a part of a card, a `legend` over a group of controls; `p` by default. */
  as?: T;
} & Omit<ComponentPropsWithRef<T>, 'as'>;

/** A small uppercase label over a group of things ("Summary", a filter's name). */
export function Eyebrow<T extends ElementType = 'p'>({ as, className, ...props }: EyebrowProps<T>) {
  const Element: ElementType = as ?? 'p';
  return <Element {...props} className={classNames(styles.eyebrow, className)} />;
}
