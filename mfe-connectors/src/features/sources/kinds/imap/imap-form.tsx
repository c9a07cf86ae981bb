import type { ImapTestSource, Source, SourceTestResult } from '@trove/contracts';
import { useAppConfig, useMutation, userMessage } from '@trove/kit';
import { Field, Text } from '@trove/kit/ui';
import { type FormEvent, useId, useRef, useState } from 'react';
import {
  changeField,
  checkServerForm,
  chosenFolders,
  emptyServerForm,
  IMAP_SECURITY_OPTIONS,
  SERVER_FIELDS,
  type ServerField,
  type ServerFormErrors,
  type ServerFormValues,
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
import { type ConnectionTest, TestStatus } from './connection-test';

export interface ImapFormApi {
  test: (request: ImapTestSource) => Promise<SourceTestResult>;
  create: (request: ImapTestSource) => Promise<Source>;
}

export interface ImapFormProps {
  api: ImapFormApi;
  onConnected: (source: Source) => void;
  onCancel: () => void;
}

/** The fields a test depends on: a change to any of them means the last test no longer holds. */
const CONNECTION_FIELDS: ReadonlySet<ServerField> = new Set([
  'host',
  'port',
  'security',
  'username',
  'password',
]);

/**
 * "Add server" for IMAP (issue 21): the mailbox's address guesses the server; Test says exactly what failed
 * (and offers to trust a certificate no authority vouches for); after a passing test the folders are listed
 * with the default selection checked; Connect saves the source.
 */
export function ImapForm({ api, onConnected, onCancel }: ImapFormProps) {
  const { name } = useAppConfig();
  const [values, setValues] = useState<ServerFormValues>(emptyServerForm);
  const [edited, setEdited] = useState<ReadonlySet<ServerField>>(new Set());
  const [errors, setErrors] = useState<ServerFormErrors>({});
  const [test, setTest] = useState<ConnectionTest>({ phase: 'idle' });
  const [pinned, setPinned] = useState<string | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [folderError, setFolderError] = useState<string | null>(null);
  const { busy: connecting, error: connectError, run: runConnect, setError: setConnectError } = useMutation();
  const formRef = useRef<HTMLFormElement>(null);
  const ids = {
    email: useId(),
    host: useId(),
    port: useId(),
    security: useId(),
    username: useId(),
    password: useId(),
  };
  const resultId = useId();
  const foldersId = useId();

  const update = (field: ServerField, value: string) => {
    setValues((current) => changeField(current, field, value, edited));
    setEdited((current) => (current.has(field) ? current : new Set([...current, field])));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
    if (field === 'email' || CONNECTION_FIELDS.has(field)) {
      if (test.phase !== 'testing') setTest({ phase: 'idle' });
      // A pin belongs to the server it was accepted for.
      if (field === 'host' || field === 'port' || field === 'security' || field === 'email') setPinned(null);
    }
  };

  /** Checks the fields; on a mistake, shows each message and puts the focus on the first. */
  const checked = (pin: string | null) => {
    const result = checkServerForm(values, { pinnedSha256: pin });
    if (result.ok) {
      setErrors({});
      return result.request;
    }
    setErrors(result.errors);
    const first = SERVER_FIELDS.find((field) => result.errors[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(ids[first])}`)?.focus();
    return null;
  };

  const runTest = async (pin: string | null): Promise<boolean> => {
    const request = checked(pin);
    if (!request) return false;
    setTest({ phase: 'testing' });
    setConnectError(null);
    try {
      const result = await api.test(request);
      if (result.ok) {
        setTest({ phase: 'passed', folders: result.folders, defaults: result.default_folders });
        setChosen(new Set(result.default_folders));
        setFolderError(null);
        return true;
      }
      setTest({
        phase: 'failed',
        failure: result,
        host: request.settings.host,
        port: String(request.settings.port),
      });
    } catch (error) {
      setTest({
        phase: 'error',
        message: userMessage(error, 'The test could not run. Try again in a moment.'),
      });
    }
    return false;
  };

  const trust = (sha256: string) => {
    setPinned(sha256);
    void runTest(sha256);
  };

  const connect = async (event: FormEvent) => {
    event.preventDefault();
    if (test.phase === 'testing' || connecting) return;
    // Connect before a test tests first, and shows the folders to look over before saving.
    if (test.phase !== 'passed') {
      await runTest(pinned);
      return;
    }
    if (chosen.size === 0) {
      setFolderError('Choose at least one folder to search.');
      return;
    }
    const folders = chosenFolders(chosen, test.defaults);
    const request = checkServerForm(values, { folders, pinnedSha256: pinned });
    if (!request.ok) {
      setErrors(request.errors);
      return;
    }
    await runConnect(
      async () => onConnected(await api.create(request.request)),
      'The source could not be saved. Try again in a moment.',
    );
  };

  const toggleFolder = (path: string, on: boolean) => {
    setFolderError(null);
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(path);
      else next.delete(path);
      return next;
    });
  };

  const text = (field: ServerField, options: PlainInputOptions = {}) =>
    plainInput(values[field], (value) => update(field, value), options);

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={connect}>
      <Text tone="muted" size="sm">
        {name} reads your mail over IMAP and never sends, moves or deletes anything. We guess the server from
        your address; change it if your provider says otherwise.
      </Text>
      <Field label="Email address" id={ids.email} error={errors.email} required>
        {text('email', { type: 'email', autoComplete: 'email' })}
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
      <Field
        label="User name"
        id={ids.username}
        error={errors.username}
        hint="Usually your email address."
        required
      >
        {text('username', { autoComplete: 'username' })}
      </Field>
      <PasswordField
        id={ids.password}
        label="Password or app password"
        inputLabel="Password"
        error={errors.password}
        required
        hint={`We recommend an app password, made for ${name} alone at your provider, so you can revoke it any time. It is stored encrypted and never shown again.`}
        value={values.password}
        onChange={(value) => update('password', value)}
      />
      <TestStatus
        id={resultId}
        test={test}
        passed="Check the folders to search, then press Connect."
        onTrust={trust}
      />

      {test.phase === 'passed' ? (
        <FolderChoice
          folders={test.folders}
          chosen={chosen}
          onToggle={toggleFolder}
          hint="Trash, Junk, Drafts and All Mail are left out unless you check them."
          error={folderError}
          errorId={`${foldersId}-error`}
        />
      ) : null}

      <FormActions
        error={connectError}
        onCancel={onCancel}
        check={{
          label: test.phase === 'passed' ? 'Test again' : 'Test',
          busy: test.phase === 'testing',
          onPress: () => void runTest(pinned),
        }}
        submit={{ label: 'Connect', busy: connecting }}
      />
    </form>
  );
}
