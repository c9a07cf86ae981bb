// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { KitProviders } from '@trove/kit';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlaybookCatalog } from '../playbooks/playbook-catalog';
import { ConnectorCatalog } from './connector-catalog';
import type { ConnectorSettings } from './connector-state';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/**
 * The server the kit talks to, in the page: the session check answers as a guest or a user, and the
 * runtime config carries the given connector settings.
 */
function stubServer({ signedIn, settings = {} }: { signedIn: boolean; settings?: ConnectorSettings }) {
  // biome-ignore lint/suspicious/noDocumentCookie: the kit reads this cookie to know a session may exist.
  document.cookie = signedIn ? 'csrf_access_token=stub' : 'csrf_access_token=; max-age=0';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.endsWith('/config/connectors.json')) return Response.json(settings);
      if (url.endsWith('/api/v1/auth/me') && signedIn)
        return Response.json({ user: { id: 'u1', name: 'Ada' } });
      return Response.json({ error: 'Not signed in', code: 'unauthorized' }, { status: 401 });
    }),
  );
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(element: ReactNode) {
  return render(
    <KitProviders config={{ name: 'Trove', shortName: 'T', tagline: 'Find anything.' }}>
      <MemoryRouter initialEntries={['/connections']}>
        <Routes>
          <Route path="/connections" element={element} />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </MemoryRouter>
    </KitProviders>,
  );
}

const cards = () => document.querySelectorAll('[data-connector]');
const card = (id: string) => document.querySelector(`[data-connector="${id}"]`) as HTMLElement;
const where = () => screen.getByTestId('where').textContent;

