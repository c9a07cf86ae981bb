import { z } from 'zod';
import {
  CalendarPasswordSchema,
  CalendarSettingsChangeSchema,
  CalendarSettingsSchema,
  calendarSettingsRequest,
} from './calendar-sources';
import {
  DATABASE_SOURCE_KINDS,
  DatabasePasswordSchema,
  DatabaseServerSettingsSchema,
  DatabaseSettingsChangeSchema,
  DatabaseSyncModeSchema,
  databaseServerSettingsRequest,
  SourceFileSchema,
  SqliteSettingsSchema,
  sqliteSettingsRequest,
} from './database-sources';
import { addressSchema } from './email';
import {
  GitSettingsChangeSchema,
  GitSettingsSchema,
  GitTokenSchema,
  gitSettingsRequest,
} from './git-sources';
import { hasControls, isHostName } from './host-name';
import { requestBody } from './request-body';
import { WebdavSettingsChangeSchema, WebdavSettingsSchema, webdavSettingsRequest } from './webdav-sources';

// Issue 21: a user's sources (services/search, under /api/v1/sources). A source is a system Trove reads
// from on the user's behalf — first a mailbox over IMAP — and keeps in sync; everything it brings in is
// an ordinary document of that user. One schema per payload: the service parses with these, the
// Connections page builds its form and reads the answers with them. The password travels in requests
// only (create, update, test): no answer ever carries it.

