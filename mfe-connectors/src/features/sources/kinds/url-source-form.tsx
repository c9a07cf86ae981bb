import type {
  CreateSourceInput,
  Source,
  SourceFolder,
  SourceTestResult,
  TestNewSource,
  UpdateSource,
} from '@trove/contracts';
import { useAppConfig, useMutation } from '@trove/kit';
import { Field } from '@trove/kit/ui';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { PasswordField, plainInput } from '../server-fields';
import { SourceFormFrame, toggled, useSourceTest } from './source-form-frame';

// A source named by a web address (issue 43): a file share (WebDAV) or a Git repository. The address, a user
// name and a password or token; Test lists what to choose (folders, branches); Connect saves. Each kind gives
// its words and how its choice becomes settings (kinds/webdav, kinds/git).

export interface UrlSourceApi {
  test: (request: TestNewSource) => Promise<SourceTestResult>;
  create: (request: CreateSourceInput) => Promise<Source>;
  update: (id: string, update: UpdateSource) => Promise<Source>;
}

export interface UrlKindWords<K extends 'webdav' | 'git' = 'webdav' | 'git'> {
  kind: K;
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

export function UrlSourceForm({ words, api, source, onSaved, onCancel }: UrlSourceFormProps) {
  const { name } = useAppConfig();
  const initial = source === undefined ? undefined : words.saved(source);
  const [url, setUrl] = useState(initial?.url ?? '');
  const [username, setUsername] = useState(initial?.username ?? '');
  const [password, setPassword] = useState('');
  const { test, setTest, runTest: run } = useSourceTest('Check the fields and try again.');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set(initial?.chosen ?? []));
  const { busy: saving, error, run: runSave, setError } = useMutation();
  const ids = { url: useId(), username: useId(), password: useId(), folders: useId() };

  const touched = () => {
    if (test.phase !== 'testing') setTest({ phase: 'idle' });
    setError(null);
  };

  const runTest = async () => {
    setError(null);
    const request = {
      kind: words.kind,
      settings: words.settings({ url, username }, new Set(), []),
      password,
    };
    const passed = await run(() => api.test(request as TestNewSource));
    if (passed !== null && chosen.size === 0) setChosen(new Set(passed.default_folders));
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (source === undefined && test.phase !== 'passed') {
      await runTest();
      return;
    }
    await runSave(async () => {
      const settings = words.settings({ url, username }, chosen, test.phase === 'passed' ? test.folders : []);
      onSaved(
        source === undefined
          ? await api.create({ kind: words.kind, settings, password } as CreateSourceInput)
          : await api.update(source.id, {
              settings: settings as UpdateSource['settings'],
              ...(password === '' ? {} : { password }),
            }),
      );
    }, 'The source could not be saved. Try again in a moment.');
  };

  return (
    <SourceFormFrame
      kind={words.kind}
      lede={words.lede(name)}
      test={test}
      words={{ testing: 'Testing the connection…', passed: words.passed, testButton: 'Test' }}
      choice={
        test.phase === 'passed' && test.folders.length > 0
          ? {
              legend: words.choiceLegend,
              chosen,
              onToggle: (path, on) => setChosen((current) => toggled(current, path, on, words.single)),
              hint: words.choiceHint,
              error: null,
              errorId: ids.folders,
            }
          : null
      }
      error={error}
      saving={saving}
      saveLabel={source === undefined ? 'Connect' : 'Save'}
      onSubmit={save}
      onTest={() => void runTest()}
      onCancel={onCancel}
    >
      <Field label={words.urlLabel} id={ids.url} hint={words.urlHint} required>
        {plainInput(
          url,
          (value) => {
            setUrl(value);
            touched();
          },
          { type: 'url', placeholder: words.urlPlaceholder },
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
    </SourceFormFrame>
  );
}
