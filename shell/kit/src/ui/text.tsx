import type { ComponentPropsWithRef, ElementType } from 'react';
import { classNames } from './class-names';
import * as styles from './text.module.css';

export type TextProps<T extends ElementType = 'p'> = {
  /** The element: a `p` by default, a `span` or `div` inside other text. */
  as?: T;
  /** `muted`: the secondary text colour of both themes; else the surrounding colour. */
  tone?: 'muted';
  /** `xs` or `sm` of the type scale; else the surrounding size. */
  size?: 'xs' | 'sm';
} & Omit<ComponentPropsWithRef<T>, 'as'>;

/** A line of text with no margin, in the muted colour and a smaller size where asked: a hint, a meta line. */
export function Text<T extends ElementType = 'p'>({ as, tone, size, className, ...props }: TextProps<T>) {
  const Element: ElementType = as ?? 'p';
  return (
    <Element {...props} className={classNames(styles.text, className)} data-tone={tone} data-size={size} />
  );
}