describe('the connector catalog component (docs/product/connections.md#card-states, docs/product/connections.md#filters)', () => {
  it('shows 12 cards, then "Load 7 more" adds the page size up to the 19 that match by default', async () => {
    stubServer({ signedIn: false });
    renderAt(<ConnectorCatalog />);
    await screen.findByRole('button', { name: 'Connect Dropbox' });
    expect(cards()).toHaveLength(12);
    fireEvent.click(screen.getByRole('button', { name: 'Load 7 more' }));
    expect(cards()).toHaveLength(19);
    expect(screen.queryByRole('button', { name: /^Load \d+ more$/ })).toBeNull();
  });

  it('the page size is labelled as what "Load more" adds, never "Per page" beside "Showing 12" (issue 38)', async () => {
    stubServer({ signedIn: false });
    renderAt(<ConnectorCatalog />);
    await screen.findByRole('button', { name: 'Connect Dropbox' });
    expect(screen.getByTestId('connector-count').textContent).toBe('Showing 12 of 19 integrations');
    expect((screen.getByLabelText('Load more by') as HTMLSelectElement).value).toBe('10');
    expect(screen.queryByText('Per page')).toBeNull();
  });

  it('a filter change resets the shown count to the page size', async () => {
    stubServer({ signedIn: false });
    renderAt(<ConnectorCatalog />);
    await screen.findByRole('button', { name: 'Connect Dropbox' });
    fireEvent.click(screen.getByRole('button', { name: 'Load 7 more' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Sources' }));
    expect(cards()).toHaveLength(10);
  });

  it('filters are labelled form controls; nothing matching says so and offers a reset', async () => {
    stubServer({ signedIn: false });
    renderAt(<ConnectorCatalog />);
    await screen.findByRole('button', { name: 'Connect Dropbox' });
    for (const name of [/OAuth/, /On-device/, /Read-only/, /Delta sync/]) {
      expect((screen.getByRole('checkbox', { name }) as HTMLInputElement).checked).toBe(true);
    }
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'nothing like this' } });
    expect(screen.getByText('No integrations match your filters.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(cards()).toHaveLength(10);
  });

  it('a card without its client id is Configure: button disabled, saying which setting', async () => {
    stubServer({ signedIn: false });
    renderAt(<ConnectorCatalog />);
    await vi.waitFor(() => expect(card('gmail').dataset.state).toBe('configure'));
    const gmail = screen.getByRole('button', { name: 'Connect Gmail' });
    expect((gmail as HTMLButtonElement).disabled).toBe(true);
    expect(within(card('gmail')).getByText('Needs Google client ID')).toBeTruthy();
    expect(card('localfs').dataset.state).toBe('connected');
  });

  it('while the settings file is read, every card is already there (named, described) and none says Ready yet', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).endsWith('/config/connectors.json')
          ? new Promise<Response>((resolve) => {
              answer = resolve;
            })
          : Response.json({ error: 'Not signed in', code: 'unauthorized' }, { status: 401 }),
      ),
    );
    renderAt(<ConnectorCatalog />);
    expect(cards()).toHaveLength(12);
    expect(card('gmail').dataset.state).toBe('checking');
    expect(within(card('gmail')).getByText('Checking setup')).toBeTruthy();
    const connect = screen.getByRole('button', { name: 'Connect Gmail' }) as HTMLButtonElement;
    expect(connect.disabled).toBe(true);
    expect(card('localfs').dataset.state).toBe('connected');
    answer(Response.json({ googleClientId: 'g-1' }));
    await vi.waitFor(() => expect(card('gmail').dataset.state).toBe('ready'));
  });

  it('with the Google client id in the runtime config, Gmail is Ready', async () => {
    stubServer({ signedIn: false, settings: { googleClientId: 'g-1' } });
    renderAt(<ConnectorCatalog />);
    await vi.waitFor(() => expect(card('gmail').dataset.state).toBe('ready'));
  });

  it('a guest who presses Connect goes to /auth/login?next=/integrations', async () => {
    stubServer({ signedIn: false });
    renderAt(<ConnectorCatalog />);
    const connect = await screen.findByRole('button', { name: 'Connect Dropbox' });
    await vi.waitFor(() => expect((connect as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(connect);
    expect(where()).toBe('/auth/login?next=/integrations');
  });

  it('signed in, Connect logs the connector id and toasts that it is coming soon', async () => {
    stubServer({ signedIn: true });
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    renderAt(<ConnectorCatalog />);
    const connect = await screen.findByRole('button', { name: 'Connect Dropbox' });
    await vi.waitFor(() => expect((connect as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(connect);
    expect(info).toHaveBeenCalledWith('connect: dropbox');
    expect(await screen.findByText('Connecting Dropbox is coming soon.')).toBeTruthy();
    expect(where()).toBe('/connections');
  });

  it('the database cards say what they add: a server for PostgreSQL and MySQL, a file for SQLite (issue 22)', async () => {
    stubServer({ signedIn: false });
    renderAt(
      <ConnectorCatalog
        initialFilters={{ oauth: false, onDevice: false, deltaSync: false, category: 'storage' }}
      />,
    );
    expect(await screen.findByRole('button', { name: 'Add server for PostgreSQL' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add server for MySQL' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add file for SQLite' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add server for SQLite' })).toBeNull();
  });

  it('the calendar cards offer a calendar address beside the sign-in, and a CalDAV card adds a server (issue 43)', async () => {
    stubServer({ signedIn: true });
    const opened: string[] = [];
    renderAt(
      <ConnectorCatalog
        initialFilters={{ oauth: false, onDevice: false, deltaSync: false, category: 'calendar' }}
        openServerForm={(connector) => {
          opened.push(connector.id);
          return true;
        }}
      />,
    );
    fireEvent.click(
      await screen.findByRole('button', { name: 'Use a calendar address for Google Calendar' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Use a calendar address for Outlook Calendar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add server for CalDAV calendars' }));
    expect(opened).toEqual(['gcal', 'mcal', 'caldav']);
    // Google's sign-in is still there beside it (Configure without its client id).
    expect(within(card('gcal')).getByRole('button', { name: /Connect/ })).toBeTruthy();
  });

  it('"Add server" opens a popup listing host, port, database and read-only user, marked coming soon', async () => {
    stubServer({ signedIn: false });
    renderAt(
      <ConnectorCatalog
        initialFilters={{ oauth: false, onDevice: false, deltaSync: false, category: 'storage' }}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Add server for MySQL' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Coming soon')).toBeTruthy();
    for (const need of ['Host', 'Port', 'Database', 'Read-only user']) {
      expect(within(dialog).getByText(need)).toBeTruthy();
    }
  });
});

describe('the playbook catalog component (docs/product/public-pages.md#playbooks-tab, docs/product/connections.md#filters)', () => {
  it('a guest’s Use template goes to login with the URL-encoded playground path as next', async () => {
    stubServer({ signedIn: false });
    renderAt(<PlaybookCatalog />);
    const link = screen.getByRole('link', { name: 'Use template: QBR pack' });
    await vi.waitFor(() =>
      expect(link.getAttribute('href')).toBe('/auth/login?next=%2Fplayground%3Ftpl%3Dqbr-pack'),
    );
  });

  it('signed in, Use template goes to /playground?tpl={id}', async () => {
    stubServer({ signedIn: true });
    renderAt(<PlaybookCatalog />);
    const link = screen.getByRole('link', { name: 'Use template: QBR pack' });
    await vi.waitFor(() => expect(link.getAttribute('href')).toBe('/playground?tpl=qbr-pack'));
    fireEvent.click(link);
    expect(where()).toBe('/playground?tpl=qbr-pack');
  });

  it('filters by department, action and difficulty, with the empty message', () => {
    stubServer({ signedIn: false });
    renderAt(<PlaybookCatalog />);
    expect(document.querySelectorAll('[data-playbook]')).toHaveLength(16);
    fireEvent.change(screen.getByLabelText('Department'), { target: { value: 'Support' } });
    expect(document.querySelectorAll('[data-playbook]')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'route' } });
    expect(document.querySelectorAll('[data-playbook]')).toHaveLength(1);
    fireEvent.click(screen.getByRole('radio', { name: 'Pro' }));
    expect(screen.getByText('No playbooks match your filters.')).toBeTruthy();
  });
});

describe('a category the filters empty (issue 38: "Storage & databases 0" while three of them work)', () => {
  it('counts what the toggles hide beside what they list, and offers to show them', async () => {
    stubServer({ signedIn: false });
    renderAt(<ConnectorCatalog initialFilters={{ category: 'storage' }} />);
    const storage = screen.getByRole('radio', { name: /Storage & databases/ });
    expect(storage.closest('label')?.textContent).toBe('Storage & databases0 +5 hidden by the filters');
    expect(cards()).toHaveLength(0);
    expect(screen.getByText('5 in Storage & databases are hidden by “Show only”.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show them' }));
    expect([...cards()].map((c) => c.getAttribute('data-connector'))).toEqual(
      expect.arrayContaining(['postgres', 'mysql', 'sqlite']),
    );
    expect(storage.closest('label')?.textContent).toBe('Storage & databases5');
  });
});
