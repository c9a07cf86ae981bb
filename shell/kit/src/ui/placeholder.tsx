import type { ComponentPropsWithRef } from 'react';
import { classNames } from './class-names';
import * as styles from './placeholder.module.css';

export type PlaceholderProps = ComponentPropsWithRef<'div'>;

/**
 * A dashed box where content would be and is not (no results for these filters, a section that could not
 * load), with its line and, often, the one button that changes that. EmptyState is the larger, first-use
 * kind with an icon and a heading.
 */
export function Placeholder({ className, ...props }: PlaceholderProps) {
  return <div {...props} className={classNames(styles.placeholder, className)} />;
}
