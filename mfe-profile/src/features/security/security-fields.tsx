import { PasswordInput, PasswordStrengthMeter } from '@trove/kit';
import { FieldShell } from '../profile-form/fields';
import * as fieldStyles from '../profile-form/fields.module.css';
import type { PasswordField, PasswordFieldErrors, PasswordFormValues } from './password-form';
import * as styles from './security-fields.module.css';

const LABELS: Record<PasswordField, string> = {
  current_password: 'Current password',
  new_password: 'New password',
  confirm_password: 'Confirm new password',
};

const AUTOCOMPLETE: Record<PasswordField, string> = {
  current_password: 'current-password',
  new_password: 'new-password',
  confirm_password: 'new-password',
};

function SecurityPasswordField({
  idPrefix,
  name,
  value,
  error,
  onChange,
  withMeter,
}: {
  idPrefix: string;
  name: PasswordField;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  withMeter?: boolean;
}) {
  const id = `${idPrefix}-${name}`;
  const meterId = `${id}-meter`;
  return (
    <FieldShell
      id={id}
      label={LABELS[name]}
      error={error}
      required
      wide
      describedBy={withMeter ? meterId : undefined}
    >
      {(control) => (
        <>
          <PasswordInput
            {...control}
            label={LABELS[name]}
            name={name}
            className={fieldStyles.input}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            autoComplete={AUTOCOMPLETE[name]}
          />
          {withMeter ? <PasswordStrengthMeter password={value} id={meterId} /> : null}
        </>
      )}
    </FieldShell>
  );
}

/** docs/product/profile.md#password-change Security: current, new (with the strength meter under it) and confirm. */
export function SecurityFields({
  idPrefix,
  values,
  errors,
  onChange,
}: {
  idPrefix: string;
  values: PasswordFormValues;
  errors: PasswordFieldErrors;
  onChange: (field: PasswordField, value: string) => void;
}) {
  return (
    <div className={styles.stack}>
      {(['current_password', 'new_password', 'confirm_password'] as const).map((name) => (
        <SecurityPasswordField
          key={name}
          idPrefix={idPrefix}
          name={name}
          value={values[name]}
          error={errors[name]}
          onChange={(value) => onChange(name, value)}
          withMeter={name === 'new_password'}
        />
      ))}
    </div>
  );
}
