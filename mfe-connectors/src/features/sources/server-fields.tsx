import type { SourceFolder } from '@trove/contracts';
import { PasswordInput } from '@trove/kit';
import { Cluster, Field, type FieldControlProps, Input, inputClassName, Select, Text } from '@trove/kit/ui';
import type { ReactNode } from 'react';
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
 * A Field's control for a host, a port, a user name or a table: the kit's compact input, no spell check
 * and no automatic capitals (a phone would otherwise write "Imap.example.com").
 */
export const plainInput =
  (value: string, onChange: (value: string) => void, options: PlainInputOptions = {}) =>
  (control: FieldControlProps) => (
    <Input
      {...control}
      compact
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
          className={inputClassName()}
          compact
          autoComplete="new-password"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

export interface FolderChoiceProps {
  folders: readonly SourceFolder[];
  /** "Folders to search" unless a kind chooses something else (a repository's branch, "Calendars to search"). */
  legend?: string | undefined;
  chosen: ReadonlySet<string>;
  onToggle: (path: string, on: boolean) => void;
  hint?: ReactNode;
  /** Under the list ("Choose at least one folder"); the group is described by it. */
  error?: string | null;
  errorId: string;
  /** Each by its name (a calendar's address says little); by its path by default (a mailbox's folders). */
  byName?: boolean;
}

/** A mailbox's folders to search, each a checkbox with its message count (the IMAP form and its Edit). */
export function FolderChoice({
  folders,
  chosen,
  onToggle,
  hint,
  error,
  errorId,
  legend = 'Folders to search',
  byName = false,
}: FolderChoiceProps) {
  return (
    <fieldset className={styles.folders} aria-describedby={error ? errorId : undefined}>
      <Text as="legend" size="sm" weight="semibold" className={styles.foldersLegend}>
        {legend}
      </Text>
      {hint ? (
        <Text tone="muted" size="xs">
          {hint}
        </Text>
      ) : null}
      <ul className={styles.folderList}>
        {folders.map((folder) => (
          <li key={folder.path}>
            <Cluster as="label" gap={2} wrap={false} align="center" className={styles.folder}>
              <input
                type="checkbox"
                checked={chosen.has(folder.path)}
                onChange={(event) => onToggle(folder.path, event.target.checked)}
              />
              <span className={styles.folderName}>{byName ? folder.name : folder.path}</span>
              {folder.messages === null ? null : (
                <Text as="span" tone="muted" size="xs" numeric>
                  {folder.messages.toLocaleString('en-GB')}
                </Text>
              )}
            </Cluster>
          </li>
        ))}
      </ul>
      {error ? (
        <Text id={errorId} tone="danger" size="sm" role="alert">
          {error}
        </Text>
      ) : null}
    </fieldset>
  );
}