export const SOURCE_KINDS = ['imap', ...DATABASE_SOURCE_KINDS, 'webdav', 'git', 'calendar'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** Implicit TLS (IMAPS, port 993) or STARTTLS on the plain port (143). Never plain text. */
export const IMAP_SECURITY = ['tls', 'starttls'] as const;
export type ImapSecurity = (typeof IMAP_SECURITY)[number];
export const IMAP_DEFAULT_PORTS: Readonly<Record<ImapSecurity, number>> = { tls: 993, starttls: 143 };

export const SOURCE_NAME_MAX_LENGTH = 100;
export const SOURCE_PASSWORD_MAX_LENGTH = 1024;
export const SOURCE_FOLDERS_MAX = 1000;
export const SOURCE_FOLDER_MAX_LENGTH = 1000;

export const SOURCE_MESSAGES = {
  notFound: 'Not found',
  badKind: `A source is one of: ${SOURCE_KINDS.join(', ')}.`,
  nameRequired: 'Give the source a name.',
  nameTooLong: `A name can be at most ${SOURCE_NAME_MAX_LENGTH} characters.`,
  hostRequired: 'Enter the mail server’s host name, such as imap.example.com.',
  badHost: 'Enter a host name (imap.example.com) or an IP address, without https:// or a port.',
  badPort: 'The port is a whole number from 1 to 65535 (usually 993, or 143 with STARTTLS).',
  badSecurity: 'Security is "tls" (port 993) or "starttls" (port 143).',
  usernameRequired: 'Enter the user name, usually your email address.',
  usernameTooLong: 'A user name can be at most 320 characters.',
  passwordRequired: 'Enter the password or app password.',
  passwordTooLong: `A password can be at most ${SOURCE_PASSWORD_MAX_LENGTH} characters.`,
  badFolders: `Choose up to ${SOURCE_FOLDERS_MAX} folders by their full path, or none for the default selection.`,
  badFingerprint: 'A certificate fingerprint is its SHA-256: 64 hexadecimal digits, colons allowed.',
  nothingToUpdate: 'Send at least one of name, settings, password or paused.',
  /**
   * A saved password goes only to the server it was given for (issue 34 item 4): a change of where or as whom
   * the source connects needs it again, before anything connects.
   */
  passwordForChangedConnection: (fields: readonly string[]) =>
    `You changed the ${fields.join(', ')} of this source: enter the password again, so that it goes only to the server you mean.`,
} as const;

/** Per-user bounds (issue 34 item 6): their words, and the 409's code. */
export const SOURCE_LIMIT_MESSAGES = {
  tooManySources: (max: number) =>
    `You have ${max} sources, the most one account may have. Remove one you no longer need to add another.`,
  busy: (max: number) =>
    `${max === 1 ? 'A check of one of your sources is' : `${max} checks of your sources are`} still running. Try again when ${max === 1 ? 'it has' : 'they have'} answered.`,
  /** Past SOURCE_CHECKS_PER_MINUTE, SOURCE_FILES_PER_MINUTE, SOURCE_SYNC_NOW_PER_MINUTE (a 429 with retry_after). */
  checksTooFast: (max: number) =>
    `You tested or previewed sources ${max} times in the last minute, the most one account may. Wait a moment and try again.`,
  filesTooFast: (max: number) =>
    `You uploaded ${max} SQLite files in the last minute, the most one account may. Wait a moment and try again.`,
  syncsTooFast: (max: number) =>
    `You asked for ${max} syncs in the last minute, the most one account may. Your sources still sync by themselves; wait a moment to ask again.`,
} as const;
export const SOURCE_LIMIT_CODE = 'source_limit';

/** The error envelope's code for {@link SOURCE_MESSAGES.passwordForChangedConnection} (400, field "password"). */
export const SOURCE_PASSWORD_REQUIRED = 'password_required';

const sourceName = z
  .string({ error: SOURCE_MESSAGES.nameRequired })
  .trim()
  .min(1, SOURCE_MESSAGES.nameRequired)
  .max(SOURCE_NAME_MAX_LENGTH, SOURCE_MESSAGES.nameTooLong)
  .refine((name) => !hasControls(name), SOURCE_MESSAGES.nameRequired);

export const SourceHostSchema = z
  .string({ error: SOURCE_MESSAGES.hostRequired })
  .trim()
  .toLowerCase()
  .min(1, SOURCE_MESSAGES.hostRequired)
  .refine(isHostName, SOURCE_MESSAGES.badHost);

export const SourcePortSchema = z
  .number({ error: SOURCE_MESSAGES.badPort })
  .int(SOURCE_MESSAGES.badPort)
  .min(1, SOURCE_MESSAGES.badPort)
  .max(65535, SOURCE_MESSAGES.badPort);

/**
 * A certificate's SHA-256 fingerprint, written as Node's `fingerprint256` and `openssl x509 -fingerprint
 * -sha256` write it: upper-case hex pairs joined by colons. Accepted with or without colons, any case.
 */
export const CertificateFingerprintSchema = z
  .string({ error: SOURCE_MESSAGES.badFingerprint })
  .trim()
  // openssl prints `sha256 Fingerprint=AB:CD:…`; the label is dropped.
  .transform((text) => text.replace(/^(sha-?256)?\s*(fingerprint)?\s*[:=]?\s*/i, '').replace(/[:\s]/g, ''))
  .refine((hex) => /^[0-9a-f]{64}$/i.test(hex), SOURCE_MESSAGES.badFingerprint)
  .transform((hex) => hex.toUpperCase().match(/../g)?.join(':') ?? hex);

const folderPath = z
  .string()
  .min(1)
  .max(SOURCE_FOLDER_MAX_LENGTH)
  .refine((path) => !hasControls(path));

/**
 * Folders by their full path as the server lists them, decoded (a folder IMAP carries as "Caf&AOk-" is
 * "Café" here). null: the default selection, every folder except Trash, Junk, Drafts and the virtual All Mail
 * and Starred (\All, \Flagged: copies of the others' messages) by their
 * special-use flags (RFC 6154), which also takes in folders made later.
 */
export const SourceFoldersSchema = z
  .array(folderPath, { error: SOURCE_MESSAGES.badFolders })
  .min(1, SOURCE_MESSAGES.badFolders)
  .max(SOURCE_FOLDERS_MAX, SOURCE_MESSAGES.badFolders)
  .transform((folders) => [...new Set(folders)])
  .nullable();

const passwordText = z
  .string({ error: SOURCE_MESSAGES.passwordRequired })
  .min(1, SOURCE_MESSAGES.passwordRequired)
  .max(SOURCE_PASSWORD_MAX_LENGTH, SOURCE_MESSAGES.passwordTooLong);

/** An IMAP source's settings: what it connects to and reads. The password is not among them. */
export const ImapSettingsSchema = z.object({
  /** The mailbox's address: the card's label, and where a result says the message was found. */
  email: addressSchema('email'),
  host: SourceHostSchema,
  port: SourcePortSchema,
  security: z.enum(IMAP_SECURITY, { error: SOURCE_MESSAGES.badSecurity }),
  username: z
    .string({ error: SOURCE_MESSAGES.usernameRequired })
    .trim()
    .min(1, SOURCE_MESSAGES.usernameRequired)
    .max(320, SOURCE_MESSAGES.usernameTooLong)
    .refine((name) => !hasControls(name), SOURCE_MESSAGES.usernameRequired),
  folders: SourceFoldersSchema.default(null),
  /**
   * The server certificate's fingerprint the user accepted (a self-signed certificate, or one no public
   * authority vouches for): then that certificate, and only it, is trusted. null: the usual public
   * authorities, with the host name checked.
   */
  pinned_certificate_sha256: CertificateFingerprintSchema.nullable().default(null),
});
export type ImapSettings = z.output<typeof ImapSettingsSchema>;
export type ImapSettingsInput = z.input<typeof ImapSettingsSchema>;

const imapSettingsRequest = requestBody(ImapSettingsSchema.shape);

/**
 * `POST /api/v1/sources`. `name` defaults to the mailbox's address (a database source's: its table, or
 * "<database> query"; a SQLite file's: the file's name). The first sync is queued at once; the Connections
 * page tests the settings first (`POST /api/v1/sources/test`; a database source's preview,
 * `POST /api/v1/sources/preview`, database-sources.ts).
 */
export const CreateSourceSchema = z.discriminatedUnion(
  'kind',
  [
    requestBody({
      kind: z.literal('imap'),
      name: sourceName.optional(),
      settings: imapSettingsRequest,
      password: passwordText,
    }),
    requestBody({
      kind: z.literal('postgres'),
      name: sourceName.optional(),
      settings: databaseServerSettingsRequest,
      password: DatabasePasswordSchema,
    }),
    requestBody({
      kind: z.literal('mysql'),
      name: sourceName.optional(),
      settings: databaseServerSettingsRequest,
      password: DatabasePasswordSchema,
    }),
    requestBody({ kind: z.literal('sqlite'), name: sourceName.optional(), settings: sqliteSettingsRequest }),
    // Issue 43: a file share and a Git repository (webdav-sources.ts, git-sources.ts).
    requestBody({
      kind: z.literal('webdav'),
      name: sourceName.optional(),
      settings: webdavSettingsRequest,
      password: passwordText,
    }),
    requestBody({
      kind: z.literal('git'),
      name: sourceName.optional(),
      settings: gitSettingsRequest,
      password: GitTokenSchema,
    }),
    requestBody({
      kind: z.literal('calendar'),
      name: sourceName.optional(),
      settings: calendarSettingsRequest,
      password: CalendarPasswordSchema.default(''),
    }),
  ],
  { error: SOURCE_MESSAGES.badKind },
);
export type CreateSource = z.output<typeof CreateSourceSchema>;
export type CreateSourceInput = z.input<typeof CreateSourceSchema>;

/** Settings as an update sends them: only what changes; the rest stays as saved. */
export const ImapSettingsChangeSchema = requestBody({
  email: ImapSettingsSchema.shape.email.optional(),
  host: SourceHostSchema.optional(),
  port: SourcePortSchema.optional(),
  security: ImapSettingsSchema.shape.security.optional(),
  username: ImapSettingsSchema.shape.username.optional(),
  /** null: back to the default selection; absent: unchanged. */
  folders: SourceFoldersSchema.optional(),
  /** null: trust the public authorities again; absent: unchanged. */
  pinned_certificate_sha256: CertificateFingerprintSchema.nullable().optional(),
});
export type ImapSettingsChange = z.output<typeof ImapSettingsChangeSchema>;

/**
 * `PATCH /api/v1/sources/:id`. A new password replaces the kept one (a source that needed attention for
 * its password is tried again); `paused: true` stops syncing until `paused: false`. `settings` are the
 * source kind's: an IMAP change, or a database change (database-sources.ts); the service checks the merged
 * settings against the source's kind. A database password may be "" (a server that asks none).
 */
export const UpdateSourceSchema = requestBody({
  name: sourceName.optional(),
  settings: z
    .union(
      [
        ImapSettingsChangeSchema,
        DatabaseSettingsChangeSchema,
        WebdavSettingsChangeSchema,
        GitSettingsChangeSchema,
        CalendarSettingsChangeSchema,
      ],
      {
        error: 'settings holds fields no source has.',
      },
    )
    .optional(),
  password: z.union([passwordText, DatabasePasswordSchema]).optional(),
  paused: z.boolean({ error: 'paused is true or false.' }).optional(),
}).refine(
  (update) =>
    update.name !== undefined ||
    update.settings !== undefined ||
    update.password !== undefined ||
    update.paused !== undefined,
  SOURCE_MESSAGES.nothingToUpdate,
);
export type UpdateSource = z.output<typeof UpdateSourceSchema>;

/** `POST /api/v1/sources/test`: settings and password before they are saved; nothing is stored. */
export const TestSourceSchema = z.discriminatedUnion(
  'kind',
  [
    requestBody({ kind: z.literal('imap'), settings: imapSettingsRequest, password: passwordText }),
    requestBody({
      kind: z.literal('calendar'),
      settings: calendarSettingsRequest,
      password: CalendarPasswordSchema.default(''),
    }),
  ],
  { error: SOURCE_MESSAGES.badKind },
);
export type TestSource = z.output<typeof TestSourceSchema>;
export type ImapTestSource = Extract<TestSource, { kind: 'imap' }>;

/**
 * What the route takes (issue 43): a mailbox's or a calendar's test as above, or a file share's or a Git
 * repository's, whose test answers their folders or branches. The forms of those kinds send their own arm.
 */
export const TestNewSourceSchema = z.discriminatedUnion(
  'kind',
  [
    TestSourceSchema.options[0],
    TestSourceSchema.options[1],
    requestBody({ kind: z.literal('webdav'), settings: webdavSettingsRequest, password: passwordText }),
    requestBody({ kind: z.literal('git'), settings: gitSettingsRequest, password: GitTokenSchema }),
  ],
  { error: SOURCE_MESSAGES.badKind },
);
export type TestNewSource = z.output<typeof TestNewSourceSchema>;

/**
 * `POST /api/v1/sources/:id/test`: the saved source, or the saved source with these changes (the form
 * being edited, or a fingerprint to pin) without saving them. An empty body tests what is saved. Any kind with
 * a test (a mailbox, a file share, a repository, a calendar) sends its own change; the service checks the merged
 * settings against the source's kind, and the saved password goes only where it was given (docs/decisions/080).
 */
export const TestSavedSourceSchema = requestBody({
  settings: z
    .union([
      ImapSettingsChangeSchema,
      WebdavSettingsChangeSchema,
      GitSettingsChangeSchema,
      CalendarSettingsChangeSchema,
    ])
    .optional(),
  password: z.union([passwordText, GitTokenSchema]).optional(),
});
export type TestSavedSource = z.output<typeof TestSavedSourceSchema>;

export const SourceIdSchema = z.uuid({ error: SOURCE_MESSAGES.notFound });

// ---- Status ----

/** What went wrong, for the card's button ("Update password", "Trust certificate", "Choose folders"…). */
export const SOURCE_PROBLEMS = [
  /** The host name does not resolve. */
  'dns',
  /** The host is on the refused list (loopback, private, link-local…) and SOURCE_ALLOWED_HOSTS does not name it. */
  'refused',
  /** Nothing answers on that port, or the connection dropped. */
  'tcp',
  /** The TLS handshake failed or the certificate is not trusted (nor the pinned one). */
  'tls',
  /** The server refused the user name and password. */
  'auth',
  /** None of the chosen folders exists any more, or the mailbox has no folder to read. */
  'folders',
  /** Anything else: the server answered something unexpected. */
  'server',
  // A database source's (database-sources.ts, DATABASE_PROBLEMS): the database, the table or a column is
  // missing, the user may not read it, the query is refused, a statement timed out, the SQLite file is damaged,
  // reading passed Trove's own time or memory bound.
  'database',
  'table',
  'column',
  'permission',
  'query',
  'timeout',
  'file',
  'limit',
] as const;
export type SourceProblem = (typeof SOURCE_PROBLEMS)[number];

const timestamp = z.string();

/**
 * Where a source stands, as the card shows it (issue 21 "Status people can read"):
 * - connected: saved, its first sync not started yet;
 * - syncing: n of N messages, the rate and the time left once they can be told (null before);
 * - up_to_date: when it last finished and when it syncs next;
 * - needs_attention: the reason in plain words and what to do; retry_at is when it tries again by itself,
 *   null when it waits for the user (a wrong password is never retried: it would lock the account);
 * - paused: by the user; nothing syncs until resumed.
 */
export const SourceStatusSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('connected'), next_sync_at: timestamp.nullable() }),
  z.object({
    state: z.literal('syncing'),
    /** Messages this sync has handled (stored, moved or found unchanged) and how many it has to see. */
    done: z.number().int().nonnegative(),
    total: z.number().int().nonnegative().nullable(),
    /** Messages a second over this sync so far. */
    rate: z.number().nonnegative().nullable(),
    /** Seconds left at that rate. */
    eta_seconds: z.number().int().nonnegative().nullable(),
    started_at: timestamp,
    /**
     * When it last moved, once nothing has for SOURCE_SYNC_STUCK_MINUTES (issue 34 item 7): the card then says
     * it is stuck, not syncing. Null while it moves.
     */
    stuck_since: timestamp.nullable(),
    last_sync_at: timestamp.nullable(),
  }),
  z.object({ state: z.literal('up_to_date'), last_sync_at: timestamp, next_sync_at: timestamp.nullable() }),
  z.object({
    state: z.literal('needs_attention'),
    problem: z.enum(SOURCE_PROBLEMS),
    /** What happened, in plain words. */
    reason: z.string(),
    /** What the user can do about it. */
    action: z.string(),
    retry_at: timestamp.nullable(),
    last_sync_at: timestamp.nullable(),
  }),
  z.object({ state: z.literal('paused'), last_sync_at: timestamp.nullable() }),
]);
export type SourceStatus = z.output<typeof SourceStatusSchema>;
export type SourceState = SourceStatus['state'];

