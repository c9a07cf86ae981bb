import { type FormEvent, useState } from 'react';
import { Stack } from '@trove/kit/ui';
import { formStyles as styles, SubmitButton, TextField } from './form-parts';

/** docs/product/accounts.md#steps identify: a field labelled Email and a button Continue. */
export function IdentifyStep({
  initialEmail,
  error,
  busy,
  onSubmit,
  onEdit,
}: {
  initialEmail: string;
  error: string | undefined;
  busy: boolean;
  onSubmit: (email: string) => void;
  onEdit: () => void;
}) {
  const [email, setEmail] = useState(initialEmail);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit(email);
  }
  return (
    <Stack as="form" gap={4} onSubmit={submit} noValidate>
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="you@company.com"
        // Focus lands here: the only field of the first step; docs/product/accounts.md#steps starts here.
        autoFocus
        value={email}
        error={error}
        onChange={(event) => {
          setEmail(event.target.value);
          onEdit();
        }}
      />
      <SubmitButton busy={busy} busyLabel="Checking…">
        Continue
      </SubmitButton>
      {/* The served page reads without JavaScript, but signing in runs in the app (issue 41, bad input). */}
      <noscript>
        <p className={styles.error} role="alert">
          Signing in needs JavaScript: turn it on in your browser and reload this page.
        </p>
      </noscript>
    </Stack>
  );
}
