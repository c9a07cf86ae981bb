import { type FormEvent, useState } from 'react';
import { LinkButton, Stack } from '@trove/kit/ui';
import { EmailChip, formStyles as styles, PasswordField, SubmitButton } from './form-parts';

/** docs/product/accounts.md#remembered-email login: the password (Show/Hide), "Forgot password?", "Remember me", and "Change". */
export function LoginStep({
  email,
  remembered,
  error,
  busy,
  onSubmit,
  onForgotPassword,
  onChangeEmail,
  onEdit,
}: {
  email: string;
  /** Whether "Remember me" starts ticked: the email was remembered last time. */
  remembered: boolean;
  error: string | undefined;
  busy: boolean;
  onSubmit: (password: string, remember: boolean) => void;
  onForgotPassword: () => void;
  onChangeEmail: () => void;
  onEdit: () => void;
}) {
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(remembered);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit(password, remember);
  }
  return (
    <Stack as="form" gap={4} onSubmit={submit} noValidate>
      <EmailChip email={email} onChange={onChangeEmail} disabled={busy} />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        // Focus lands here: the step's one field, reached by pressing Continue.
        autoFocus
        value={password}
        error={error}
        onChange={(event) => {
          setPassword(event.target.value);
          onEdit();
        }}
        aside={
          <LinkButton onClick={onForgotPassword} disabled={busy}>
            Forgot password?
          </LinkButton>
        }
      />
      <label className={styles.checkbox}>
        <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
        Remember me
      </label>
      <SubmitButton busy={busy} busyLabel="Signing in…">
        Log in
      </SubmitButton>
    </Stack>
  );
}
