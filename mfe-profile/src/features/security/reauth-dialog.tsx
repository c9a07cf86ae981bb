import { PASSWORD_CHANGE_MESSAGES } from '@trove/contracts';
import { PasswordInput, useMutation } from '@trove/kit';
import { type FormEvent, useId, useState } from 'react';
import { Button, Cluster, DialogForm, DialogLead } from '@trove/kit/ui';
import * as pageStyles from '../profile-page/profile-page.module.css';
import { FieldShell } from '../profile-form/fields';
import * as fieldStyles from '../profile-form/fields.module.css';

const LABEL = 'Current password';

/**
 * Issue 18 item 11: a new phone number in place of the old one, or 2-step turned off, is saved only with
 * the current password. The page opens this when the service answers `reauth_required`; `onConfirm` saves
 * again with the password, and its failure (a wrong password, too many tries) stays here to be fixed.
 */
export function ReauthDialog({
  onConfirm,
  onCancel,
}: {
  onConfirm: (currentPassword: string) => Promise<void>;
  onCancel: () => void;
}) {
  const id = `${useId()}-reauth-password`;
  const [password, setPassword] = useState('');
  const { busy, error, run, setError } = useMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (password === '') {
      setError(PASSWORD_CHANGE_MESSAGES.currentRequired);
      return;
    }
    await run(() => onConfirm(password), 'Failed to update', { closesOnSuccess: true });
  };

  return (
    <DialogForm onSubmit={submit} noValidate>
      <DialogLead>
        Changing your phone number or turning off 2-step verification needs your current password. We’ll email
        you a notice once it’s done.
      </DialogLead>
      <FieldShell id={id} label={LABEL} error={error ?? undefined} required wide>
        {(control) => (
          <PasswordInput
            {...control}
            label={LABEL}
            name="current_password"
            className={fieldStyles.input}
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setError(null);
            }}
            autoComplete="current-password"
            autoFocus
          />
        )}
      </FieldShell>
      <Cluster gap={3} justify="end">
        <Button className={pageStyles.button} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" className={pageStyles.button} busy={busy}>
          Confirm and save
        </Button>
      </Cluster>
    </DialogForm>
  );
}
