/**
 * The connector catalog (docs/product/connections.md#connectors): the one copy of this data. The landing page's Integrations tab,
 * /integrations and /connections all render it through the exposed ConnectorCatalog component.
 */

/** docs/product/connections.md#connectors: categories in sort order. */
export const categories = [
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
] as const;
export type ConnectorCategory = (typeof categories)[number];

export const categoryLabels: Readonly<Record<ConnectorCategory, string>> = {
  mail: 'Mail',
  files: 'Files',
  chat: 'Chat & meetings',
  docs: 'Docs & wikis',
  issues: 'Issues & tasks',
  calendar: 'Calendars',
  code: 'Code',
  support: 'Support',
  storage: 'Storage & databases',
  notes: 'Notes',
};

export type ConnectorRole = 'source' | 'destination' | 'both';
/**
 * docs/product/connections.md#connectors names oauth, basic and apikey. Two connectors take no credentials at all — the local folder
 * and a local SQLite file — and calling them "basic" would tell a reader they ask for a password, so
 * they are `none` (docs/decisions/004).
 */
export type ConnectorAuth = 'oauth' | 'basic' | 'apikey' | 'none';
export type ConnectorIndex = 'on-device' | 'server';
/** docs/product/connections.md#read-only: all connectors are read-only. */
export type ConnectorAccess = 'read-only';
export type ConnectorStatus = 'ready' | 'manual';

export interface Connector {
  id: string;
  name: string;
  /** Who makes the product; shown beside the name. Marks are our own initials, never their logo. */
  brand: string;
  category: ConnectorCategory;
  role: ConnectorRole;
  auth: ConnectorAuth;
  index: ConnectorIndex;
  access: ConnectorAccess;
  deltaSync: boolean;
  enabled: boolean;
  status: ConnectorStatus;
  notes: string;
  /** docs/product/connections.md#connectors: the local file source is always on. */
  alwaysOn?: boolean;
  /**
   * What a manual connector's button adds (issue 22): a server to connect to ("Add server", the
   * default), or a file to upload ("Add file": a SQLite database).
   */
  adds?: 'server' | 'file' | 'repository';
  /**
   * A calendar read without an app registration (issue 43 item 1): CalDAV's "Add server", or, beside OAuth,
   * "Use a calendar address" (the calendar's secret iCal address).
   */
  calendarAddress?: 'ical' | 'caldav';
  /** One or two letters for the mark, and the hue (0–359) it is tinted with. */
  mark: { initials: string; hue: number };
}

type Entry = Omit<Connector, 'access' | 'enabled'> & Partial<Pick<Connector, 'access' | 'enabled'>>;

