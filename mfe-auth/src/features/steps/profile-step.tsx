import { type FormEvent, useMemo, useState } from 'react';
import { Stack } from '@trove/kit/ui';
import { firstNameHint } from '../auth-flow/email';
import { birthDateBounds } from '../auth-flow/profile-step-form';
import { formStyles as styles, SubmitButton, TextField } from './form-parts';

export interface ProfileStepValues {
  first_name: string;
  last_name: string;
  dob: string;
}

/** docs/product/accounts.md#steps, docs/product/accounts.md#profile-step-rules profile step: first and last name and date of birth. */
export function ProfileStep({
  email,
  errors,
  busy,
  onSubmit,
  onEdit,
}: {
  email: string;
  errors: Partial<Record<keyof ProfileStepValues, string | undefined>>;
  busy: boolean;
  onSubmit: (values: ProfileStepValues) => void;
  onEdit: (field: keyof ProfileStepValues) => void;
}) {
  const [values, setValues] = useState<ProfileStepValues>({ first_name: '', last_name: '', dob: '' });
  // docs/product/accounts.md#constants: the picker runs from 1900 to today, so future dates cannot be picked.
  const bounds = useMemo(() => birthDateBounds(new Date()), []);
  const change = (field: keyof ProfileStepValues) => (event: { target: { value: string } }) => {
    setValues((previous) => ({ ...previous, [field]: event.target.value }));
    onEdit(field);
  };
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit(values);
  }
  return (
    <Stack as="form" gap={4} onSubmit={submit} noValidate>
      <div className={styles.names}>
        <TextField
          label="First name"
          name="given-name"
          autoComplete="given-name"
          // Focus lands here: the step's first field.
          autoFocus
          placeholder={firstNameHint(email)}
          value={values.first_name}
          error={errors.first_name}
          onChange={change('first_name')}
        />
        <TextField
          label="Last name"
          name="family-name"
          autoComplete="family-name"
          value={values.last_name}
          error={errors.last_name}
          onChange={change('last_name')}
        />
      </div>
      <TextField
        label="Date of birth"
        type="date"
        name="bday"
        autoComplete="bday"
        min={bounds.min}
        max={bounds.max}
        hint="To confirm you are 13 or older."
        value={values.dob}
        error={errors.dob}
        onChange={change('dob')}
      />
      <SubmitButton busy={busy} busyLabel="Saving…">
        Save and continue
      </SubmitButton>
    </Stack>
  );
}
