// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import {
  CALENDAR_MESSAGES,
  type CalendarSource,
  type Source,
  type SourceTestResult,
  type TestSource,
  type UpdateSource,
} from '@trove/contracts';
import { KitProviders } from '@trove/kit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CalendarForm } from './calendar-form';

// The calendar form (issue 43 item 1): an iCal address or a CalDAV server; Test lists the calendars to pick; a
// bad address is told by the contracts' words before anything is sent; Connect saves only what was picked.

const twoCalendars: SourceTestResult = {
  ok: true,
  folders: [
    {
      path: 'https://dav.example.com/ada/work/',
      name: 'Work',
      special_use: null,
      messages: null,
      default_selected: true,
    },
    {
      path: 'https://dav.example.com/ada/home/',
      name: 'Home',
      special_use: null,
      messages: null,
      default_selected: true,
    },
  ],
  default_folders: ['https://dav.example.com/ada/work/', 'https://dav.example.com/ada/home/'],
  certificate: null,
};

function renderForm(
  protocol: 'ical' | 'caldav',
  result: SourceTestResult = twoCalendars,
  source?: CalendarSource,
) {
  const test = vi.fn<(request: TestSource) => Promise<SourceTestResult>>(async () => result);
  const create = vi.fn<(request: TestSource) => Promise<Source>>(async () => ({}) as unknown as Source);
  const update = vi.fn<(id: string, change: UpdateSource) => Promise<Source>>(
    async () => ({}) as unknown as Source,
  );
  const onConnected = vi.fn();
  render(
    <KitProviders config={{ name: 'Acme', shortName: 'A', tagline: 'x' }}>
      <CalendarForm
        api={{ test, create, update }}
        protocol={protocol}
        source={source}
        onConnected={onConnected}
        onCancel={() => {}}
      />
    </KitProviders>,
  );
  return { test, create, update, onConnected };
}

const type = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

afterEach(cleanup);

describe('CalendarForm', () => {
  it('says what is wrong with an address before sending anything', async () => {
    const { test } = renderForm('ical');
    type(/Calendar address/, 'calendar.google.com/secret');
    press('Test');
    expect(await screen.findByText(CALENDAR_MESSAGES.badUrl)).toBeTruthy();
    expect(test).not.toHaveBeenCalled();
  });

  it('tests an iCal address (webcal:// read as https://) and connects it', async () => {
    const { test, create, onConnected } = renderForm('ical', {
      ...twoCalendars,
      folders: [],
      default_folders: [],
    });
    type(/Calendar address/, 'webcal://calendar.example.com/basic.ics');
    press('Test');
    await screen.findByText(/The calendar can be read/);
    expect(test.mock.calls[0]?.[0]).toMatchObject({
      kind: 'calendar',
      settings: { protocol: 'ical', url: 'https://calendar.example.com/basic.ics', username: null },
      password: '',
    });
    press('Connect');
    await waitFor(() => expect(onConnected).toHaveBeenCalled());
    expect(create.mock.calls[0]?.[0]).toMatchObject({ settings: { calendars: null } });
  });

  it('saves once when the form is sent twice at once (the kit’s useMutation runs one save at a time)', async () => {
    const { create } = renderForm('ical', { ...twoCalendars, folders: [], default_folders: [] });
    type(/Calendar address/, 'https://calendar.example.com/basic.ics');
    press('Test');
    await screen.findByText(/The calendar can be read/);
    const form = screen.getByRole('button', { name: 'Connect' }).closest('form');
    if (form === null) throw new Error('no form');
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('lists a CalDAV server’s calendars and saves only those left checked', async () => {
    const { create } = renderForm('caldav');
    type(/CalDAV server/, 'https://dav.example.com/');
    type('User name', 'ada@example.com');
    type('App password', 'app-pass');
    press('Test');
    await screen.findByText(/Check the calendars to search/);
    fireEvent.click(screen.getByRole('checkbox', { name: /Home/ }));
    press('Connect');
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]?.[0]).toMatchObject({
      settings: {
        protocol: 'caldav',
        username: 'ada@example.com',
        calendars: ['https://dav.example.com/ada/work/'],
      },
      password: 'app-pass',
    });
  });

  it('shows the server’s words when the test fails', async () => {
    renderForm('caldav', {
      ok: false,
      step: 'auth',
      reason: 'dav.example.com refused the user name and password (401).',
      action: 'Enter the user name and an app password again.',
      certificate: null,
    });
    type(/CalDAV server/, 'https://dav.example.com/');
    type('User name', 'ada@example.com');
    press('Test');
    expect(await screen.findByText(/refused the user name and password/)).toBeTruthy();
  });

  it('edits a saved calendar: its settings filled in, Save sends the change with the password typed again', async () => {
    const saved = {
      id: 's1',
      kind: 'calendar',
      name: 'Work',
      settings: {
        protocol: 'caldav',
        url: 'https://dav.example.com/',
        username: 'ada@example.com',
        calendars: ['https://dav.example.com/ada/work/'],
        window_past_days: 365,
        window_future_days: 365,
        poll_minutes: 30,
        time_zone: null,
      },
    } as unknown as CalendarSource;
    const { update, create } = renderForm('ical', twoCalendars, saved);
    expect((screen.getByLabelText(/CalDAV server/) as HTMLInputElement).value).toBe(
      'https://dav.example.com/',
    );
    type('App password', 'new-pass');
    press('Test');
    await screen.findByText(/Check the calendars to search/);
    expect((screen.getByRole('checkbox', { name: /Home/ }) as HTMLInputElement).checked).toBe(false);
    press('Save');
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(create).not.toHaveBeenCalled();
    expect(update.mock.calls[0]).toMatchObject([
      's1',
      { settings: { calendars: ['https://dav.example.com/ada/work/'] }, password: 'new-pass' },
    ]);
  });
});