const entries: Entry[] = [
  {
    id: 'localfs',
    name: 'Local files',
    brand: 'This device',
    category: 'files',
    role: 'source',
    auth: 'none',
    index: 'on-device',
    deltaSync: true,
    status: 'ready',
    alwaysOn: true,
    notes: 'Folders you choose on this device, watched for changes. Nothing leaves the machine.',
    mark: { initials: 'LF', hue: 215 },
  },
  {
    id: 'gmail',
    name: 'Gmail',
    brand: 'Google',
    category: 'mail',
    role: 'both',
    auth: 'oauth',
    index: 'on-device',
    deltaSync: true,
    status: 'ready',
    notes: 'Threads, attachments and labels. Can send a summary as a draft in your name.',
    mark: { initials: 'Gm', hue: 4 },
  },
  {
    id: 'outlook',
    name: 'Outlook',
    brand: 'Microsoft',
    category: 'mail',
    role: 'both',
    auth: 'oauth',
    index: 'on-device',
    deltaSync: true,
    status: 'ready',
    notes: 'Microsoft 365 mail and attachments through Graph. Can send a summary to a colleague.',
    mark: { initials: 'OL', hue: 205 },
  },
  {
    id: 'drive',
    name: 'Google Drive',
    brand: 'Google',
    category: 'files',
    role: 'both',
    auth: 'oauth',
    index: 'on-device',
    deltaSync: true,
    status: 'ready',
    notes: 'Docs, Sheets, Slides and PDFs, including shared drives. Can save a report into a folder.',
    mark: { initials: 'Dr', hue: 140 },
  },
  {
    id: 'onedrive',
    name: 'OneDrive',
    brand: 'Microsoft',
    category: 'files',
    role: 'both',
    auth: 'oauth',
    index: 'on-device',
    deltaSync: true,
    status: 'ready',
    notes: 'OneDrive and SharePoint document libraries, with Office files read in full.',
    mark: { initials: 'OD', hue: 210 },
  },
  {
    id: 'dropbox',
    name: 'Dropbox',
    brand: 'Dropbox',
    category: 'files',
    role: 'source',
    auth: 'oauth',
    index: 'on-device',
    deltaSync: true,
    status: 'ready',
    notes: 'Files and Paper docs in the folders you pick; team folders included.',
    mark: { initials: 'Db', hue: 222 },
  },
  {
    id: 'box',
    name: 'Box',
    brand: 'Box',
    category: 'files',
    role: 'source',
    auth: 'oauth',
    index: 'on-device',
    deltaSync: true,
    status: 'ready',
    notes: 'Files and their version history, honouring the Box permissions you already have.',
    mark: { initials: 'Bx', hue: 200 },
  },
  {
    id: 'webdav',
    name: 'Nextcloud / WebDAV',
    brand: 'Any WebDAV file share',
    category: 'files',
    role: 'source',
    auth: 'basic',
    index: 'on-device',
    deltaSync: true,
    status: 'manual',
    notes:
      'Nextcloud, ownCloud, Synology or any WebDAV share, with an app password: every file uploads accept, under its folder. Changed, moved and deleted files follow on each sync.',
    mark: { initials: 'ND', hue: 200 },
  },
  {
    id: 'slack',
    name: 'Slack',
    brand: 'Slack',
    category: 'chat',
    role: 'both',
    auth: 'oauth',
    index: 'on-device',
    deltaSync: true,
    status: 'ready',
    notes: 'Public and joined channels, threads and shared files. Can post a summary to a channel.',
    mark: { initials: 'Sl', hue: 320 },
  },
  {
    id: 'teams',
    name: 'Microsoft Teams',
    brand: 'Microsoft',
    category: 'chat',
    role: 'both',
    auth: 'oauth',
    index: 'on-device',
    deltaSync: true,
    status: 'ready',
    notes: 'Channel posts, chats and meeting recaps. Can post a summary to a team channel.',
    mark: { initials: 'Tm', hue: 245 },
  },
  {
    id: 'webex',
    name: 'Webex',
    brand: 'Cisco',
    category: 'chat',
    role: 'both',
    auth: 'oauth',
    index: 'on-device',
    deltaSync: true,
    status: 'ready',
    notes: 'Spaces, messages and meeting transcripts. Can post a summary to a space.',
    mark: { initials: 'Wx', hue: 170 },
  },
  {
    id: 'notion',
    name: 'Notion',
    brand: 'Notion',
    category: 'notes',
    role: 'both',
    auth: 'oauth',
    index: 'on-device',
    deltaSync: true,
    status: 'ready',
    notes: 'Pages and databases shared with the integration. Can write a summary into a page.',
    mark: { initials: 'N', hue: 30 },
  },
  {
    id: 'confluence',
    name: 'Confluence',
    brand: 'Atlassian',
    category: 'docs',
    role: 'both',
    auth: 'oauth',
    index: 'on-device',
    deltaSync: true,
    status: 'ready',
    notes: 'Spaces, pages and attachments on Confluence Cloud. Can publish a summary as a page.',
    mark: { initials: 'Cf', hue: 225 },
  },
  {
    id: 'jira',
    name: 'Jira',
    brand: 'Atlassian',
    category: 'issues',
    role: 'source',
    auth: 'oauth',
    index: 'on-device',
    deltaSync: true,
    status: 'ready',
    notes: 'Issues, comments, sprints and linked pull requests on Jira Cloud.',
    mark: { initials: 'Ji', hue: 215 },
  },
  {
    id: 'linear',
    name: 'Linear',
    brand: 'Linear',
    category: 'issues',
    role: 'source',
    auth: 'oauth',
    index: 'on-device',
    deltaSync: true,
    status: 'ready',
    notes: 'Issues, projects, cycles and their comments across your workspace.',
    mark: { initials: 'Ln', hue: 255 },
  },
  {
    id: 'asana',
    name: 'Asana',
    brand: 'Asana',
    category: 'issues',
    role: 'source',
    auth: 'oauth',
    index: 'on-device',
    deltaSync: true,
    status: 'ready',
    notes: 'Tasks, projects and comments, with assignees and due dates kept.',
    mark: { initials: 'As', hue: 350 },
  },
  {
    id: 'trello',
    name: 'Trello',
    brand: 'Atlassian',
    category: 'issues',
    role: 'source',
    auth: 'oauth',
    index: 'on-device',
    deltaSync: true,
    status: 'ready',
    notes: 'Boards, cards, checklists and card comments.',
    mark: { initials: 'Tr', hue: 205 },
  },
  {
    id: 'github',
    name: 'GitHub',
    brand: 'GitHub',
    category: 'code',
    role: 'source',
    auth: 'apikey',
    index: 'on-device',
    deltaSync: true,
    // Issue 43 item 3: a repository by its address and a token works today; issues and pull requests wait for
    // the OAuth app.
    status: 'manual',
    adds: 'repository',
    notes:
      'A repository by its HTTPS address and a read-only token (none for a public one): its code, Markdown and commits, fetched again on each sync. Issues and pull requests need the GitHub app, not available yet.',
    mark: { initials: 'GH', hue: 265 },
  },
  {
    id: 'zendesk',
    name: 'Zendesk',
    brand: 'Zendesk',
    category: 'support',
    role: 'source',
    auth: 'oauth',
    index: 'on-device',
    deltaSync: true,
    status: 'ready',
    notes: 'Tickets, public replies, internal notes and Help Center articles.',
    mark: { initials: 'Zd', hue: 160 },
  },
  {
    id: 'gcal',
    name: 'Google Calendar',
    brand: 'Google',
    category: 'calendar',
    role: 'source',
    auth: 'oauth',
    index: 'on-device',
    deltaSync: true,
    status: 'ready',
    notes:
      'Events, attendees and repeats. Works today with the calendar’s secret iCal address; signing in with Google is still to come.',
    calendarAddress: 'ical',
    mark: { initials: 'GC', hue: 220 },
  },
  {
    id: 'mcal',
    name: 'Outlook Calendar',
    brand: 'Microsoft',
    category: 'calendar',
    role: 'source',
    auth: 'oauth',
    index: 'on-device',
    deltaSync: true,
    status: 'ready',
    notes:
      'Meetings and attendees. Works today with a published calendar’s ICS address; signing in with Microsoft 365 is still to come.',
    calendarAddress: 'ical',
    mark: { initials: 'MC', hue: 200 },
  },
  {
    id: 'caldav',
    name: 'CalDAV calendars',
    brand: 'iCloud, Fastmail, Nextcloud and others',
    category: 'calendar',
    role: 'source',
    auth: 'basic',
    index: 'on-device',
    deltaSync: true,
    status: 'manual',
    notes:
      'Any CalDAV server with an app password, or any calendar’s iCal address. Pick calendars; only what changed is read again.',
    calendarAddress: 'caldav',
    mark: { initials: 'CD', hue: 250 },
  },
  {
    id: 'imap',
    name: 'IMAP mail',
    brand: 'Any mail server',
    category: 'mail',
    role: 'source',
    auth: 'basic',
    index: 'on-device',
    deltaSync: true,
    status: 'manual',
    notes: 'Any IMAP mailbox, with an app password. Only new mail is fetched after the first sync.',
    mark: { initials: 'IM', hue: 40 },
  },
  {
    id: 's3',
    name: 'Amazon S3',
    brand: 'Amazon Web Services',
    category: 'storage',
    role: 'source',
    auth: 'apikey',
    index: 'on-device',
    deltaSync: false,
    status: 'manual',
    notes: 'Objects in one bucket, read with an access key scoped to a read-only policy.',
    mark: { initials: 'S3', hue: 28 },
  },
  {
    id: 'postgres',
    name: 'PostgreSQL',
    brand: 'PostgreSQL',
    category: 'storage',
    role: 'source',
    auth: 'basic',
    index: 'server',
    deltaSync: false,
    status: 'manual',
    notes: 'Tables and views you allow, read by a read-only user and indexed on your server.',
    mark: { initials: 'Pg', hue: 210 },
  },
  {
    id: 'mysql',
    name: 'MySQL',
    brand: 'MySQL',
    category: 'storage',
    role: 'source',
    auth: 'basic',
    index: 'server',
    deltaSync: false,
    status: 'manual',
    notes: 'Tables and views you allow, read by a read-only user and indexed on your server.',
    mark: { initials: 'My', hue: 195 },
  },
  {
    id: 'mongodb',
    name: 'MongoDB',
    brand: 'MongoDB',
    category: 'storage',
    role: 'source',
    auth: 'basic',
    index: 'server',
    deltaSync: true,
    status: 'manual',
    notes:
      'Not available yet: no MongoDB server to test against. Planned: collections you allow, read by a read-only user.',
    mark: { initials: 'Mg', hue: 130 },
  },
  {
    id: 'sqlite',
    name: 'SQLite',
    brand: 'A local file',
    category: 'storage',
    role: 'source',
    auth: 'none',
    index: 'on-device',
    deltaSync: false,
    status: 'manual',
    notes: 'A .sqlite or .db file you upload, opened read-only; you pick the table to search.',
    adds: 'file',
    mark: { initials: 'SQ', hue: 190 },
  },
];

const categoryRank = (category: ConnectorCategory) => categories.indexOf(category);

/**
 * Every connector, in the spec's category order (docs/product/connections.md#connectors); within a category the order above, which puts
 * the better-known product first.
 */
export const connectors: readonly Connector[] = entries
  .map((entry) => ({ access: 'read-only' as const, enabled: true, ...entry }))
  .sort((a, b) => categoryRank(a.category) - categoryRank(b.category));

const byId = new Map(connectors.map((connector) => [connector.id, connector]));

export function findConnector(id: string): Connector | undefined {
  return byId.get(id);
}

export const roleLabels: Readonly<Record<ConnectorRole, string>> = {
  source: 'Source',
  destination: 'Destination',
  both: 'Source & destination',
};

export const authLabels: Readonly<Record<ConnectorAuth, string>> = {
  oauth: 'OAuth',
  basic: 'Password',
  apikey: 'API key',
  none: 'No sign-in',
};
