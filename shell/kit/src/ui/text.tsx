import type { ComponentPropsWithRef, ElementType } from 'react';
import { classNames } from './class-names';
import * as styles from './text.module.css';

export type TextProps<T extends ElementType = 'p'> = {
  /** The element: a `p` by default, a `span` or `div` inside other text. */
  as?: T;
  /**
   * `muted`: the secondary text colour of both themes; `danger` and `success` a failure's or a success's
   * line; `strong` the body colour inside muted text; else the surrounding colour.
   */
  tone?: 'muted' | 'danger' | 'success' | 'strong';
  /** `xs` or `sm` of the type scale; else the surrounding size. */
  size?: 'xs' | 'sm';
  /** `semibold` (600) or `bold` (700); else the surrounding weight. */
  weight?: 'semibold' | 'bold';
  /** Figures in columns of equal width, so a count that changes does not move what follows it. */
  numeric?: boolean;
  /** A long word (a file name, an address) breaks anywhere rather than overflow its box. */
  breakAnywhere?: boolean;
} & Omit<ComponentPropsWithRef<T>, 'as'>;

/** A line of text with no margin, in the muted colour and a smaller size where asked: a hint, a meta line. */
export function Text<T extends ElementType = 'p'>({
  as,
  tone,
  size,
  weight,
  numeric,
  breakAnywhere,
  className,
  ...props
}: TextProps<T>) {
  const Element: ElementType = as ?? 'p';
  return (
    <Element
      {...props}
      className={classNames(styles.text, className)}
      data-tone={tone}
      data-size={size}
      data-weight={weight}
      data-numeric={numeric ? 'tabular' : undefined}
      data-break={breakAnywhere ? 'anywhere' : undefined}
    />
  );
}
