import type {
  CreateSourceInput,
  Source,
  SourceFolder,
  SourceTestResult,
  TestNewSource,
  TestSavedSource,
  UpdateSource,
} from '@trove/contracts';
import { useAppConfig, userMessage } from '@trove/kit';
import { Button, Field } from '@trove/kit/ui';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { FolderChoice, PasswordField, plainInput } from '../server-fields';
import * as styles from '../sources.module.css';

// A source named by a web address (issue 43): a file share (WebDAV) or a Git repository. The address, a user
// name and a password or token; Test lists what to choose (folders, branches); Connect saves. Each kind gives
// its words and how its choice becomes settings (kinds/webdav, kinds/git).

export interface UrlSourceApi {
  test: (request: TestNewSource) => Promise<SourceTestResult>;
  /** A saved source's test with the fields as edited: its saved password unless one is typed (docs/decisions/080). */
  testSaved?: (id: string, request: TestSavedSource) => Promise<SourceTestResult>;
  create: (request: CreateSourceInput) => Promise<Source>;
  update: (id: string, update: UpdateSource) => Promise<Source>;
}

export interface UrlKindWords {
  kind: 'webdav' | 'git';
  /** The product's name comes from the runtime config (useAppConfig), never the code. */
  lede: (name: string) => ReactNode;
  urlLabel: string;
  urlHint: string;
  urlPlaceholder: string;
  usernameRequired: boolean;
  usernameHint: string;
  passwordLabel: string;
  passwordHint: (name: string) => string;
  /** The password may be empty (a public repository). */
  passwordOptional: boolean;
  choiceHint: string;
  /** The choice's legend ("Folders to read", "Branch"). */
  choiceLegend: string;
  passed: string;
  /** The settings from the form and the choice (folders or a branch). */
  settings(
    values: { url: string; username: string },
    chosen: ReadonlySet<string>,
    test: SourceFolder[],
  ): Record<string, unknown>;
  /** What a saved source's settings put back in the form. */
  saved(source: Source): { url: string; username: string; chosen: string[] };
  single: boolean;
}

export interface UrlSourceFormProps {
  words: UrlKindWords;
  api: UrlSourceApi;
  source?: Source | undefined;
  onSaved: (source: Source) => void;
  onCancel: () => void;
}

type Test =
  | { phase: 'idle' }
  | { phase: 'testing' }
  | { phase: 'failed'; reason: string; action: string }
  | { phase: 'passed'; folders: SourceFolder[] };

export function UrlSourceForm({ words, api, source, onSaved, onCancel }: UrlSourceFormProps) {
  const { name } = useAppConfig();
  const initial = source === undefined ? undefined : words.saved(source);
  const [url, setUrl] = useState(initial?.url ?? '');
  const [username, setUsername] = useState(initial?.username ?? '');
  const [password, setPassword] = useState('');
  const [test, setTest] = useState<Test>({ phase: 'idle' });
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set(initial?.chosen ?? []));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const ids = { url: useId(), username: useId(), password: useId(), folders: useId() };

  const touched = () => {
    if (test.phase !== 'testing') setTest({ phase: 'idle' });
    setError(null);
  };

  const runTest = async () => {
    setTest({ phase: 'testing' });
    setError(null);
    try {
      const request = {
        kind: words.kind,
        settings: words.settings({ url, username }, new Set(), []),
        password,
      };
      const result =
        source !== undefined && api.testSaved !== undefined
          ? await api.testSaved(source.id, {
              settings: { url, username } as TestSavedSource['settings'],
              ...(password === '' ? {} : { password }),
            })
          : await api.test(request as TestNewSource);
      if (result.ok) {
        setTest({ phase: 'passed', folders: result.folders });
        if (chosen.size === 0) setChosen(new Set(result.default_folders));
      } else setTest({ phase: 'failed', reason: result.reason, action: result.action });
    } catch (failure) {
      setTest({
        phase: 'failed',
        reason: userMessage(failure, 'The test could not run.'),
        action: 'Check the fields and try again.',
      });
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (source === undefined && test.phase !== 'passed') {
      await runTest();
      return;
    }
    setSaving(true);
    try {
      const settings = words.settings({ url, username }, chosen, test.phase === 'passed' ? test.folders : []);
      onSaved(
        source === undefined
          ? await api.create({ kind: words.kind, settings, password } as CreateSourceInput)
          : await api.update(source.id, {
              settings: settings as UpdateSource['settings'],
              ...(password === '' ? {} : { password }),
            }),
      );
    } catch (failure) {
      setError(userMessage(failure, 'The source could not be saved. Try again in a moment.'));
    } finally {
      setSaving(false);
    }
  };

  const toggle = (path: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(words.single ? [] : current);
      if (on) next.add(path);
      else next.delete(path);
      return next;
    });

  return (
    <form className={styles.form} noValidate onSubmit={save} data-kind={words.kind}>
      <p className={styles.formLede}>{words.lede(name)}</p>
      <Field label={words.urlLabel} id={ids.url} hint={words.urlHint} required>
        {plainInput(
          url,
          (value) => {
            setUrl(value);
            touched();
          },
          {
            type: 'url',
            placeholder: words.urlPlaceholder,
          },
        )}
      </Field>
      <Field label="User name" id={ids.username} hint={words.usernameHint} required={words.usernameRequired}>
        {plainInput(
          username,
          (value) => {
            setUsername(value);
            touched();
          },
          { autoComplete: 'username' },
        )}
      </Field>
      <PasswordField
        id={ids.password}
        label={words.passwordLabel}
        inputLabel={words.passwordLabel}
        required={!words.passwordOptional && source === undefined}
        hint={source === undefined ? words.passwordHint(name) : 'Leave empty to keep the saved one.'}
        value={password}
        onChange={(value) => {
          setPassword(value);
          touched();
        }}
      />
      <div className={styles.testResult} role="status" aria-live="polite">
        {test.phase === 'testing' ? <p className={styles.testing}>Testing the connection…</p> : null}
        {test.phase === 'passed' ? (
          <p className={styles.passed}>
            <span aria-hidden="true">✓ </span>
            {words.passed}
          </p>
        ) : null}
        {test.phase === 'failed' ? (
          <div className={styles.failed}>
            <p className={styles.failedTitle}>{test.reason}</p>
            <p>{test.action}</p>
          </div>
        ) : null}
      </div>
      {test.phase === 'passed' && test.folders.length > 0 ? (
        <FolderChoice
          folders={test.folders}
          legend={words.choiceLegend}
          chosen={chosen}
          onToggle={toggle}
          hint={words.choiceHint}
          error={null}
          errorId={ids.folders}
        />
      ) : null}
      {error ? (
        <p className={styles.fieldError} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.formActions}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button busy={test.phase === 'testing'} onClick={() => void runTest()}>
          Test
        </Button>
        <Button type="submit" variant="primary" busy={saving}>
          {source === undefined ? 'Connect' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
