import { describe, expect, it } from 'vitest';
import { categories, connectors, findConnector } from './connectors';

const specIds = [
  'localfs',
  'gmail',
  'outlook',
  'drive',
  'onedrive',
  'dropbox',
  'box',
  'webdav',
  'slack',
  'teams',
  'webex',
  'notion',
  'confluence',
  'jira',
  'linear',
  'asana',
  'trello',
  'github',
  'zendesk',
  'gcal',
  'mcal',
  'imap',
  's3',
  'postgres',
  'mysql',
  'mongodb',
  'sqlite',
  // Issue 43 item 1: a calendar over CalDAV or its iCal address.
  'caldav',
];
// GitHub connects a repository by URL with a token today (issue 43); its OAuth app is still to come.
const oauthReady = specIds.slice(1, 21).filter((id) => id !== 'github' && id !== 'webdav');
const manual = ['webdav', 'github', 'imap', 's3', 'postgres', 'mysql', 'mongodb', 'sqlite', 'caldav'];
const get = (id: string) => {
  const connector = findConnector(id);
  if (!connector) throw new Error(`no connector ${id}`);
  return connector;
};

describe('connector catalog data (docs/product/connections.md#connectors)', () => {
  it('holds exactly the 27 connector ids of the spec and the CalDAV card, once each', () => {
    expect(connectors.map((c) => c.id).sort()).toEqual([...specIds].sort());
  });

  it('lists categories in the order mail, files, chat, docs, issues, calendar, code, support, storage, notes', () => {
    expect(categories).toEqual([
      'mail',
      'files',
      'chat',
      'docs',
      'issues',
      'calendar',
      'code',
      'support',
      'storage',
      'notes',
    ]);
    const ranks = connectors.map((c) => categories.indexOf(c.category));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  it('localfs is the always-on local file source, and the only always-on one', () => {
    expect(connectors.filter((c) => c.alwaysOn).map((c) => c.id)).toEqual(['localfs']);
    expect(get('localfs')).toMatchObject({ category: 'files', status: 'ready', index: 'on-device' });
  });

  it.each(oauthReady)('%s is OAuth and ready', (id) => {
    expect(get(id)).toMatchObject({ auth: 'oauth', status: 'ready', enabled: true });
  });

  it.each(manual)('%s is manual', (id) => {
    expect(get(id).status).toBe('manual');
  });

  it('imap and webdav are basic auth, github and s3 take a token or keys, sqlite is a local file', () => {
    expect(get('imap').auth).toBe('basic');
    expect(get('webdav')).toMatchObject({ auth: 'basic', category: 'files', name: 'Nextcloud / WebDAV' });
    expect(get('github')).toMatchObject({ auth: 'apikey', adds: 'repository' });
    expect(get('s3').auth).toBe('apikey');
    expect(get('sqlite')).toMatchObject({ auth: 'none', index: 'on-device' });
  });

  it.each(['postgres', 'mysql', 'mongodb'])('%s is server-indexed and read-only', (id) => {
    expect(get(id)).toMatchObject({ index: 'server', access: 'read-only' });
  });

  it('every connector is read-only (docs/product/connections.md#read-only)', () => {
    expect(connectors.every((c) => c.access === 'read-only')).toBe(true);
  });

  it('chat, teams, email and docs can be destinations: the product sends summaries there (docs/product/public-pages.md#what-it-is)', () => {
    for (const id of ['slack', 'teams', 'gmail', 'outlook', 'drive', 'notion', 'confluence']) {
      expect(get(id).role, id).toBe('both');
    }
    for (const id of ['localfs', 'jira', 'github', 'gcal', 'postgres', 'sqlite']) {
      expect(get(id).role, id).toBe('source');
    }
  });

  it('groups each product in the category it is: mail, calendars, code, support, storage', () => {
    expect(connectors.filter((c) => c.category === 'mail').map((c) => c.id)).toEqual([
      'gmail',
      'outlook',
      'imap',
    ]);
    expect(get('gcal').category).toBe('calendar');
    expect(get('mcal').category).toBe('calendar');
    expect(get('github').category).toBe('code');
    expect(get('zendesk').category).toBe('support');
    expect(get('s3').category).toBe('storage');
  });

  it('every connector has a name, a brand, notes and a mark of at most two letters', () => {
    for (const c of connectors) {
      expect(c.name.length, c.id).toBeGreaterThan(0);
      expect(c.brand.length, c.id).toBeGreaterThan(0);
      expect(c.notes.length, c.id).toBeGreaterThan(20);
      expect(c.mark.initials.length, c.id).toBeLessThanOrEqual(2);
    }
  });
});
