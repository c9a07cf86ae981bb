import type { Ref, SelectHTMLAttributes } from 'react';
import { classNames } from './class-names';
import * as styles from './select.module.css';

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  /** A filter's select in a toolbar, as tall as a compact Input, with smaller text. */
  compact?: boolean;
  ref?: Ref<HTMLSelectElement>;
}

/**
 * A native `<select>` (the platform's keyboard and pickers, on phones too) drawn like the other inputs,
 * with its own chevron in both themes. Put it in a Field: `{(control) => <Select {...control}>…</Select>}`.
 */
export function Select({ className, compact = false, ...props }: SelectProps) {
  return (
    <select
      {...props}
      className={classNames(styles.select, className)}
      data-density={compact ? 'compact' : undefined}
    />
  );
}
