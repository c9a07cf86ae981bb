import type {
  ImapSettingsChange,
  ImapSource,
  PresentedCertificate,
  Source,
  SourceTestResult,
  TestSavedSource,
  UpdateSource,
} from '@trove/contracts';
import { useMutation, userMessage } from '@trove/kit';
import { Button, Cluster, Field, Text } from '@trove/kit/ui';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { type ConnectionTest, TestStatus } from './connection-test';
import {
  changeField,
  checkServerForm,
  chosenFolders,
  type FailedTest,
  IMAP_SECURITY_OPTIONS,
  type ServerField,
  type ServerFormErrors,
  type ServerFormValues,
  testFailureText,
} from './server-form';
import {
  FolderChoice,
  PasswordField,
  type PlainInputOptions,
  plainInput,
  ServerRow,
} from '../../server-fields';
import * as styles from '../../sources.module.css';
import { FormActions } from '../form-actions';

// Issue 21, a saved source's card asks for what it needs: a new password after the server refused the
// kept one, trust for a certificate that changed, or an edit of its server settings and folders. Each form
// tests against the saved source first (POST /sources/:id/test with the change), then saves the change
// (PATCH), which makes the service try a source that needed attention again at once.

export interface SavedSourceApi {
  test: (id: string, request?: TestSavedSource) => Promise<SourceTestResult>;
  update: (id: string, update: UpdateSource) => Promise<Source>;
}

interface FormProps {
  source: ImapSource;
  api: SavedSourceApi;
  onSaved: (source: Source) => void;
  onCancel: () => void;
}

const serverOf = (source: ImapSource) => ({ host: source.settings.host, port: source.settings.port });

/** "Update password": the new password is tested with the saved settings, then kept and a sync queued. */
export function UpdatePasswordForm({ source, api, onSaved, onCancel }: FormProps) {
  const id = useId();
  const [password, setPassword] = useState('');
  const { busy, error, run, setError } = useMutation();
  const [failure, setFailure] = useState<FailedTest | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (password === '') {
      setError('Enter the new password or app password.');
      return;
    }
    setFailure(null);
    await run(async () => {
      const result = await api.test(source.id, { password });
      if (!result.ok) {
        setFailure(result);
        return;
      }
      onSaved(await api.update(source.id, { password }));
    }, 'The password could not be saved. Try again in a moment.');
  };

  return (
    <form className={styles.form} noValidate onSubmit={submit}>
      <Text tone="muted" size="sm">
        {source.settings.host} refused the password kept for {source.settings.username}. If you changed it, or
        revoked the app password, enter the new one: it is tested first, then stored encrypted and the sync
        starts again.
      </Text>
      <PasswordField
        id={id}
        label="New password or app password"
        inputLabel="New password"
        error={error ?? undefined}
        required
        value={password}
        onChange={(value) => {
          setPassword(value);
          setError(null);
        }}
      />
      <div className={styles.testResult} role="status" aria-live="polite">
        {busy ? <p className={styles.testing}>Testing the new password…</p> : null}
        {failure ? <FailureWords failure={failure} server={serverOf(source)} /> : null}
      </div>
      <Cluster gap={2} justify="end" className={styles.formActions}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="primary" busy={busy}>
          Test and save
        </Button>
      </Cluster>
    </form>
  );
}

function FailureWords({ failure, server }: { failure: FailedTest; server: { host: string; port: number } }) {
  const words = testFailureText(failure, server);
  return (
    <div className={styles.failed} data-step={failure.step}>
      <p className={styles.failedTitle}>{words.title}</p>
      <p>{words.detail}</p>
      <p>{words.action}</p>
    </div>
  );
}

type Check =
  | { phase: 'checking' }
  | { phase: 'presented'; certificate: PresentedCertificate }
  | { phase: 'trusted' }
  | { phase: 'failed'; failure: FailedTest }
  | { phase: 'error'; message: string };

/**
 * "Trust certificate": the server's certificate as it is now, by its SHA-256 fingerprint (a test of the
 * saved source); trusted, the connection is tested with it pinned, then the pin is saved.
 */
