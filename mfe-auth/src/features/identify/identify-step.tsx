import { EmailExistsResponseSchema, EmailSchema } from '@trove/contracts';
import { api, userMessage, useToasts } from '@trove/kit';
import { type FormEvent, useId, useState } from 'react';
import * as styles from './identify-step.module.css';

type Outcome = { kind: 'known' } | { kind: 'unknown'; email: string } | null;

/** SPEC §2.4, identify: a field labelled Email and a button Continue. */
export function IdentifyStep() {
  const fieldId = useId();
  const errorId = useId();
  const { show } = useToasts();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setOutcome(null);
    // The same rule the auth service applies (SPEC §5), from the shared contracts.
    const parsed = EmailSchema.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please enter a valid email address.');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const answer = EmailExistsResponseSchema.parse(
        await api.post('/api/v1/auth/password/exists', { email: parsed.data }),
      );
      setOutcome(answer.exists ? { kind: 'known' } : { kind: 'unknown', email: parsed.data });
    } catch (failure) {
      // SPEC §8: email check failure.
      show({ type: 'error', message: userMessage(failure, 'Could not check email') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <label htmlFor={fieldId} className={styles.label}>
        Email
      </label>
      <input
        id={fieldId}
        className={styles.input}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@company.com"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className={styles.submit} disabled={busy}>
        {busy ? 'Checking…' : 'Continue'}
      </button>
      {outcome ? (
        <p className={styles.outcome} role="status">
          {outcome.kind === 'known' ? 'We found your account.' : `No account found for ${outcome.email}.`}
        </p>
      ) : null}
    </form>
  );
}
