import type { ReactNode, Ref } from 'react';
import { classNames } from './class-names';
import * as styles from './table.module.css';
import { VisuallyHidden } from './visually-hidden';

export interface TableProps {
  /** What the table holds, in a sentence: its accessible name. */
  caption: ReactNode;
  /** Keep the caption for assistive technology only (the heading above already says it). */
  captionHidden?: boolean;
  /** In a bordered surface of its own (default), or bare inside a card that already is one. */
  framed?: boolean;
  /** The `<table>`'s class (cell padding, column widths). */
  className?: string;
  /** The scrolling box's class (its margins). */
  scrollClassName?: string;
  scrollRef?: Ref<HTMLDivElement>;
  /** `<thead>` and `<tbody>`. */
  children: ReactNode;
}

/**
 * A data table that scrolls sideways inside its own box on a narrow screen instead of widening the page.
 * The box is a tab stop so a keyboard can scroll it (axe scrollable-region-focusable), and it is named
 * by the caption.
 */
export function Table({
  caption,
  captionHidden = false,
  framed = true,
  className,
  scrollClassName,
  scrollRef,
  children,
}: TableProps) {
  return (
    <div
      ref={scrollRef}
      className={classNames(styles.scroll, scrollClassName)}
      data-framed={framed ? '' : undefined}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
    >
      <table className={classNames(styles.table, className)}>
        {captionHidden ? (
          <VisuallyHidden as="caption">{caption}</VisuallyHidden>
        ) : (
          <caption className={styles.caption}>{caption}</caption>
        )}
        {children}
      </table>
    </div>
  );
}
