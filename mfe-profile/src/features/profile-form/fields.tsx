import { Field, type FieldProps as KitFieldProps, Select } from '@trove/kit/ui';
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

/** The kit's Field in the profile form's grid: `wide` spans both columns. */
export function FieldShell({ wide, ...props }: KitFieldProps & { wide?: boolean | undefined }) {
  return <Field {...props} className={wide ? `${styles.field} ${styles.wide}` : styles.field} />;
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
      {(control) => (
        <input
          {...control}
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
        />
      )}
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
      {(control) => (
        <textarea
          {...control}
          name={name}
          className={styles.textarea}
          rows={rows}
          value={form.values[name]}
          placeholder={placeholder}
          onChange={(event) => form.onChange(name, event.target.value)}
          onBlur={(event) => form.onBlur(name, event.relatedTarget)}
        />
      )}
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
      {(control) => (
        <Select
          {...control}
          name={name}
          value={form.values[name]}
          onChange={(event) => form.onChange(name, event.target.value)}
          onBlur={(event) => form.onBlur(name, event.relatedTarget)}
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
        </Select>
      )}
    </FieldShell>
  );
}

/** docs/product/profile.md#page, docs/product/shell.md#roles: names and email are shown but cannot be edited here. */
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
      {(control) => <input {...control} className={styles.input} data-readonly="" value={value} readOnly />}
    </FieldShell>
  );
}
