import { GENDERS, LOCALES, TIMEZONES } from '@trove/contracts';
import { Button, Card, Cluster, Stack, Text } from '@trove/kit/ui';
import type { ReactNode } from 'react';
import {
  type FormBinding,
  ReadOnlyField,
  SelectField,
  TextAreaField,
  TextField,
} from '../profile-form/fields';
import * as fieldStyles from '../profile-form/fields.module.css';
import { PhoneField } from '../profile-form/phone-field';
import * as styles from './profile-page.module.css';

/** A tab's card: heading, a line on what it holds, the fields, and its action. */
export function PanelCard({
  headingId,
  title,
  description,
  onSubmit,
  action,
  children,
}: {
  headingId: string;
  title: string;
  description: ReactNode;
  onSubmit: () => void;
  action: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card
      as="form"
      shadow="sm"
      className={styles.panelCard}
      aria-labelledby={headingId}
      // The docs/product/profile.md#validation messages are shown at the fields; the browser's own bubbles would say something else.
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Stack as="header" gap={1} className={styles.panelHeader}>
        <Text as="h2" weight="bold" className={styles.panelTitle} id={headingId}>
          {title}
        </Text>
        <Text tone="muted" size="sm">
          {description}
        </Text>
      </Stack>
      {children}
      <Cluster as="footer" wrap={false} justify="end" className={styles.panelFooter}>
        {action}
      </Cluster>
    </Card>
  );
}

/** docs/product/profile.md#save: Save, disabled while any request runs. */
export function SaveButton({ busy, label = 'Save' }: { busy: boolean; label?: string }) {
  return (
    <Button type="submit" variant="primary" className={styles.button} busy={busy}>
      {label}
    </Button>
  );
}

const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  male: 'Male',
  female: 'Female',
  other: 'Other',
};

function languageName(locale: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(locale) ?? locale;
  } catch {
    return locale;
  }
}

/** Today as YYYY-MM-DD in the browser's calendar: the date picker blocks later days (docs/product/profile.md#validation). */
function today(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function OverviewFields({
  form,
  firstName,
  lastName,
  email,
}: {
  form: FormBinding;
  firstName: string;
  lastName: string;
  email: string;
}) {
  return (
    <div className={fieldStyles.grid}>
      <ReadOnlyField id={`${form.idPrefix}-first-name`} label="First name" value={firstName} />
      <ReadOnlyField id={`${form.idPrefix}-last-name`} label="Last name" value={lastName} />
      <ReadOnlyField id={`${form.idPrefix}-email`} label="Email" value={email} />
      <SelectField
        form={form}
        name="gender"
        label="Gender"
        required
        placeholder="Choose…"
        options={GENDERS.map((gender) => ({ value: gender, label: GENDER_LABELS[gender] }))}
      />
      <TextField
        form={form}
        name="dob"
        label="Date of birth"
        type="date"
        min="1900-01-01"
        max={today()}
        autoComplete="bday"
      />
      <PhoneField form={form} />
      <TextField
        form={form}
        name="headline"
        label="Headline"
        wide
        placeholder="Add a headline (e.g., Product Manager @ Acme)"
        autoComplete="organization-title"
      />
      <TextAreaField
        form={form}
        name="bio"
        label="Bio"
        wide
        rows={4}
        placeholder="A few lines about you and your work"
      />
    </div>
  );
}

export function AddressFields({ form }: { form: FormBinding }) {
  return (
    <div className={fieldStyles.grid}>
      <TextField form={form} name="street" label="Street" wide autoComplete="street-address" />
      <TextField form={form} name="city" label="City" autoComplete="address-level2" />
      <TextField form={form} name="state" label="State" autoComplete="address-level1" />
      <TextField form={form} name="postal_code" label="Postal code" autoComplete="postal-code" />
      <TextField form={form} name="country" label="Country" autoComplete="country-name" />
    </div>
  );
}

export function WorkFields({ form }: { form: FormBinding }) {
  return (
    <div className={fieldStyles.grid}>
      <TextField form={form} name="company" label="Company" autoComplete="organization" />
      <TextField form={form} name="department" label="Department" />
      <TextField form={form} name="title" label="Title" wide autoComplete="organization-title" />
    </div>
  );
}

export function LinksFields({ form }: { form: FormBinding }) {
  const url = { type: 'url', inputMode: 'url', autoComplete: 'url' } as const;
  return (
    <div className={fieldStyles.grid}>
      <TextField form={form} name="website" label="Website" placeholder="https://example.com" {...url} />
      <TextField
        form={form}
        name="linkedin"
        label="LinkedIn"
        placeholder="https://www.linkedin.com/in/you"
        {...url}
      />
      <TextField form={form} name="twitter" label="Twitter / X" placeholder="https://x.com/you" {...url} />
      <TextField form={form} name="github" label="GitHub" placeholder="https://github.com/you" {...url} />
    </div>
  );
}

export function PrefsFields({ form, fromBrowser }: { form: FormBinding; fromBrowser: boolean }) {
  const hint = fromBrowser ? "From this browser's settings until you save." : undefined;
  return (
    <div className={fieldStyles.grid}>
      <SelectField
        form={form}
        name="timezone"
        label="Timezone"
        hint={hint}
        options={TIMEZONES.map((zone) => ({ value: zone, label: zone }))}
      />
      <SelectField
        form={form}
        name="locale"
        label="Language"
        hint={hint}
        options={LOCALES.map((locale) => ({ value: locale, label: `${languageName(locale)} — ${locale}` }))}
      />
    </div>
  );
}

export function TwoStepFields({
  idPrefix,
  enabled,
  onToggle,
}: {
  idPrefix: string;
  enabled: boolean;
  onToggle: (enabled: boolean) => void;
}) {
  const id = `${idPrefix}-two-factor`;
  return (
    <Cluster gap={3} wrap={false} align="start" className={styles.toggleRow}>
      <input
        id={id}
        type="checkbox"
        className={styles.checkbox}
        checked={enabled}
        onChange={(event) => onToggle(event.target.checked)}
        aria-describedby={`${id}-note`}
      />
      <div>
        <label htmlFor={id} className={styles.toggleLabel}>
          Enable 2-step verification (email OTP on every login)
        </label>
        <Text id={`${id}-note`} tone="muted" size="sm" className={styles.toggleNote}>
          After your password, a 6-digit code sent to your email is needed to finish signing in.
        </Text>
      </div>
    </Cluster>
  );
}
