import { PASSWORD_MIN_MESSAGE } from '@trove/contracts';
import { PasswordStrengthMeter } from '@trove/kit';
import { Stack } from '@trove/kit/ui';
import { type FormEvent, useId, useState } from 'react';
import { EmailChip, PasswordField, SubmitButton } from './form-parts';

/** docs/product/accounts.md#strength-meter reset: new and confirm, the strength meter under the new one. */
export function ResetStep({
  email,
  errors,
  busy,
  onSubmit,
  onChangeEmail,
  onEdit,
}: {
  email: string;
  errors: { password?: string | undefined; confirm?: string | undefined };
  busy: boolean;
  onSubmit: (password: string, confirm: string) => void;
  onChangeEmail: () => void;
  onEdit: (field: 'password' | 'confirm') => void;
}) {
  const meterId = useId();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit(password, confirm);
  }
  return (
    <Stack as="form" gap={4} onSubmit={submit} noValidate>
      <EmailChip email={email} onChange={onChangeEmail} disabled={busy} />
      <PasswordField
        label="New password"
        name="new-password"
        autoComplete="new-password"
        // Focus lands here: the step's first field, reached by a verified code.
        autoFocus
        hint={PASSWORD_MIN_MESSAGE}
        value={password}
        error={errors.password}
        onChange={(event) => {
          setPassword(event.target.value);
          onEdit('password');
        }}
        belowId={meterId}
        below={<PasswordStrengthMeter password={password} id={meterId} />}
      />
      <PasswordField
        label="Confirm new password"
        name="confirm-password"
        autoComplete="new-password"
        value={confirm}
        error={errors.confirm}
        onChange={(event) => {
          setConfirm(event.target.value);
          onEdit('confirm');
        }}
      />
      <SubmitButton busy={busy} busyLabel="Updating…">
        Update password
      </SubmitButton>
    </Stack>
  );
}
