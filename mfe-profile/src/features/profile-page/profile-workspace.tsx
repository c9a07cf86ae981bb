import { PROFILE_CODES, type ProfileFormInput, phoneInputError } from '@trove/contracts';
import { ApiError, useAppConfig, useMutation, usePopup, useSession, userMessage } from '@trove/kit';
import { Button, Cluster, Text } from '@trove/kit/ui';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { ProfileHeader, ProfileHeaderSkeleton } from '../profile-header/profile-header';
import { type FormBinding, fieldId } from '../profile-form/fields';
import {
  type BrowserPreferences,
  browserPreferences,
  formFromProfile,
  PROFILE_FORM_FIELDS,
  type ProfileFieldErrors,
  type ProfileFormField,
  type ProfileFormValues,
  payloadFromForm,
  saveFailure,
  validateProfileForm,
} from '../profile-form/profile-form';
import { useProfileData } from '../profile-form/use-profile-data';
import { panelId, ProfileTabList, tabId } from '../profile-tabs/profile-tabs';
import { PROFILE_TABS, type ProfileTabId, TAB_OF_FIELD, tabToShowErrors } from '../profile-tabs/tabs';
import {
  checkPasswordForm,
  EMPTY_PASSWORD_FORM,
  type PasswordField,
  type PasswordFieldErrors,
  type PasswordFormValues,
} from '../security/password-form';
import { ReauthDialog } from '../security/reauth-dialog';
import { SecurityFields } from '../security/security-fields';
import {
  AddressFields,
  LinksFields,
  OverviewFields,
  PanelCard,
  PrefsFields,
  SaveButton,
  TwoStepFields,
  WorkFields,
} from './panels';
import * as styles from './profile-page.module.css';

type Status = { tone: 'success' | 'error'; text: string } | null;

const FIX_FIELDS = 'Please fix the highlighted fields.';
const NOT_SAVED_WITHOUT_PASSWORD =
  'Not saved: changing your phone number or turning off 2-step needs your current password.';

/** The service's answer to a sensitive change sent without the current password (issue 18 item 11). */
function needsCurrentPassword(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 403) return false;
  const data = error.data as { code?: unknown } | null;
  return data?.code === PROFILE_CODES.reauthRequired;
}

const panelText = (appName: string): Record<ProfileTabId, { title: string; description: string }> => ({
  overview: {
    title: 'Overview',
    description: 'How you appear to your team. Your name and email come from your account.',
  },
  address: { title: 'Address', description: 'Where you work from. Used for invoices and local formats.' },
  work: { title: 'Work', description: 'Your company, team and role.' },
  links: { title: 'Links', description: 'Where people can find more about you. Full http(s) addresses.' },
  prefs: { title: 'Preferences', description: `Dates, times and language across ${appName}.` },
  security: {
    title: 'Password',
    description:
      'Changing it signs you out everywhere else. Use 8+ characters with upper, lower, number and symbol.',
  },
  'two-step': {
    title: '2-step verification',
    description: 'A second check at sign-in, with a code sent to your email.',
  },
});

/**
 * docs/product/profile.md#tabs, docs/product/profile.md#save: the profile page's state. One form for the six saving tabs (so switching tabs keeps
 * unsaved edits, and Save on any of them sends the whole profile), the password form apart, one status
 * line, and one busy flag that disables every button while a request runs.
 */
