/**
 * What "Add server" will ask for on each manual connector (docs/product/connections.md#connectors, docs/product/connections.md#card-states), shown in its coming-soon
 * popup so an administrator can get the details ready. Databases: host, port, database and a read-only
 * user, as the spec's read-only rule (docs/product/connections.md#read-only) asks.
 */
export interface ServerNeed {
  label: string;
  detail: string;
}

const databaseNeeds = (appName: string, port: number, database: string): ServerNeed[] => [
  { label: 'Host', detail: `The server’s name or address, reachable from where ${appName} indexes it.` },
  { label: 'Port', detail: `Usually ${port}.` },
  { label: 'Database', detail: database },
  {
    label: 'Read-only user',
    detail: 'A user and password that can only read the tables you want searched — never an admin.',
  },
];

export const serverNeeds = (appName: string): Readonly<Record<string, readonly ServerNeed[]>> => ({
  postgres: databaseNeeds(
    appName,
    5432,
    `The database name; ${appName} lists its schemas so you can pick tables.`,
  ),
  mysql: databaseNeeds(
    appName,
    3306,
    `The schema (database) name; ${appName} lists its tables so you can pick.`,
  ),
  mongodb: databaseNeeds(
    appName,
    27017,
    `The database name; ${appName} lists its collections so you can pick.`,
  ),
  imap: [
    { label: 'Host', detail: 'Your mail provider’s IMAP server, e.g. imap.example.com.' },
    { label: 'Port', detail: 'Usually 993 (TLS). Plain-text connections are refused.' },
    { label: 'Mailbox', detail: 'The account’s address, and the folders to include.' },
    { label: 'App password', detail: `A password made for ${appName} alone, so you can revoke it any time.` },
  ],
  s3: [
    { label: 'Bucket', detail: 'The bucket name, and a prefix if only part of it should be searched.' },
    { label: 'Region', detail: 'Where the bucket lives, e.g. eu-west-1.' },
    {
      label: 'Read-only access key',
      detail: 'An access key ID and secret for a policy that allows only s3:GetObject and s3:ListBucket.',
    },
  ],
  caldav: [
    {
      label: 'Server or address',
      detail:
        'The CalDAV server (https://caldav.fastmail.com, https://caldav.icloud.com…), or a calendar’s https://….ics address.',
    },
    { label: 'User name', detail: 'For CalDAV: usually your email address. An iCal address needs none.' },
    { label: 'App password', detail: `A password made for ${appName} alone, so you can revoke it any time.` },
  ],
  sqlite: [
    { label: 'File', detail: 'The .sqlite or .db file to upload; it is opened read-only.' },
    { label: 'Table', detail: 'Which table or view to search; the rest are never read.' },
  ],
});