export function TrustCertificateForm({ source, api, onSaved, onCancel }: FormProps) {
  const [checked, setCheck] = useState<Check>({ phase: 'checking' });
  const { busy, error, run } = useMutation();
  // A trust that failed to save says so where the check's words go, and offers nothing more to trust.
  const check: Check = error === null ? checked : { phase: 'error', message: error };
  const { host } = source.settings;

  useEffect(() => {
    let live = true;
    api
      .test(source.id)
      .then((result) => {
        if (!live) return;
        if (result.ok) setCheck({ phase: 'trusted' });
        else if (result.step === 'tls' && result.certificate)
          setCheck({ phase: 'presented', certificate: result.certificate });
        else setCheck({ phase: 'failed', failure: result });
      })
      .catch((caught: unknown) => {
        if (live) setCheck({ phase: 'error', message: userMessage(caught, 'The test could not run.') });
      });
    return () => {
      live = false;
    };
  }, [api, source.id]);

  const trust = (sha256: string) =>
    run(async () => {
      const settings = { pinned_certificate_sha256: sha256 };
      const result = await api.test(source.id, { settings });
      if (!result.ok) {
        setCheck({ phase: 'failed', failure: result });
        return;
      }
      onSaved(await api.update(source.id, { settings }));
    }, 'The certificate could not be trusted.');

  return (
    <div className={styles.form}>
      <div className={styles.testResult} role="status" aria-live="polite">
        {check.phase === 'checking' ? (
          <p className={styles.testing}>Asking {host} for its certificate…</p>
        ) : null}
        {check.phase === 'trusted' ? (
          <p className={styles.passed}>
            The connection to {host} works now: its certificate is trusted. Nothing to change.
          </p>
        ) : null}
        {check.phase === 'error' ? <p className={styles.failedTitle}>{check.message}</p> : null}
        {check.phase === 'failed' ? <FailureWords failure={check.failure} server={serverOf(source)} /> : null}
      </div>
      {check.phase === 'presented' ? (
        <div className={styles.certificate}>
          <p>
            {host} now presents a certificate {source.name} does not trust
            {check.certificate.problem ? ` (${check.certificate.problem})` : ''}.
          </p>
          {source.settings.pinned_certificate_sha256 ? (
            <>
              <p className={styles.certificateLabel}>The fingerprint trusted until now</p>
              <Text as="code" size="xs" breakAnywhere className={styles.fingerprint}>
                {source.settings.pinned_certificate_sha256}
              </Text>
            </>
          ) : null}
          <p className={styles.certificateLabel}>Its SHA-256 fingerprint</p>
          <Text
            as="code"
            size="xs"
            breakAnywhere
            className={styles.fingerprint}
            data-testid="new-fingerprint"
          >
            {check.certificate.sha256}
          </Text>
          <p>
            Trust it only if it matches the fingerprint your mail server’s administrator gave you: a
            certificate that changed without notice can mean someone is between you and your mail.
          </p>
        </div>
      ) : null}
      <Cluster gap={2} justify="end" className={styles.formActions}>
        <Button onClick={onCancel}>{check.phase === 'presented' ? 'Cancel' : 'Close'}</Button>
        {check.phase === 'presented' ? (
          <Button variant="primary" busy={busy} onClick={() => void trust(check.certificate.sha256)}>
            Trust this certificate
          </Button>
        ) : null}
      </Cluster>
    </div>
  );
}

const CONNECTION: ReadonlySet<ServerField> = new Set(['host', 'port', 'security', 'username', 'password']);
const SERVER: ReadonlySet<ServerField> = new Set(['host', 'port', 'security']);

/** The settings that differ from the saved ones (only those are sent). */
export function settingsChange(
  source: ImapSource,
  next: Omit<ImapSettingsChange, 'folders' | 'pinned_certificate_sha256'> & {
    folders: string[] | null;
    pinned_certificate_sha256: string | null;
  },
): ImapSettingsChange {
  const saved = source.settings;
  const change: ImapSettingsChange = {};
  for (const key of ['email', 'host', 'port', 'security', 'username'] as const) {
    if (next[key] !== undefined && next[key] !== saved[key]) Object.assign(change, { [key]: next[key] });
  }
  const sameFolders =
    next.folders === null || saved.folders === null
      ? next.folders === saved.folders
      : next.folders.length === saved.folders.length &&
        next.folders.every((folder) => saved.folders?.includes(folder));
  if (!sameFolders) change.folders = next.folders;
  if (next.pinned_certificate_sha256 !== saved.pinned_certificate_sha256)
    change.pinned_certificate_sha256 = next.pinned_certificate_sha256;
  return change;
}

/**
 * "Edit": the server settings (a new password only if typed) and the folders, from a fresh test's list
 * with the saved choice checked. Save tests first when nothing has been tested since the last change.
 */
