import { testTime } from '@trove/kit/testing/time';
// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { DatabaseSource, Source, SourceStatus } from '@trove/contracts';
import { KitProviders } from '@trove/kit';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ConnectionsPage from '../../expose/connections-page';

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const MIN = 60_000;

const source = (id: string, name: string, status: SourceStatus, documents = 120): Source => ({
  id,
  kind: 'imap',
  name,
  settings: {
    email: name,
    host: 'imap.example.org',
    port: 993,
    security: 'tls',
    username: name,
    folders: null,
    pinned_certificate_sha256: null,
  },
  status,
  documents,
  created_at: ago(60 * MIN),
  updated_at: ago(MIN),
});

const database = (
  id: string,
  name: string,
  status: SourceStatus,
  changedAt: string | null,
): DatabaseSource => ({
  id,
  kind: 'postgres',
  name,
  settings: {
    host: 'db.example.org',
    port: 5432,
    database: 'shop',
    user: 'acme_reader',
    tls: 'verify',
    table: 'invoices',
    query: null,
    id_column: 'id',
    title_column: 'number',
    body_columns: ['customer', 'total'],
    changed_at_column: changedAt,
  },
  sync:
    changedAt === null
      ? { mode: 'full', note: 'No “changed at” column: every sync reads all rows to find what changed.' }
      : { mode: 'delta', note: `Syncs rows changed since the last sync (by ${changedAt}).` },
  status,
  documents: 1,
  created_at: ago(60 * MIN),
  updated_at: ago(MIN),
});

let listed: Source[] = [];
const calls: Array<{ method: string; url: string }> = [];