const sourceShape = {
  id: z.string(),
  name: z.string(),
  status: SourceStatusSchema,
  /** Documents it has brought in (removed with it). */
  documents: z.number().int().nonnegative(),
  created_at: timestamp,
  updated_at: timestamp,
};

/**
 * A source as the API answers it: never the password. Its settings are its kind's; a database source also
 * says how it syncs (delta or full scans, in plain words), and a SQLite source which file it reads.
 */
export const SourceSchema = z.discriminatedUnion('kind', [
  z.object({ ...sourceShape, kind: z.literal('imap'), settings: ImapSettingsSchema }),
  z.object({
    ...sourceShape,
    kind: z.literal('postgres'),
    settings: DatabaseServerSettingsSchema,
    sync: DatabaseSyncModeSchema,
  }),
  z.object({
    ...sourceShape,
    kind: z.literal('mysql'),
    settings: DatabaseServerSettingsSchema,
    sync: DatabaseSyncModeSchema,
  }),
  z.object({
    ...sourceShape,
    kind: z.literal('sqlite'),
    settings: SqliteSettingsSchema,
    sync: DatabaseSyncModeSchema,
    file: SourceFileSchema,
  }),
  z.object({ ...sourceShape, kind: z.literal('webdav'), settings: WebdavSettingsSchema }),
  z.object({ ...sourceShape, kind: z.literal('git'), settings: GitSettingsSchema }),
  z.object({ ...sourceShape, kind: z.literal('calendar'), settings: CalendarSettingsSchema }),
]);
export type Source = z.output<typeof SourceSchema>;
export type ImapSource = Extract<Source, { kind: 'imap' }>;
export type WebdavSource = Extract<Source, { kind: 'webdav' }>;
export type GitSource = Extract<Source, { kind: 'git' }>;
export type CalendarSource = Extract<Source, { kind: 'calendar' }>;
export type DatabaseSource = Exclude<Source, ImapSource | WebdavSource | GitSource | CalendarSource>;

