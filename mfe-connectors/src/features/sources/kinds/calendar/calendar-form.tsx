import {
  type CalendarProtocol,
  type CalendarSource,
  CalendarSettingsSchema,
  type Source,
  type SourceTestResult,
  type TestSource,
  type UpdateSource,
} from '@trove/contracts';
import { useAppConfig, useMutation } from '@trove/kit';
import { Field, Select } from '@trove/kit/ui';
import { type FormEvent, useId, useState } from 'react';
import { PasswordField, plainInput } from '../../server-fields';
import { SourceFormFrame, toggled, useSourceTest } from '../source-form-frame';

// "Add server" on the CalDAV card and "Use a calendar address" on Google's and Microsoft's (issue 43 item 1):
// an iCal address, or a CalDAV server with a user name and app password; Test lists the calendars (CalDAV's
// discovery) to pick, Connect saves the source. Every message comes from the service's words.

export interface CalendarFormApi {
  test: (request: TestSource) => Promise<SourceTestResult>;
  create: (request: TestSource) => Promise<Source>;
  update: (id: string, update: UpdateSource) => Promise<Source>;
}

export interface CalendarFormProps {
  api: CalendarFormApi;
  protocol: CalendarProtocol;
  /** Editing a saved calendar: its settings filled in, Connect saves the change (the app password typed again). */
  source?: CalendarSource | undefined;
  onConnected: (source: Source) => void;
  onCancel: () => void;
}

const personalZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone ?? null;

export function CalendarForm({ api, protocol: initial, source, onConnected, onCancel }: CalendarFormProps) {
  const { name } = useAppConfig();
  const ids = { protocol: useId(), url: useId(), username: useId(), password: useId() };
  const foldersId = useId();
  const [protocol, setProtocol] = useState<CalendarProtocol>(source?.settings.protocol ?? initial);
  const [url, setUrl] = useState(source?.settings.url ?? '');
  const [username, setUsername] = useState(source?.settings.username ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'url' | 'username', string>>>({});
  const { test, setTest, runTest: run } = useSourceTest('Try again in a moment.');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set(source?.settings.calendars ?? []));
  const { busy, error: connectError, run: runSave } = useMutation();

  /** The request the fields make, or each field's first message from the contracts' schema. */
  const request = (calendars: string[] | null): TestSource | null => {
    const parsed = CalendarSettingsSchema.safeParse({
      protocol,
      url,
      username: protocol === 'caldav' ? username : null,
      calendars,
      time_zone: personalZone(),
    });
    if (protocol === 'caldav' && username.trim() === '')
      setErrors({ username: 'Enter the user name for the CalDAV server, usually your email address.' });
    if (!parsed.success) {
      const next: Partial<Record<'url' | 'username', string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'url' || key === 'username') && next[key] === undefined) next[key] = issue.message;
      }
      setErrors(next);
      return null;
    }
    if (protocol === 'caldav' && username.trim() === '') return null;
    setErrors({});
    return { kind: 'calendar', settings: parsed.data, password: protocol === 'caldav' ? password : '' };
  };

  const runTest = async () => {
    const checked = request(null);
    if (checked === null) return;
    const passed = await run(() => api.test(checked));
    // A saved choice stays as it was; a new source starts with every calendar.
    if (passed !== null) setChosen(new Set(source?.settings.calendars ?? passed.default_folders));
  };

  const connect = async (event: FormEvent) => {
    event.preventDefault();
    if (test.phase !== 'passed') {
      await runTest();
      return;
    }
    const all = test.folders.every((calendar) => chosen.has(calendar.path));
    const checked = request(protocol === 'caldav' && !all ? [...chosen] : null);
    if (checked === null) return;
    await runSave(async () => {
      if (source === undefined) onConnected(await api.create(checked));
      else
        onConnected(
          await api.update(source.id, {
            settings: checked.settings,
            ...(checked.password === '' ? {} : { password: checked.password }),
          }),
        );
    }, 'The calendar could not be saved. Try again in a moment.');
  };

  const changed = (set: (value: string) => void) => (value: string) => {
    set(value);
    setTest({ phase: 'idle' });
  };

  return (
    <SourceFormFrame
      lede={
        <>
          {name} reads your events and never changes your calendar. Each event becomes a document you can
          search by its words, its date and the people in it.
        </>
      }
      test={test}
      words={{
        testing: 'Reading the calendar…',
        passed:
          protocol === 'caldav'
            ? 'The server answers. Check the calendars to search, then press Connect.'
            : 'The calendar can be read. Press Connect.',
        testButton: test.phase === 'passed' ? 'Test again' : 'Test',
      }}
      choice={
        protocol === 'caldav'
          ? {
              chosen,
              onToggle: (path, on) => setChosen((current) => toggled(current, path, on)),
              error: null,
              errorId: `${foldersId}-error`,
              legend: 'Calendars to search',
              byName: true,
            }
          : null
      }
      error={connectError}
      saving={busy}
      saveLabel={source === undefined ? 'Connect' : 'Save'}
      onSubmit={connect}
      onTest={() => void runTest()}
      onCancel={onCancel}
    >
      <Field label="Read from" id={ids.protocol}>
        {(control) => (
          <Select
            {...control}
            value={protocol}
            onChange={(event) => {
              setProtocol(event.target.value as CalendarProtocol);
              setTest({ phase: 'idle' });
            }}
          >
            <option value="ical">A calendar address (iCal, .ics)</option>
            <option value="caldav">A CalDAV server (iCloud, Fastmail, Nextcloud…)</option>
          </Select>
        )}
      </Field>
      <Field
        label={protocol === 'ical' ? 'Calendar address' : 'CalDAV server'}
        id={ids.url}
        error={errors.url}
        required
        hint={
          protocol === 'ical'
            ? 'Google Calendar: Settings › your calendar › “Secret address in iCal format”. Outlook: Settings › Calendar › Shared calendars › Publish › ICS.'
            : 'For example https://caldav.fastmail.com, https://caldav.icloud.com or https://cloud.example.com/remote.php/dav.'
        }
      >
        {plainInput(url, changed(setUrl), { type: 'url', placeholder: 'https://' })}
      </Field>
      {protocol === 'caldav' ? (
        <>
          <Field
            label="User name"
            id={ids.username}
            error={errors.username}
            hint="Usually your email address."
            required
          >
            {plainInput(username, changed(setUsername), { autoComplete: 'username' })}
          </Field>
          <PasswordField
            id={ids.password}
            label="App password"
            inputLabel="App password"
            required
            hint={`An app password made for ${name} alone, so you can revoke it any time. It is stored encrypted and never shown again.`}
            value={password}
            onChange={changed(setPassword)}
          />
        </>
      ) : null}
    </SourceFormFrame>
  );
}