export function ProfileWorkspace() {
  const { name } = useAppConfig();
  const idPrefix = useId();
  const { data, loadError, reload, save, changePassword } = useProfileData();
  const { setUser } = useSession();
  const popup = usePopup();
  const [preferences] = useState<BrowserPreferences>(browserPreferences);
  const [values, setValues] = useState<ProfileFormValues | null>(null);
  const [errors, setErrors] = useState<ProfileFieldErrors>({});
  const [edited, setEdited] = useState<ReadonlySet<ProfileFormField>>(new Set());
  const [password, setPassword] = useState<PasswordFormValues>(EMPTY_PASSWORD_FORM);
  const [passwordErrors, setPasswordErrors] = useState<PasswordFieldErrors>({});
  const [said, setSaid] = useState<Status>(null);
  // One run at a time for the profile's save and the password's (docs/product/profile.md#save): every
  // Save button is busy while either runs. A password change that fails says so on the status line.
  const { busy, error: runError, run, setError: setRunError } = useMutation();
  const status: Status = runError === null ? said : { tone: 'error', text: runError };
  const setStatus = useCallback(
    (next: Status) => {
      setRunError(null);
      setSaid(next);
    },
    [setRunError],
  );
  const [tab, setTab] = useState<ProfileTabId>('overview');
  const [focusTarget, setFocusTarget] = useState<string | null>(null);

  // The loaded (or saved) profile replaces the form (docs/product/api.md#profile-calls: {profile, user} replace local state).
  useEffect(() => {
    if (data === null) return;
    setValues(formFromProfile(data.profile, preferences));
    setEdited(new Set());
  }, [data, preferences]);

  // Focus moves after the render that shows the target (a field on another tab, or a tab).
  useEffect(() => {
    if (focusTarget === null) return;
    document.getElementById(focusTarget)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const binding = useMemo<FormBinding | null>(() => {
    if (values === null) return null;
    return {
      idPrefix,
      values,
      errors,
      onChange: (field, value) => {
        setValues((current) => (current === null ? current : { ...current, [field]: value }));
        setEdited((current) => new Set(current).add(field));
        // docs/product/accounts.md#code-rules (as for codes): an error clears when the value changes; blur checks again.
        setErrors((current) => ({ ...current, [field]: undefined }));
      },
      onBlur: (field, next) => {
        // Focus on its way to Save: the save checks every field anyway, and a message appearing now
        // would move the button between press and release, and the click would be lost.
        if (!edited.has(field) || (next instanceof HTMLButtonElement && next.type === 'submit')) return;
        // The phone input's own rules while typing; the form's rules for everything else.
        const message =
          field === 'phone' ? phoneInputError(values.phone) : validateProfileForm(values)[field];
        setErrors((current) => ({ ...current, [field]: message }));
      },
    };
  }, [idPrefix, values, errors, edited]);

  const showErrors = useCallback(
    (found: ProfileFieldErrors) => {
      const fields = PROFILE_FORM_FIELDS.filter((field) => found[field] !== undefined);
      const target = tabToShowErrors(tab, fields);
      if (target === undefined) return;
      setTab(target);
      const first = fields.find((field) => TAB_OF_FIELD[field] === target);
      if (first) setFocusTarget(fieldId(idPrefix, first));
    },
    [tab, idPrefix],
  );

  const onSave = async () => {
    if (values === null || busy) return;
    const found = validateProfileForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setStatus({ tone: 'error', text: FIX_FIELDS });
      showErrors(found);
      return;
    }
    setStatus(null);
    const payload = payloadFromForm(values);
    await run(async () => {
      try {
        const saved = await save(payload);
        // The shell's session user too, so the account menu shows the new name (docs/product/api.md#profile-calls).
        setUser(saved.user);
        setStatus({ tone: 'success', text: 'Profile updated' });
      } catch (error) {
        // A save's failures have their own places: the password dialog, the phone field, the status line.
        if (needsCurrentPassword(error)) askForCurrentPassword(payload);
        else showSaveFailure(error);
      }
    }, 'Failed to update');
  };

  const showSaveFailure = (error: unknown) => {
    const failure = saveFailure(
      error instanceof ApiError ? error.status : undefined,
      error instanceof ApiError ? userMessage(error, '') : undefined,
    );
    if (failure.phone !== undefined) {
      // docs/product/profile.md#errors: the message goes on the phone field and the status line is cleared.
      setErrors((current) => ({ ...current, phone: failure.phone }));
      setStatus(null);
      showErrors({ phone: failure.phone });
    } else {
      setStatus({ tone: 'error', text: failure.status ?? 'Failed to update' });
    }
  };

  /** The same save again, with the current password the dialog asks for; Cancel leaves it unsaved. */
  const askForCurrentPassword = (payload: ProfileFormInput) => {
    let saved = false;
    const ticket = popup.open(
      <ReauthDialog
        onCancel={() => popup.close(ticket)}
        onConfirm={async (currentPassword) => {
          try {
            const answer = await save({ ...payload, current_password: currentPassword });
            saved = true;
            setUser(answer.user);
            setStatus({ tone: 'success', text: 'Profile updated' });
            popup.close(ticket);
          } catch (error) {
            // A wrong password or too many tries: said in the dialog. Anything else: said on the page.
            if (error instanceof ApiError && (error.status === 400 || error.status === 429)) throw error;
            popup.close(ticket);
            showSaveFailure(error);
            saved = true;
          }
        }}
      />,
      {
        size: 'sm',
        title: 'Confirm it’s you',
        allowBackdropClose: false,
        onClose: () => {
          if (!saved) setStatus({ tone: 'error', text: NOT_SAVED_WITHOUT_PASSWORD });
        },
      },
    );
  };

  const onChangePassword = async () => {
    if (busy) return;
    const check = checkPasswordForm(password);
    setPasswordErrors(check.errors);
    const first = (['current_password', 'new_password', 'confirm_password'] as const).find(
      (field) => check.errors[field] !== undefined,
    );
    if (first !== undefined) {
      setStatus({ tone: 'error', text: check.summary ?? FIX_FIELDS });
      setFocusTarget(`${idPrefix}-${first}`);
      return;
    }
    setStatus(null);
    const changed = await run(
      () =>
        changePassword({
          current_password: password.current_password,
          new_password: password.new_password,
        }),
      'Failed to update password',
    );
    if (!changed) return;
    setPassword(EMPTY_PASSWORD_FORM);
    setStatus({ tone: 'success', text: 'Password updated' });
  };

  const onPasswordChange = (field: PasswordField, value: string) => {
    setPassword((current) => ({ ...current, [field]: value }));
    setPasswordErrors((current) => ({ ...current, [field]: undefined }));
  };

  const attention = useMemo(() => {
    const tabs = new Set<ProfileTabId>();
    for (const field of PROFILE_FORM_FIELDS) if (errors[field]) tabs.add(TAB_OF_FIELD[field]);
    if (Object.values(passwordErrors).some(Boolean)) tabs.add('security');
    return tabs;
  }, [errors, passwordErrors]);

  const statusLine = (
    <Cluster
      gap={2}
      wrap={false}
      align="center"
      className={styles.status}
      role="status"
      aria-live="polite"
      data-tone={status?.tone}
      data-testid="profile-status"
    >
      {status ? (
        <>
          <span className={styles.statusIcon} aria-hidden="true">
            {status.tone === 'success' ? '✓' : '!'}
          </span>
          {status.text}
        </>
      ) : null}
    </Cluster>
  );

  if (loadError !== null) {
    return (
      <>
        <Cluster
          gap={2}
          wrap={false}
          align="center"
          className={styles.status}
          role="alert"
          data-tone="error"
          data-testid="profile-status"
        >
          <span className={styles.statusIcon} aria-hidden="true">
            !
          </span>
          {loadError}
        </Cluster>
        <Button className={`${styles.button} ${styles.retry}`} onClick={() => void reload()}>
          Try again
        </Button>
      </>
    );
  }

  if (data === null || binding === null || values === null) {
    return (
      <>
        <ProfileHeaderSkeleton />
        <Text tone="muted" size="sm" role="status">
          Loading your profile…
        </Text>
      </>
    );
  }

  const panel = (id: ProfileTabId) => {
    const text = panelText(name)[id];
    const headingId = `${idPrefix}-heading-${id}`;
    const common = { headingId, title: text.title, description: text.description };
    switch (id) {
      case 'overview':
        return (
          <PanelCard {...common} onSubmit={() => void onSave()} action={<SaveButton busy={busy} />}>
            <OverviewFields
              form={binding}
              firstName={data.profile.first_name ?? ''}
              lastName={data.profile.last_name ?? ''}
              email={data.user.email}
            />
          </PanelCard>
        );
      case 'address':
        return (
          <PanelCard {...common} onSubmit={() => void onSave()} action={<SaveButton busy={busy} />}>
            <AddressFields form={binding} />
          </PanelCard>
        );
      case 'work':
        return (
          <PanelCard {...common} onSubmit={() => void onSave()} action={<SaveButton busy={busy} />}>
            <WorkFields form={binding} />
          </PanelCard>
        );
      case 'links':
        return (
          <PanelCard {...common} onSubmit={() => void onSave()} action={<SaveButton busy={busy} />}>
            <LinksFields form={binding} />
          </PanelCard>
        );
      case 'prefs':
        return (
          <PanelCard {...common} onSubmit={() => void onSave()} action={<SaveButton busy={busy} />}>
            <PrefsFields
              form={binding}
              fromBrowser={data.profile.timezone === null || data.profile.locale === null}
            />
          </PanelCard>
        );
      case 'security':
        return (
          <PanelCard
            {...common}
            onSubmit={() => void onChangePassword()}
            action={<SaveButton busy={busy} label="Update Password" />}
          >
            <SecurityFields
              idPrefix={idPrefix}
              values={password}
              errors={passwordErrors}
              onChange={onPasswordChange}
            />
          </PanelCard>
        );
      case 'two-step':
        return (
          <PanelCard {...common} onSubmit={() => void onSave()} action={<SaveButton busy={busy} />}>
            <TwoStepFields
              idPrefix={idPrefix}
              enabled={values.two_factor_enabled}
              onToggle={(enabled) =>
                setValues((current) =>
                  current === null ? current : { ...current, two_factor_enabled: enabled },
                )
              }
            />
          </PanelCard>
        );
    }
  };

  return (
    <>
      <ProfileHeader user={data.user} profile={data.profile} />
      {statusLine}
      <ProfileTabList
        idPrefix={idPrefix}
        current={tab}
        attention={attention}
        onSelect={(next) => {
          setTab(next);
        }}
      />
      {PROFILE_TABS.map(({ id }) => (
        // Every panel stays mounted (hidden when not chosen): edits survive a switch, and each tab's
        // aria-controls names an element that exists.
        <div
          key={id}
          id={panelId(idPrefix, id)}
          role="tabpanel"
          aria-labelledby={tabId(idPrefix, id)}
          hidden={id !== tab}
          className={styles.panel}
        >
          {panel(id)}
        </div>
      ))}
    </>
  );
}
