import { PasswordInput } from '@trove/kit';
import { Button, Cluster, Input, inputClassName, PillButton, Stack, Text } from '@trove/kit/ui';
import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import * as styles from './form.module.css';

/** A field message, tied to its input by `aria-describedby`. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className={styles.error}>
      <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M12 7v6M12 16.5v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      {message}
    </p>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>;

/** A labelled text input with its hint and error (the input's description points at both). */
export function TextField({
  label,
  error,
  hint,
  aside,
  ...input
}: InputProps & { label: string; error?: string | undefined; hint?: ReactNode; aside?: ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Stack gap={2}>
      <Cluster gap={3} align="baseline" justify="between" wrap={false}>
        <Text as="label" htmlFor={id} size="sm" weight="semibold">
          {label}
        </Text>
        {aside}
      </Cluster>
      <Input {...input} id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} />
      {hint ? (
        <Text id={hintId} tone="muted" size="xs">
          {hint}
        </Text>
      ) : null}
      <FieldError id={errorId} message={error} />
    </Stack>
  );
}

/**
 * docs/product/accounts.md#strength-meter: a password field with the kit's Show/Hide toggle. `below` (the strength meter) sits under it
 * and is part of the input's description through `belowId`.
 */
export function PasswordField({
  label,
  error,
  hint,
  aside,
  below,
  belowId,
  ...input
}: InputProps & {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  aside?: ReactNode;
  below?: ReactNode;
  belowId?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy =
    [hint ? hintId : null, belowId ?? null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Stack gap={2}>
      <Cluster gap={3} align="baseline" justify="between" wrap={false}>
        <Text as="label" htmlFor={id} size="sm" weight="semibold">
          {label}
        </Text>
        {aside}
      </Cluster>
      <PasswordInput
        {...input}
        id={id}
        label={label}
        className={inputClassName()}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint ? (
        <Text id={hintId} tone="muted" size="xs">
          {hint}
        </Text>
      ) : null}
      <FieldError id={errorId} message={error} />
      {below}
    </Stack>
  );
}

/**
 * The email the step is about, with docs/product/accounts.md#steps's "Change" button. The hidden username field lets
 * password managers pair the password with this account.
 */
export function EmailChip({
  email,
  onChange,
  disabled,
}: {
  email: string;
  onChange: () => void;
  disabled?: boolean;
}) {
  return (
    <div className={styles.emailChip}>
      <span className={styles.emailIdentity}>
        <span className={styles.emailBadge} aria-hidden="true">
          {email.charAt(0)}
        </span>
        <span className={styles.emailText} title={email}>
          {email}
        </span>
      </span>
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PillButton
        className={styles.changeButton}
        onClick={onChange}
        disabled={disabled}
        aria-label={`Change email (${email})`}
      >
        Change
      </PillButton>
    </div>
  );
}

/** The step's main button; while busy it says what is happening and cannot be pressed again. */
export function SubmitButton({
  busy,
  busyLabel,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" variant="primary" size="lg" busy={busy}>
      {busy ? busyLabel : children}
    </Button>
  );
}

export { styles as formStyles };
