import { describe, expect, it } from 'vitest';
import {
  type ConnectorFilters,
  categoryCounts,
  defaultConnectorFilters,
  filterConnectors,
  filtersChanged,
  hiddenCounts,
  searchWords,
  TOGGLES_OFF,
} from './connector-filters';
import { type Connector, connectors } from './connectors';

const ids = (list: readonly Connector[]) => list.map((c) => c.id);
const withFilters = (patch: Partial<ConnectorFilters>) =>
  filterConnectors({ ...defaultConnectorFilters, ...patch });
const allOff: Partial<ConnectorFilters> = {
  oauth: false,
  onDevice: false,
  readOnly: false,
  deltaSync: false,
};

describe('integration filters (docs/product/connections.md#filters)', () => {
  it('default to OAuth, On-device, Read-only and Delta sync on, role All', () => {
    expect(defaultConnectorFilters).toMatchObject({
      oauth: true,
      onDevice: true,
      readOnly: true,
      deltaSync: true,
      role: 'all',
      category: 'all',
      search: '',
    });
  });

  it('with the defaults more than 12 connectors match', () => {
    const matches = filterConnectors(defaultConnectorFilters);
    expect(matches.length).toBeGreaterThan(12);
    expect(ids(matches)).toContain('localfs');
  });

  it('with every toggle off, all 26 match', () => {
    expect(withFilters(allOff)).toHaveLength(connectors.length);
  });

  it('OAuth on hides connectors that take a password or key, not ones that need no credentials', () => {
    const shown = ids(withFilters({ ...allOff, oauth: true }));
    for (const hidden of ['imap', 's3', 'postgres', 'mysql', 'mongodb']) expect(shown).not.toContain(hidden);
    expect(shown).toContain('localfs');
    expect(shown).toContain('sqlite');
    expect(shown).toContain('gmail');
  });

  it('On-device on hides the server-indexed databases', () => {
    const hidden = connectors.filter((c) => !ids(withFilters({ ...allOff, onDevice: true })).includes(c.id));
    expect(ids(hidden).sort()).toEqual(['mongodb', 'mysql', 'postgres']);
  });

  it('Read-only on hides none today: every connector is read-only (docs/product/connections.md#read-only)', () => {
    expect(withFilters({ ...allOff, readOnly: true })).toHaveLength(connectors.length);
    // A connector with write access does not exist yet; built by hand to show the toggle would hide it.
    const writer = { ...(connectors[1] as Connector), access: 'read-write' } as unknown as Connector;
    expect(filterConnectors({ ...defaultConnectorFilters, ...allOff, readOnly: true }, [writer])).toEqual([]);
  });

  it('Delta sync on hides connectors that re-read everything each sync', () => {
    const hidden = ids(
      connectors.filter((c) => !ids(withFilters({ ...allOff, deltaSync: true })).includes(c.id)),
    );
    expect(hidden.sort()).toEqual(['mysql', 'postgres', 's3', 'sqlite']);
  });

  it('role Sources lists sources and both; Destinations lists destinations and both', () => {
    const sources = withFilters({ ...allOff, role: 'sources' });
    const destinations = withFilters({ ...allOff, role: 'destinations' });
    expect(sources.every((c) => c.role !== 'destination')).toBe(true);
    expect(sources).toHaveLength(connectors.length);
    expect(destinations.every((c) => c.role !== 'source')).toBe(true);
    expect(ids(destinations)).toEqual(expect.arrayContaining(['slack', 'teams', 'gmail', 'notion']));
    expect(ids(destinations)).not.toContain('jira');
  });

  it('a category lists only its connectors', () => {
    expect(ids(withFilters({ ...allOff, category: 'chat' }))).toEqual(['slack', 'teams', 'webex']);
    expect(ids(withFilters({ category: 'storage' }))).toEqual([]);
    expect(ids(withFilters({ ...allOff, category: 'storage' }))).toEqual([
      's3',
      'postgres',
      'mysql',
      'mongodb',
      'sqlite',
    ]);
  });

  it('search matches the name or the notes, ignoring case, every word', () => {
    expect(ids(withFilters({ search: 'GMAIL' }))).toEqual(['gmail']);
    expect(ids(withFilters({ search: 'pull requests' })).sort()).toEqual(['github', 'jira']);
    expect(ids(withFilters({ search: 'pull zzz' }))).toEqual([]);
    expect(ids(withFilters({ search: '   ' }))).toEqual(ids(filterConnectors(defaultConnectorFilters)));
    expect(searchWords('  Meeting   Recaps ')).toEqual(['meeting', 'recaps']);
  });

  it('search does not look at the category or brand', () => {
    expect(withFilters({ ...allOff, search: 'atlassian' })).toEqual([]);
  });

  it('combines: destinations in chat with the defaults', () => {
    expect(ids(withFilters({ role: 'destinations', category: 'chat' }))).toEqual(['slack', 'teams', 'webex']);
    expect(ids(withFilters({ role: 'destinations', category: 'issues' }))).toEqual([]);
    expect(ids(withFilters({ ...allOff, onDevice: true, deltaSync: true, category: 'storage' }))).toEqual([]);
  });

  it('combines: On-device off and Delta sync off bring the databases back, OAuth still hides them', () => {
    expect(ids(withFilters({ onDevice: false, deltaSync: false, category: 'storage' }))).toEqual(['sqlite']);
    expect(
      ids(withFilters({ oauth: false, onDevice: false, deltaSync: false, category: 'storage' })),
    ).toEqual(['s3', 'postgres', 'mysql', 'mongodb', 'sqlite']);
  });

  it('category counts follow the other filters and add up to the All count', () => {
    const counts = categoryCounts(defaultConnectorFilters);
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    expect(total).toBe(filterConnectors(defaultConnectorFilters).length);
    expect(counts.get('storage')).toBeUndefined();
    expect(categoryCounts({ ...defaultConnectorFilters, category: 'mail' }).get('files')).toBe(5);
  });

  it('knows when any filter is off its default', () => {
    expect(filtersChanged(defaultConnectorFilters)).toBe(false);
    expect(filtersChanged({ ...defaultConnectorFilters, search: '  ' })).toBe(false);
    expect(filtersChanged({ ...defaultConnectorFilters, search: 'x' })).toBe(true);
    expect(filtersChanged({ ...defaultConnectorFilters, deltaSync: false })).toBe(true);
    expect(filtersChanged({ ...defaultConnectorFilters, category: 'mail' })).toBe(true);
  });
});

describe('hiddenCounts (issue 38)', () => {
  it('counts per category what the four toggles hide, and nothing once they are off', () => {
    expect(hiddenCounts(defaultConnectorFilters).get('storage')).toBe(5);
    expect(hiddenCounts(defaultConnectorFilters).get('mail')).toBe(1);
    expect([...hiddenCounts({ ...defaultConnectorFilters, ...TOGGLES_OFF }).values()]).toEqual([]);
    expect(hiddenCounts({ ...defaultConnectorFilters, search: 'sqlite' }).get('storage')).toBe(1);
  });
});
