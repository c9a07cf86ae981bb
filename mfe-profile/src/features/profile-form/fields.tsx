import type { ReactNode } from 'react';
import * as styles from './fields.module.css';
import type { ProfileFieldErrors, ProfileFormField, ProfileFormValues } from './profile-form';

/** What every field of the profile form needs from the page: values, errors and the two callbacks. */
export interface FormBinding {
  idPrefix: string;
  values: ProfileFormValues;
  errors: ProfileFieldErrors;
  onChange: (field: ProfileFormField, value: string) => void;
  /** `next` is where focus went: the page skips checking a field when focus went to a submit button. */
  onBlur: (field: ProfileFormField, next: EventTarget | null) => void;
}

export function fieldId(idPrefix: string, name: string): string {
  return `${idPrefix}-${name}`;
}

/** Props that tie an input to its label, hint and error (labels, aria-describedby, aria-invalid). */
export function describedBy(id: string, error: string | undefined, hint: boolean): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export function FieldShell({
  id,
  label,
  error,
  hint,
  required,
  wide,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={styles.field} data-wide={wide ? '' : undefined} data-invalid={error ? '' : undefined}>
      <span className={styles.labelRow}>
        <label className={styles.label} htmlFor={id}>
          {label}
        </label>
        {/* Outside the label, so the field's name is exactly its label; `required` says it to AT. */}
        {required ? (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        ) : null}
      </span>
      {children}
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
    </div>
  );
}

interface FieldProps {
  form: FormBinding;
  name: ProfileFormField;
  label: string;
  hint?: ReactNode;
  required?: boolean;
  wide?: boolean;
}

export function TextField({
  form,
  name,
  label,
  hint,
  required,
  wide,
  type = 'text',
  autoComplete,
  placeholder,
  inputMode,
  min,
  max,
}: FieldProps & {
  type?: 'text' | 'url' | 'date';
  autoComplete?: string;
  placeholder?: string;
  inputMode?: 'text' | 'url';
  min?: string;
  max?: string;
}) {
  const id = fieldId(form.idPrefix, name);
  const error = form.errors[name];
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} required={required} wide={wide}>
      <input
        id={id}
        name={name}
        className={styles.input}
        type={type}
        value={form.values[name]}
        onChange={(event) => form.onChange(name, event.target.value)}
        onBlur={(event) => form.onBlur(name, event.relatedTarget)}
        autoComplete={autoComplete}
        placeholder={placeholder}
        inputMode={inputMode}
        min={min}
        max={max}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, Boolean(hint))}
      />
    </FieldShell>
  );
}

export function TextAreaField({
  form,
  name,
  label,
  hint,
  wide,
  rows = 4,
  placeholder,
}: FieldProps & {
  rows?: number;
  placeholder?: string;
}) {
  const id = fieldId(form.idPrefix, name);
  const error = form.errors[name];
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} wide={wide}>
      <textarea
        id={id}
        name={name}
        className={styles.textarea}
        rows={rows}
        value={form.values[name]}
        placeholder={placeholder}
        onChange={(event) => form.onChange(name, event.target.value)}
        onBlur={(event) => form.onBlur(name, event.relatedTarget)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, Boolean(hint))}
      />
    </FieldShell>
  );
}

export function SelectField({
  form,
  name,
  label,
  hint,
  required,
  wide,
  placeholder,
  options,
}: FieldProps & { placeholder?: string; options: readonly { value: string; label: string }[] }) {
  const id = fieldId(form.idPrefix, name);
  const error = form.errors[name];
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} required={required} wide={wide}>
      <select
        id={id}
        name={name}
        className={styles.select}
        value={form.values[name]}
        onChange={(event) => form.onChange(name, event.target.value)}
        onBlur={(event) => form.onBlur(name, event.relatedTarget)}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, Boolean(hint))}
      >
        {placeholder === undefined ? null : (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** SPEC §2.5 / §6: names and email are shown but cannot be edited here. */
export function ReadOnlyField({
  id,
  label,
  value,
  hint,
}: {
  id: string;
  label: string;
  value: string;
  hint?: string;
}) {
  return (
    <FieldShell id={id} label={label} hint={hint}>
      <input
        id={id}
        className={styles.input}
        data-readonly=""
        value={value}
        readOnly
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
    </FieldShell>
  );
}
