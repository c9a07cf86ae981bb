import { PasswordInput } from '@trove/kit';
import { Field, type FieldControlProps, Select } from '@trove/kit/ui';
import type { ReactNode } from 'react';
import * as shared from '../catalog/catalog.module.css';
import * as styles from './sources.module.css';

// The fields every "Add server" form asks for — the IMAP form, its Edit form and the database forms
// (issues 21, 22) — drawn once: a plain text input, the host · port · security row, and the password.

export interface PlainInputOptions {
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric';
  placeholder?: string;
}

/**
 * A Field's control for a host, a port, a user name or a table: the remote's input look, no spell check
 * and no automatic capitals (a phone would otherwise write "Imap.example.com").
 */
export const plainInput =
  (value: string, onChange: (value: string) => void, options: PlainInputOptions = {}) =>
  (control: FieldControlProps) => (
    <input
      {...control}
      className={shared.input}
      type={options.type ?? 'text'}
      autoComplete={options.autoComplete ?? 'off'}
      inputMode={options.inputMode}
      placeholder={options.placeholder}
      spellCheck={false}
      autoCapitalize="none"
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );

export type ServerRowField = 'host' | 'port' | 'security';

export interface ServerRowProps<Security extends string> {
  /** The host field's label: "IMAP server", "Host". */
  hostLabel: string;
  hostPlaceholder?: string;
  /** The security select's label and its choices, in order. */
  securityLabel: string;
  securityOptions: readonly { value: Security; label: string }[];
  securityHint?: ReactNode;
  values: { host: string; port: string; security: Security };
  errors: Partial<Record<ServerRowField, string | undefined>>;
  ids: Record<ServerRowField, string>;
  onChange: (field: ServerRowField, value: string) => void;
}

/** Host, port and security on one row (host on a row of its own on a phone). */
export function ServerRow<Security extends string>({
  hostLabel,
  hostPlaceholder,
  securityLabel,
  securityOptions,
  securityHint,
  values,
  errors,
  ids,
  onChange,
}: ServerRowProps<Security>) {
  return (
    <div className={styles.serverRow}>
      <Field label={hostLabel} id={ids.host} error={errors.host} required className={styles.hostField}>
        {plainInput(values.host, (value) => onChange('host', value), { placeholder: hostPlaceholder })}
      </Field>
      <Field label="Port" id={ids.port} error={errors.port} required>
        {plainInput(values.port, (value) => onChange('port', value), { inputMode: 'numeric' })}
      </Field>
      <Field label={securityLabel} id={ids.security} error={errors.security} hint={securityHint}>
        {(control) => (
          <Select
            {...control}
            value={values.security}
            onChange={(event) => onChange('security', event.target.value)}
          >
            {securityOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </div>
  );
}

export interface PasswordFieldProps {
  id: string;
  label: string;
  /** The show/hide button's name ("Show password"). */
  inputLabel: string;
  hint?: ReactNode;
  error?: string | undefined;
  required?: boolean;
  value: string;
  onChange: (value: string) => void;
}

/** A password that is never filled in by the browser's saved sign-in (it belongs to another system). */
export function PasswordField({
  id,
  label,
  inputLabel,
  hint,
  error,
  required,
  value,
  onChange,
}: PasswordFieldProps) {
  return (
    <Field label={label} id={id} error={error} required={required} hint={hint}>
      {(control) => (
        <PasswordInput
          {...control}
          label={inputLabel}
          className={shared.input}
          autoComplete="new-password"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