export function EditSourceForm({ source, api, onSaved, onCancel }: FormProps) {
  const saved = source.settings;
  const [values, setValues] = useState<ServerFormValues>({
    email: saved.email,
    host: saved.host,
    port: String(saved.port),
    security: saved.security,
    username: saved.username,
    password: '',
  });
  const [errors, setErrors] = useState<ServerFormErrors>({});
  const [pinned, setPinned] = useState<string | null>(saved.pinned_certificate_sha256);
  const [test, setTest] = useState<ConnectionTest>({ phase: 'idle' });
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const { busy: saving, error: saveError, run: runSave, setError: setSaveError } = useMutation();
  const foldersErrorId = useId();
  const ids = {
    email: useId(),
    host: useId(),
    port: useId(),
    security: useId(),
    username: useId(),
    password: useId(),
  };

  // Every field was "typed" already: nothing is guessed over the saved settings.
  const edited: ReadonlySet<ServerField> = new Set(['host', 'port', 'security', 'username']);
  const update = (field: ServerField, value: string) => {
    setValues((current) => changeField(current, field, value, edited));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setSaveError(null);
    if (CONNECTION.has(field) && test.phase !== 'testing') setTest({ phase: 'idle' });
    // A pin belongs to the server it was accepted for.
    if (SERVER.has(field)) setPinned(null);
  };

  /** The form checked with the contracts' schema; a blank password keeps the saved one. */
  const checked = (pin: string | null, folders: string[] | null = null) => {
    const result = checkServerForm(
      { ...values, password: values.password === '' ? 'kept' : values.password },
      { pinnedSha256: pin, folders },
    );
    if (!result.ok) {
      setErrors(result.errors);
      return null;
    }
    setErrors({});
    const { folders: _folders, pinned_certificate_sha256: _pin, ...server } = result.request.settings;
    return {
      server,
      password: values.password === '' ? undefined : values.password,
    };
  };

  const runTest = async (pin: string | null): Promise<void> => {
    const request = checked(pin);
    if (!request) return;
    setTest({ phase: 'testing' });
    try {
      const result = await api.test(source.id, {
        settings: { ...request.server, pinned_certificate_sha256: pin },
        ...(request.password === undefined ? {} : { password: request.password }),
      });
      if (!result.ok) {
        setTest({ phase: 'failed', failure: result, host: values.host, port: values.port });
        return;
      }
      const listed = new Set(result.folders.map((folder) => folder.path));
      setChosen(new Set(saved.folders?.filter((path) => listed.has(path)) ?? result.default_folders));
      setTest({ phase: 'passed', folders: result.folders, defaults: result.default_folders });
    } catch (caught) {
      setTest({ phase: 'error', message: userMessage(caught, 'The test could not run. Try again.') });
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || test.phase === 'testing') return;
    if (test.phase !== 'passed') {
      await runTest(pinned);
      return;
    }
    if (chosen.size === 0) {
      setSaveError('Choose at least one folder to search.');
      return;
    }
    const folders = chosenFolders(chosen, test.defaults);
    const request = checked(pinned, folders);
    if (!request) return;
    const change = settingsChange(source, {
      ...request.server,
      folders,
      pinned_certificate_sha256: pinned,
    });
    if (Object.keys(change).length === 0 && request.password === undefined) {
      onCancel();
      return;
    }
    await runSave(async () => {
      onSaved(
        await api.update(source.id, {
          ...(Object.keys(change).length === 0 ? {} : { settings: change }),
          ...(request.password === undefined ? {} : { password: request.password }),
        }),
      );
    }, 'The changes could not be saved. Try again in a moment.');
  };

  const input = (field: ServerField, options: PlainInputOptions = {}) =>
    plainInput(values[field], (value) => update(field, value), options);

  return (
    <form className={styles.form} noValidate onSubmit={save}>
      <Field label="Email address" id={ids.email} error={errors.email} required>
        {input('email', { type: 'email' })}
      </Field>
      <ServerRow
        hostLabel="IMAP server"
        securityLabel="Security"
        securityOptions={IMAP_SECURITY_OPTIONS}
        values={values}
        errors={errors}
        ids={ids}
        onChange={update}
      />
      <Field label="User name" id={ids.username} error={errors.username} required>
        {input('username')}
      </Field>
      <PasswordField
        id={ids.password}
        label="New password (optional)"
        inputLabel="New password"
        error={errors.password}
        hint="Leave it empty to keep the saved password; a new server, port, security or user name needs it again."
        value={values.password}
        onChange={(value) => update('password', value)}
      />

      <TestStatus
        test={test}
        passed="Check the folders, then press Save."
        onTrust={(sha256) => {
          setPinned(sha256);
          void runTest(sha256);
        }}
      />

      {test.phase === 'passed' ? (
        <FolderChoice
          folders={test.folders}
          chosen={chosen}
          errorId={foldersErrorId}
          onToggle={(path, on) => {
            setSaveError(null);
            setChosen((current) => {
              const next = new Set(current);
              if (on) next.add(path);
              else next.delete(path);
              return next;
            });
          }}
        />
      ) : null}

      <FormActions
        error={saveError}
        onCancel={onCancel}
        check={{
          label: test.phase === 'passed' ? 'Test again' : 'Test',
          busy: test.phase === 'testing',
          onPress: () => void runTest(pinned),
        }}
        submit={{ label: 'Save', busy: saving }}
      />
    </form>
  );
}