beforeEach(() => {
  vi.stubGlobal('__TROVE_BUILD_LABEL__', 'test');
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      if (url.endsWith('/config/connectors.json')) return Response.json({});
      if (url === '/api/v1/sources' && method === 'GET') return Response.json({ sources: listed });
      if (method === 'DELETE') return new Response(null, { status: 204 });
      return Response.json({ error: 'Not found', code: 'not_found' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  return render(
    <KitProviders config={{ name: 'Acme', shortName: 'A', tagline: 'x' }}>
      <MemoryRouter>
        <ConnectionsPage />
      </MemoryRouter>
    </KitProviders>,
  );
}

const card = (name: string) => screen.getByRole('article', { name });

describe('a long mailbox address on its card (issue 38)', () => {
  it('breaks after the @ and before each dot, never mid-word, and still reads as the address', async () => {
    const address = 'accounts.payable.department@northwind-logistics.example';
    listed = [source('a', address, { state: 'connected', next_sync_at: null })];
    renderPage();
    const title = await screen.findByRole('heading', { name: address });
    expect(title.textContent).toBe(address);
    expect(title.innerHTML).toBe(
      'accounts<wbr>.payable<wbr>.department@<wbr>northwind-logistics<wbr>.example',
    );
  });
});

describe('the sources above the catalog (issue 21: status people can read)', () => {
  it('each state reads in words on its card', async () => {
    listed = [
      source('a', 'new@example.org', { state: 'connected', next_sync_at: null }),
      source('b', 'busy@example.org', {
        state: 'syncing',
        done: 1200,
        total: 6046,
        rate: 210,
        eta_seconds: 240,
        started_at: ago(5 * MIN),
        stuck_since: null,
        last_sync_at: null,
      }),
      source('c', 'done@example.org', {
        state: 'up_to_date',
        last_sync_at: ago(5 * MIN),
        next_sync_at: new Date(Date.now() + 10 * MIN + 1000).toISOString(),
      }),
      source('d', 'stuck@example.org', {
        state: 'needs_attention',
        problem: 'auth',
        reason: 'The server refused the password.',
        action: 'Enter a new app password.',
        retry_at: null,
        last_sync_at: null,
      }),
      source('e', 'rest@example.org', { state: 'paused', last_sync_at: null }),
    ];
    renderPage();
    await screen.findByRole('article', { name: 'new@example.org' });
    expect(within(card('new@example.org')).getByText('Connected')).toBeTruthy();
    expect(within(card('new@example.org')).getByText('The first sync starts shortly.')).toBeTruthy();
    const busy = within(card('busy@example.org'));
    expect(busy.getByText('Syncing')).toBeTruthy();
    expect(busy.getByText('1,200 of 6,046 messages')).toBeTruthy();
    expect(busy.getByText('210 a second · about 4 min left')).toBeTruthy();
    expect(busy.queryByRole('button', { name: /Sync now/ })).toBeNull();
    const done = within(card('done@example.org'));
    expect(done.getByText('Up to date')).toBeTruthy();
    expect(done.getByText('Last sync 5 min ago')).toBeTruthy();
    expect(done.getByText('Next sync in 10 min')).toBeTruthy();
    const stuck = within(card('stuck@example.org'));
    expect(stuck.getByText('Needs attention')).toBeTruthy();
    expect(stuck.getByText('The server refused the password.')).toBeTruthy();
    expect(stuck.getByText('Enter a new app password.')).toBeTruthy();
    const rest = within(card('rest@example.org'));
    expect(rest.getByText('Paused')).toBeTruthy();
    expect(rest.getByRole('button', { name: 'Resume rest@example.org' })).toBeTruthy();
  });

  it('Remove asks first, saying everything the source brought in leaves search too', async () => {
    listed = [source('a', 'ana@example.org', { state: 'paused', last_sync_at: null }, 321)];
    renderPage();
    await screen.findByRole('article', { name: 'ana@example.org' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove ana@example.org' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove ana@example.org?' });
    expect(dialog.textContent).toContain('This removes everything ana@example.org brought in');
    expect(dialog.textContent).toContain('321 messages');
    expect(dialog.textContent).toContain('from your search too');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Remove ana@example.org' }));
    const again = await screen.findByRole('dialog', { name: 'Remove ana@example.org?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'ana@example.org' })).toBeNull());
    expect(calls).toContainEqual({ method: 'DELETE', url: '/api/v1/sources/a' });
  });

  it('Remove of a database server never claims a password it may not have (issue 38)', async () => {
    listed = [database('p', 'Invoices', { state: 'paused', last_sync_at: null }, null)];
    renderPage();
    await screen.findByRole('article', { name: 'Invoices' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Invoices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Invoices?' });
    expect(dialog.textContent).not.toContain('forgets its password');
    expect(dialog.textContent).toContain('and forgets any password saved for it.');
    expect(dialog.textContent).toContain('The database itself is not touched.');
  });

  it('Remove of a calendar speaks of its events and the calendar, not rows and a database', async () => {
    const calendar = {
      id: 'c',
      kind: 'calendar',
      name: 'Team calendar',
      settings: {
        protocol: 'ical',
        url: 'https://calendar.example.org/team.ics',
        username: null,
        calendars: null,
        window_past_days: 365,
        window_future_days: 365,
        poll_minutes: 30,
        time_zone: null,
      },
      status: { state: 'paused', last_sync_at: null },
      documents: 12,
      created_at: ago(60 * MIN),
      updated_at: ago(MIN),
    } as unknown as Source;
    listed = [calendar];
    renderPage();
    await screen.findByRole('article', { name: 'Team calendar' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Team calendar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Team calendar?' });
    expect(dialog.textContent).toContain('12 events');
    expect(dialog.textContent).toContain('The calendar itself is not touched.');
    expect(dialog.textContent).toContain('add the calendar again to bring the events back');
    expect(dialog.textContent).not.toMatch(/rows|database/);
  });

  it('with no sources, says so and offers to add a mailbox, which opens the form', async () => {
    listed = [];
    renderPage();
    expect(await screen.findByText(/Nothing connected yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add a mailbox' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a mailbox (IMAP)' });
    expect(within(dialog).getByLabelText('Email address')).toBeTruthy();
  });

  it('a database source counts rows, says when it does full scans, and its Fix settings opens its form', async () => {
    listed = [
      database(
        'p',
        'Invoices',
        {
          state: 'syncing',
          done: 2000,
          total: 100_000,
          rate: 2500,
          eta_seconds: 39,
          started_at: ago(MIN),
          stuck_since: null,
          last_sync_at: null,
        },
        null,
      ),
      database(
        'q',
        'Tickets',
        {
          state: 'needs_attention',
          problem: 'table',
          reason: 'The table “tickets” does not exist any more.',
          action: 'Choose another table.',
          retry_at: null,
          last_sync_at: null,
        },
        'updated_at',
      ),
    ];
    renderPage();
    await screen.findByRole('article', { name: 'Invoices' });
    const invoices = within(card('Invoices'));
    expect(invoices.getByText('PostgreSQL · invoices')).toBeTruthy();
    expect(invoices.getByText('db.example.org:5432 · shop')).toBeTruthy();
    expect(invoices.getByText('2,000 of 100,000 rows')).toBeTruthy();
    expect(invoices.getByText(/every sync reads all rows/).textContent).toMatch(/^Full scans\./);
    expect(invoices.getByText('1 row in search')).toBeTruthy();
    const tickets = within(card('Tickets'));
    expect(tickets.getByText('The table “tickets” does not exist any more.')).toBeTruthy();
    expect(tickets.queryByText(/Full scans/)).toBeNull();
    expect(tickets.queryByRole('button', { name: /^Update password/ })).toBeNull();
    fireEvent.click(tickets.getByRole('button', { name: 'Fix settings of Tickets' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Tickets' });
    expect((within(dialog).getByLabelText('Host') as HTMLInputElement).value).toBe('db.example.org');
    expect((within(dialog).getByLabelText('Changed-at column') as HTMLInputElement).value).toBe('updated_at');
  });

  it('a syncing database source shows rows done of rows known, the time left and a bar; a stuck one says so (issue 34 item 7)', async () => {
    const syncing = (done: number, stuckSince: string | null): SourceStatus => ({
      state: 'syncing',
      done,
      total: 40_000,
      rate: 2_400,
      eta_seconds: stuckSince === null ? 150 : 7,
      started_at: ago(30 * MIN),
      stuck_since: stuckSince,
      last_sync_at: null,
    });
    listed = [
      database('p', 'Orders', syncing(24_000, null), null),
      database('q', 'Ledger', syncing(39_000, ago(12 * MIN)), 'updated_at'),
    ];
    renderPage();
    await screen.findByRole('article', { name: 'Orders' });
    const orders = within(card('Orders'));
    expect(orders.getByText('Syncing')).toBeTruthy();
    expect(orders.getByText('24,000 of 40,000 rows')).toBeTruthy();
    expect(orders.getByText('2,400 a second · about 3 min left')).toBeTruthy();
    expect((orders.getByLabelText('Sync progress of Orders') as HTMLProgressElement).value).toBe(0.6);
    const ledger = within(card('Ledger'));
    expect(ledger.getByText('Stuck')).toBeTruthy();
    expect(ledger.queryByText('Syncing')).toBeNull();
    expect(ledger.getByText('39,000 of 40,000 rows')).toBeTruthy();
    expect(ledger.getByText(/^Nothing has moved since/)).toBeTruthy();
  });

  it('Add a database offers the three kinds; each opens its form, as the catalog cards do', {
    timeout: testTime(20_000),
  }, async () => {
    listed = [];
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a database' }));
    const choice = await screen.findByRole('dialog', { name: 'Add a database' });
    fireEvent.click(within(choice).getByRole('button', { name: /MySQL or MariaDB server/ }));
    const mysql = await screen.findByRole('dialog', { name: 'Add a MySQL or MariaDB server' });
    expect((within(mysql).getByLabelText('Port') as HTMLInputElement).value).toBe('3306');
    fireEvent.click(within(mysql).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The catalog's first filters hide the database cards; without them, their buttons open the same forms.
    for (const name of [/OAuth/, /On-device/, /Delta sync/])
      fireEvent.click(screen.getByRole('checkbox', { name }));
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'SQL' } });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Add server for PostgreSQL' }, { timeout: testTime(10_000) }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add a PostgreSQL server' });
    expect((within(dialog).getByLabelText('Port') as HTMLInputElement).value).toBe('5432');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Add file for SQLite' }));
    expect(await screen.findByRole('dialog', { name: 'Add a SQLite file' })).toBeTruthy();
  });
});
