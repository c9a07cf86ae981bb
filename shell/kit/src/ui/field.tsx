import { type ReactNode, useId } from 'react';
import { classNames } from './class-names';
import * as styles from './field.module.css';

/** What the control inside a Field must carry, so its label, hint and error reach assistive technology. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  required: boolean | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** The control's id; a fresh one (useId) when not given. Hint and error ids derive from it. */
  id?: string;
  /** Always shown under the control (the format wanted, a rule). */
  hint?: ReactNode;
  /** Shown under the hint while the value is wrong; the control is then `aria-invalid`. */
  error?: string | undefined;
  /** A red asterisk after the label (hidden from AT: the control's own `required` says it). */
  required?: boolean;
  /** At the right of the label's row ("Forgot password?"). */
  aside?: ReactNode;
  /** More ids the control is described by, read between the hint and the error (a strength meter). */
  describedBy?: string | undefined;
  /** Under the error (the strength meter that `describedBy` names). */
  after?: ReactNode;
  className?: string;
  /** Draws the control with the props it needs: `{(control) => <input {...control} />}`. */
  children: (control: FieldControlProps) => ReactNode;
}

/** The ids of what describes a field's control, in reading order, or undefined when nothing does. */
export function fieldDescribedBy(
  id: string,
  { hint, error, describedBy }: { hint?: boolean; error?: boolean; describedBy?: string | undefined },
): string | undefined {
  const ids = [hint ? `${id}-hint` : '', describedBy ?? '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/**
 * A form field: its label, the control, a hint and an error, tied together — the label by `htmlFor`,
 * hint and error by the control's `aria-describedby`, the error also by `aria-invalid` (WCAG 1.3.1, 3.3.1).
 */
export function Field({
  label,
  id: givenId,
  hint,
  error,
  required,
  aside,
  describedBy,
  after,
  className,
  children,
}: FieldProps) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const control: FieldControlProps = {
    id,
    'aria-describedby': fieldDescribedBy(id, { hint: Boolean(hint), error: Boolean(error), describedBy }),
    'aria-invalid': error ? true : undefined,
    required: required || undefined,
  };
  return (
    <div className={classNames(styles.field, className)} data-invalid={error ? '' : undefined}>
      <span className={styles.labelRow}>
        <label className={styles.label} htmlFor={id}>
          {label}
        </label>
        {/* Outside the label, so the field's name is exactly its label. */}
        {required ? (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        ) : null}
        {aside ? <span className={styles.aside}>{aside}</span> : null}
      </span>
      {children(control)}
      {hint ? (
        <p className={styles.hint} id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className={styles.error} id={`${id}-error`}>
          <svg viewBox="0 0 16 16" aria-hidden="true" className={styles.errorIcon}>
            <circle cx="8" cy="8" r="7" fill="currentColor" />
            <path
              d="M8 4.5v4M8 11v.5"
              stroke="var(--color-surface)"
              strokeWidth="1.6"
              strokeLinecap="round"
            />
          </svg>
          {error}
        </p>
      ) : null}
      {after}
    </div>
  );
}