export const SourceResponseSchema = z.object({ source: SourceSchema });
export type SourceResponse = z.output<typeof SourceResponseSchema>;

/** `GET /api/v1/sources`: the user's sources, oldest first (a user has a handful, never a page's worth). */
export const SourcesListResponseSchema = z.object({ sources: z.array(SourceSchema) });
export type SourcesListResponse = z.output<typeof SourcesListResponseSchema>;

/** `POST /api/v1/sources/:id/sync`: queued (202); the status says when it runs. */
export const SourceSyncResponseSchema = z.object({ source: SourceSchema });
export type SourceSyncResponse = z.output<typeof SourceSyncResponseSchema>;

// ---- Test connection ----

/**
 * The steps of a connection, in order; a test stops at the first that fails. `server`: the server answered
 * something unexpected along the way (no IMAP greeting, a command refused).
 */
export const SOURCE_TEST_STEPS = ['dns', 'refused', 'tcp', 'tls', 'auth', 'folders', 'server'] as const;
export type SourceTestStep = (typeof SOURCE_TEST_STEPS)[number];

/** The certificate the server presented, so the page can ask "Trust this certificate?" and pin it. */
export const PresentedCertificateSchema = z.object({
  sha256: z.string(),
  subject: z.string().nullable(),
  issuer: z.string().nullable(),
  valid_from: timestamp.nullable(),
  valid_to: timestamp.nullable(),
  /** Why it was not trusted, in plain words (self-signed, expired, another host's name…). */
  problem: z.string().nullable(),
});
export type PresentedCertificate = z.output<typeof PresentedCertificateSchema>;

