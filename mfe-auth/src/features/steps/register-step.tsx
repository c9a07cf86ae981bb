import { PASSWORD_MIN_MESSAGE } from '@trove/contracts';
import { PasswordStrengthMeter } from '@trove/kit';
import { Stack } from '@trove/kit/ui';
import { type FormEvent, useId, useState } from 'react';
import { EmailChip, PasswordField, SubmitButton } from './form-parts';

/** docs/product/accounts.md#strength-meter register: a new password with "Minimum 8 characters" and the strength meter. */
export function RegisterStep({
  email,
  error,
  busy,
  onSubmit,
  onChangeEmail,
  onEdit,
}: {
  email: string;
  error: string | undefined;
  busy: boolean;
  onSubmit: (password: string) => void;
  onChangeEmail: () => void;
  onEdit: () => void;
}) {
  const meterId = useId();
  const [password, setPassword] = useState('');
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit(password);
  }
  return (
    <Stack as="form" gap={4} onSubmit={submit} noValidate>
      <EmailChip email={email} onChange={onChangeEmail} disabled={busy} />
      <PasswordField
        label="Create a password"
        name="new-password"
        autoComplete="new-password"
        // Focus lands here: the step's one field, reached from the dialog's "Sign up & continue".
        autoFocus
        hint={PASSWORD_MIN_MESSAGE}
        value={password}
        error={error}
        onChange={(event) => {
          setPassword(event.target.value);
          onEdit();
        }}
        belowId={meterId}
        below={<PasswordStrengthMeter password={password} id={meterId} />}
      />
      <SubmitButton busy={busy} busyLabel="Creating account…">
        Create account
      </SubmitButton>
    </Stack>
  );
}