export const SourceFolderSchema = z.object({
  /** The full path, decoded (what `settings.folders` lists). */
  path: z.string(),
  /** The last part of the path, to show. */
  name: z.string(),
  /** Its RFC 6154 flag (\\Sent, \\Trash, \\Junk, \\Drafts, \\Archive, \\All…), when the server gives one. */
  special_use: z.string().nullable(),
  /** Messages in it, when the server said. */
  messages: z.number().int().nonnegative().nullable(),
  /** In the default selection (everything but Trash, Junk, Drafts, All Mail and Starred). */
  default_selected: z.boolean(),
});
export type SourceFolder = z.output<typeof SourceFolderSchema>;

/**
 * `POST /api/v1/sources/test` and `…/:id/test` answer (200 either way: a failed test is an answer, not an
 * error). ok: the folders and the default selection. Failed: the step that failed, what happened and what
 * to do; for `tls`, the certificate the server presented, when it presented one.
 */
export const SourceTestResultSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    folders: z.array(SourceFolderSchema),
    default_folders: z.array(z.string()),
    /** The certificate the connection trusted (its fingerprint is what a pin would hold). */
    certificate: PresentedCertificateSchema.nullable(),
  }),
  z.object({
    ok: z.literal(false),
    step: z.enum(SOURCE_TEST_STEPS),
    reason: z.string(),
    action: z.string(),
    certificate: PresentedCertificateSchema.nullable(),
  }),
]);
export type SourceTestResult = z.output<typeof SourceTestResultSchema>;
