import { baseEnvShape, parseAllowedHosts, portSetting } from '@trove/service-core';
import {
  SQLITE_FILE_MAX_BYTES,
  UPLOAD_CONCURRENCY_PER_USER,
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_MAX_FILES,
} from '@trove/contracts';
import { z } from 'zod';
import { CHAT_DEFAULTS } from './chats/chat-settings';
import { DESTINATION_POST_DEFAULTS } from './destinations/post-limit';
import { FIGURE_DEFAULTS } from './figures/computed-answer';
import { DEFAULT_JOB_BATCH, DEFAULT_LISTS_VACUUM_ROWS } from './jobs/extraction-worker';
import { DEFAULT_EXTRACTION_SETTINGS as EXTRACTION, type ExtractionSettings } from './extraction/reader';
import { SEARCH_MAX_CANDIDATES } from './search/search.service';
import { DOCUMENT_VIEW_DEFAULTS } from './documents/document-view.service';

function wholeNumber(defaultValue: number, min: number, max: number) {
  return z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .refine((value) => value >= min && value <= max, `must be between ${min} and ${max}`)
    .default(defaultValue);
}

/** A secrets key: 32 random bytes in base64, checked at start so a bad one names its variable. */
const secretsKeySetting = z
  .string()
  .refine(
    (value) => Buffer.from(value.trim(), 'base64').length === 32,
    'must be 32 random bytes in base64 (openssl rand -base64 32)',
  );

/** The keys that only open, SECRETS_KEY_PREVIOUS first. */
export function previousSecretsKeys(env: {
  SECRETS_KEY_PREVIOUS?: string | undefined;
  SECRETS_PREVIOUS_KEYS?: string | undefined;
}): string[] {
  return [
    ...(env.SECRETS_KEY_PREVIOUS === undefined ? [] : [env.SECRETS_KEY_PREVIOUS.trim()]),
    ...keyList(env.SECRETS_PREVIOUS_KEYS),
  ];
}

/** SECRETS_PREVIOUS_KEYS as a list: comma-separated base64 keys, blanks ignored. */
export function keyList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '');
}

export const SearchEnvSchema = z
  .object({
    ...baseEnvShape,
    SEARCH_PORT: portSetting(4103),
    /** The auth service's public keys (docs/architecture.md#sessions: verified through its JWKS, never a shared secret). */
    AUTH_JWKS_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .default('http://127.0.0.1:4101/api/v1/auth/.well-known/jwks.json'),
    /** Issue 10: up to 25 MB a file, 200 files a batch. */
    UPLOAD_MAX_FILE_BYTES: wholeNumber(UPLOAD_MAX_FILE_BYTES, 1, 1024 * 1024 * 1024),
    UPLOAD_MAX_FILES: wholeNumber(UPLOAD_MAX_FILES, 1, 10_000),
    /**
     * The largest upload request, whatever its files: the body is read into memory, so a batch bigger
     * than this is sent by the client in several requests (docs/decisions/010-search-index.md).
     */
    UPLOAD_MAX_REQUEST_BYTES: wholeNumber(100 * 1024 * 1024, 1024, 4 * 1024 * 1024 * 1024),
    /**
     * Issue 35 item 4: where an upload's files are read to before its transaction opens (a folder per request,
     * removed when it ends). Unset: the OS's temp folder. Needs room for UPLOAD_CONCURRENCY_PER_USER requests
     * of up to UPLOAD_MAX_REQUEST_BYTES for each user uploading at once.
     */
    UPLOAD_STAGING_DIR: z.string().min(1).optional(),
    /** Everything one user may keep uploaded (originals' bytes); past it an upload is a 413. */
    UPLOAD_QUOTA_BYTES: wholeNumber(1024 * 1024 * 1024, 1, 1024 * 1024 * 1024 * 1024),
    /** Upload requests one user may make a minute (the Uploads page sends large batches a few files a request). */
    UPLOAD_REQUESTS_PER_MINUTE: wholeNumber(300, 1, 100_000),
    /** Upload requests one user may have running at once in one process; more is a 429 (issue 18 item 7). */
    UPLOAD_CONCURRENCY_PER_USER: wholeNumber(UPLOAD_CONCURRENCY_PER_USER, 1, 100),
    /** Searches one user may run a minute; then 429 with retry_after (issue 18 item 7). */
    SEARCH_REQUESTS_PER_MINUTE: wholeNumber(120, 1, 1_000_000),
    SEARCH_MIN_AND_RESULTS: wholeNumber(3, 1, 1000),
    /** Words in more passages than this score only the newest this many (docs/decisions/020-search-postings.md). */
    SEARCH_MAX_CANDIDATES: wholeNumber(SEARCH_MAX_CANDIDATES, 10, 100_000),
    /** Extraction jobs: how long a worker's lease lasts, tries before failing, how often it polls. */
    SEARCH_JOB_LEASE_MS: wholeNumber(5 * 60_000, 1_000, 24 * 60 * 60_000),
    SEARCH_JOB_MAX_ATTEMPTS: wholeNumber(5, 1, 100),
    SEARCH_JOB_POLL_MS: wholeNumber(1_000, 10, 60_000),
    SEARCH_JOB_CONCURRENCY: wholeNumber(1, 1, 32),
    /** Jobs one take leases and indexes in one transaction at most (docs/decisions/074). */
    SEARCH_JOB_BATCH: wholeNumber(DEFAULT_JOB_BATCH, 1, 10_000),
    /** The extraction process vacuums the lists after rewriting this many of their rows (0: autovacuum only). */
    SEARCH_LISTS_VACUUM_ROWS: wholeNumber(DEFAULT_LISTS_VACUUM_ROWS, 0, 1_000_000_000),
    /** The extraction thread's statement bound: a large file's passages are one bulk write (0: none). */
    SEARCH_JOB_STATEMENT_TIMEOUT_MS: wholeNumber(120_000, 0, 24 * 60 * 60_000),
    /** The longest one file's reading may take; then its process is stopped and the file fails with a reason. */
    SEARCH_JOB_TIMEOUT_S: wholeNumber(120, 1, 3_600),
    /**
     * The extraction process's V8 heap (MB): a file that needs more kills that child, not the service
     * (docs/decisions/019-extraction-memory-bounds.md). Keep it under the container's limit with room for the API.
     */
    SEARCH_JOB_MEMORY_MB: wholeNumber(1024, 16, 64 * 1024),
    /** Archives (docs/decisions/121): files of one archive indexed, bytes all of them may open to, one's ratio. */
    SEARCH_ARCHIVE_MAX_ENTRIES: wholeNumber(EXTRACTION.archiveMaxEntries, 1, 100_000),
    SEARCH_ARCHIVE_MAX_BYTES: wholeNumber(EXTRACTION.archiveMaxBytes, 1024, 16 * 1024 * 1024 * 1024),
    SEARCH_ARCHIVE_MAX_RATIO: wholeNumber(EXTRACTION.archiveMaxRatio, 2, 100_000),
    /** OCR (docs/decisions/122): tesseract's languages ("eng", "eng+deu"; each needs its tesseract-ocr-* package). */
    SEARCH_OCR_LANGUAGES: z
      .string()
      .regex(/^[a-z_]+(\+[a-z_]+)*$/i, 'must be tesseract language codes joined by +, such as eng+deu')
      .default(EXTRACTION.ocrLanguages),
    /** Scanned pages of one document read at most, and the largest image or rendered page read (pixels). */
    SEARCH_OCR_MAX_PAGES: wholeNumber(EXTRACTION.ocrMaxPages, 0, 100_000),
    SEARCH_OCR_MAX_PIXELS: wholeNumber(EXTRACTION.ocrMaxPixels, 10_000, 1_000_000_000),
    /** Whether a message's inline images (logos, pictures in its body) are read by OCR too: "true" or "false". */
    SEARCH_OCR_INLINE_IMAGES: z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default(EXTRACTION.ocrInlineImages ? 'true' : 'false'),
    /** Chats (docs/decisions/015-chats.md): passages an answer cites, neighbours shown around a passage. */
    CHAT_PASSAGES: wholeNumber(5, 1, 20),
    CHAT_CONTEXT_PASSAGES: wholeNumber(2, 0, 10),
    /** A document's page (issue 38 item 1): passages one answer holds, attachments or entries it lists. */
    DOCUMENT_VIEW_PASSAGES: wholeNumber(DOCUMENT_VIEW_DEFAULTS.passages, 10, 10_000),
    DOCUMENT_VIEW_ATTACHMENTS: wholeNumber(DOCUMENT_VIEW_DEFAULTS.attachments, 1, 10_000),
    /** Questions one user may ask a minute; each runs several searches. */
    CHAT_ASKS_PER_MINUTE: wholeNumber(30, 1, 10_000),
    /** Chats one user may create a minute; each is a row kept until deleted (a new chat is one per first question). */
    CHAT_CREATES_PER_MINUTE: wholeNumber(CHAT_DEFAULTS.createsPerMinute, 1, 10_000),
    /** Answers one user may mail an hour: the outbox sends from the product's address, so never a relay. */
    /** `production` requires PUBLIC_URL; anything else is a local run. */
    NODE_ENV: z.string().optional(),
    CHAT_MAILS_PER_HOUR: wholeNumber(CHAT_DEFAULTS.mailsPerHour, 1, 10_000),
    /** Answers and confirm mails one user may cause a day, whatever chats were deleted since. */
    CHAT_MAILS_PER_DAY: wholeNumber(CHAT_DEFAULTS.mailsPerDay, 1, 100_000),
    /** Mails one user may send one address a day. */
    CHAT_MAILS_PER_RECIPIENT_PER_DAY: wholeNumber(CHAT_DEFAULTS.mailsPerRecipientPerDay, 1, 100_000),
    /** Failed sends before a mailed answer shows as failed; the outbox keeps retrying it after that. */
    CHAT_MAIL_FAILED_AFTER_ATTEMPTS: wholeNumber(3, 1, 100),
    /**
     * Answers that compute (docs/decisions/131): the statuses that mean a row is settled — "overdue" and "open"
     * are the rows whose status is none of them (comma-separated, any case).
     */
    ANSWER_PAID_WORDS: z
      .string()
      .regex(
        /^\s*[\p{L}][\p{L} -]*(\s*,\s*[\p{L}][\p{L} -]*)*\s*$/u,
        'must be words separated by commas, such as paid,closed,done',
      )
      .default(FIGURE_DEFAULTS.paidWords.join(',')),
    /** The most rows one answer reads to compute; a larger table gets a statement, not a figure over part of it. */
    ANSWER_ROWS_MAX: wholeNumber(FIGURE_DEFAULTS.rowsMax, 1, 10_000_000),
    /** Rows of the users' tables kept in memory between questions (~0.5 KB each); 0 keeps none. */
    ANSWER_CACHE_ROWS: wholeNumber(200_000, 0, 10_000_000),
    /**
     * Sources (issue 21): the key that seals their passwords and webhook URLs (AES-256-GCM; 32 random bytes in
     * base64). Unset: made once in SECRETS_KEY_DIR and read from there after — a local run only: with
     * NODE_ENV=production it is required (issue 35 item 3), since a replica or a redeploy with a key of its
     * own could open nothing the others sealed.
     */
    SECRETS_KEY: secretsKeySetting.optional(),
    /**
     * Rotation (docs/decisions/091): the key SECRETS_KEY replaces. It only opens; what it sealed is sealed
     * again with SECRETS_KEY at start and on each read, after which it can be dropped.
     */
    SECRETS_KEY_PREVIOUS: secretsKeySetting.optional(),
    /** Older keys still, comma-separated (the list form SECRETS_KEY_PREVIOUS came after; both are read). */
    SECRETS_PREVIOUS_KEYS: z
      .string()
      .optional()
      .refine((value) => keyList(value).every((key) => Buffer.from(key, 'base64').length === 32), {
        message: 'SECRETS_PREVIOUS_KEYS must be keys of 32 random bytes in base64, separated by commas',
      }),
    SECRETS_KEY_DIR: z.string().min(1).default('.data/keys'),
    /**
     * Hosts and CIDR ranges a source may reach although they are loopback, private or link-local (a
     * self-hosted mail server). Everything else must be a public address (docs/architecture.md#source-rules: user-supplied hosts).
     */
    SOURCE_ALLOWED_HOSTS: z
      .string()
      .optional()
      .refine(
        (value) => {
          try {
            parseAllowedHosts(value);
            return true;
          } catch {
            return false;
          }
        },
        { message: 'must be host names, addresses or CIDR ranges, separated by commas or spaces' },
      ),
    /**
     * Destinations (issue 22): hosts and CIDR ranges a webhook may be on besides each service's own webhook
     * domains (hooks.slack.com, Teams Workflows, chat.googleapis.com), loopback or private ones included.
     */
    DESTINATION_ALLOWED_HOSTS: z
      .string()
      .optional()
      .refine(
        (value) => {
          try {
            parseAllowedHosts(value);
            return true;
          } catch {
            return false;
          }
        },
        { message: 'must be host names, addresses or CIDR ranges, separated by commas or spaces' },
      ),
    /** Tries of a post to a destination before it shows as failed (backing off from 30 s, doubling). */
    DESTINATION_POST_ATTEMPTS: wholeNumber(5, 1, 20),
    /**
     * Issue 35 item 2 (docs/decisions/094): posts one user may ask for a minute and a day (then 429 with
     * retry_after), the post workers one process runs (each one post at a time; one destination takes one post
     * at a time), and the longest one try may take in all.
     */
    DESTINATION_POSTS_PER_MINUTE: wholeNumber(DESTINATION_POST_DEFAULTS.postsPerMinute, 1, 10_000),
    DESTINATION_POSTS_PER_DAY: wholeNumber(DESTINATION_POST_DEFAULTS.postsPerDay, 1, 1_000_000),
    DESTINATION_POST_WORKERS: wholeNumber(DESTINATION_POST_DEFAULTS.workers, 1, 64),
    DESTINATION_POST_DEADLINE_MS: wholeNumber(DESTINATION_POST_DEFAULTS.deadlineMs, 1_000, 120_000),
    /**
     * Issue 40 (docs/decisions/160-workflows.md): workflows one account may keep, runs (Run now and scheduled alike)
     * one account may start an hour, tries of a scheduled run before it shows as failed, and the first retry's
     * delay in seconds (doubling).
     */
    WORKFLOWS_PER_USER: wholeNumber(20, 1, 1_000),
    WORKFLOW_RUNS_PER_HOUR: wholeNumber(30, 1, 10_000),
    WORKFLOW_RUN_ATTEMPTS: wholeNumber(4, 1, 20),
    WORKFLOW_RETRY_BASE_SECONDS: wholeNumber(60, 1, 3_600),
    /** Workflow run workers one search process runs, each taking 4 runs at a time. */
    WORKFLOW_RUN_WORKERS: wholeNumber(2, 1, 32),
    /** Minutes between a source's syncs once it is up to date. */
    SOURCE_SYNC_INTERVAL_MINUTES: wholeNumber(15, 1, 24 * 60),
    /**
     * Minutes without progress after which a sync's card says it is stuck rather than syncing (issue 34 item 7):
     * a batch takes seconds, a run's every read is bounded by SOURCE_RUN_TIMEOUT_S.
     */
    SOURCE_SYNC_STUCK_MINUTES: wholeNumber(10, 1, 24 * 60),
    /**
     * Per-user bounds (issue 34 item 6): the sources one account may have, and the tests, previews and SQLite
     * checks it may have running at once (each may hold a reader child; past it a 429 says to wait).
     */
    SOURCES_PER_USER: wholeNumber(20, 1, 10_000),
    SOURCE_CHECKS_PER_USER: wholeNumber(2, 1, 100),
    /**
     * A user's sources syncing at once, across instances (advisory locks): the rest wait their turn (queued again
     * after a few seconds), so one user's many slow sources cannot hold every sync slot.
     */
    SOURCE_SYNCS_PER_USER: wholeNumber(1, 1, 100),
    /**
     * Documents (rows and messages) one account's sources may hold together; a sync stops before a batch that
     * would pass it, and the source says why. 250,000: a large mailbox and a 100,000-row table side by side.
     */
    SOURCE_DOCUMENTS_PER_USER: wholeNumber(250_000, 1, 100_000_000),
    /** Source syncs one process runs at once. */
    SOURCE_SYNC_CONCURRENCY: wholeNumber(2, 1, 32),
    /**
     * Database sources (issue 22, docs/decisions/052): the longest one statement may run at the source's server
     * (statement_timeout, max_statement_time), the longest a connection may take, the rows one read (and one
     * transaction) holds at most, how often a source with a changed-at column compares its ids to find deleted
     * rows, and the largest SQLite file an upload takes.
     */
    SOURCE_DB_STATEMENT_TIMEOUT_MS: wholeNumber(30_000, 100, 60 * 60_000),
    SOURCE_DB_CONNECT_TIMEOUT_MS: wholeNumber(15_000, 100, 5 * 60_000),
    SOURCE_DB_BATCH_ROWS: wholeNumber(1_000, 1, 100_000),
    SOURCE_DB_ID_SCAN_MINUTES: wholeNumber(60, 0, 7 * 24 * 60),
    SOURCE_SQLITE_MAX_BYTES: wholeNumber(SQLITE_FILE_MAX_BYTES, 1024, 4 * 1024 * 1024 * 1024),
    /**
     * Every read of a source's rows is bounded while it is read (issue 34; docs/decisions/081): a row's cells
     * together (each cut by the server to fit, at 4 bytes a character), and one read's rows together (measured
     * by the server; the next read goes on after the last row kept).
     */
    SOURCE_DB_ROW_MAX_BYTES: wholeNumber(8 * 1024 * 1024, 64 * 1024, 256 * 1024 * 1024),
    SOURCE_DB_BATCH_MAX_BYTES: wholeNumber(32 * 1024 * 1024, 64 * 1024, 1024 * 1024 * 1024),
    /**
     * Every read of a database source (preview, the SQLite upload's check, sync) runs in a child process
     * (docs/decisions/082): one call may take this long, and the child this much memory (V8's heap and its
     * resident memory), before it is killed and the source says so. 256 MB: a page of 32 MB and its copies.
     */
    SOURCE_RUN_TIMEOUT_S: wholeNumber(60, 1, 60 * 60),
    SOURCE_RUN_MEMORY_MB: wholeNumber(256, 64, 8 * 1024),
    /**
     * File shares (issue 43, docs/decisions/185-webdav-file-share.md): the largest file read (larger ones are
     * listed, not read), one request's time, and the files and folders one walk lists at most.
     */
    SOURCE_WEBDAV_FILE_MAX_BYTES: wholeNumber(UPLOAD_MAX_FILE_BYTES, 1024, 1024 * 1024 * 1024),
    SOURCE_WEBDAV_TIMEOUT_MS: wholeNumber(30_000, 1_000, 10 * 60_000),
    SOURCE_WEBDAV_ENTRIES_MAX: wholeNumber(200_000, 1, 10_000_000),
    /**
     * Git repositories (issue 43, docs/decisions/186-git-repository.md): where their bare copies are kept, the
     * largest file indexed, the most a copy may grow by in one fetch, one git command's time, and the commits
     * read (the newest).
     */
    SOURCE_GIT_DIR: z.string().min(1).default('.data/git'),
    SOURCE_GIT_FILE_MAX_BYTES: wholeNumber(1024 * 1024, 1024, 256 * 1024 * 1024),
    SOURCE_GIT_REPO_MAX_MB: wholeNumber(1024, 1, 64 * 1024),
    SOURCE_GIT_TIMEOUT_S: wholeNumber(600, 5, 24 * 60 * 60),
    SOURCE_GIT_COMMITS_MAX: wholeNumber(10_000, 1, 1_000_000),
  })
  // Mailed answers carry links, and they take their origin from PUBLIC_URL only (issue 18 item 12): in
  // production, without it, the service would link to its own loopback address, so it does not start.
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.PUBLIC_URL === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'is required when NODE_ENV=production (the origin links in mailed answers use)',
      });
    }
    // Issue 35 item 3: a key file in the container is lost on each redeploy and differs between replicas.
    if (env.NODE_ENV === 'production' && env.SECRETS_KEY === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['SECRETS_KEY'],
        message:
          'is required when NODE_ENV=production: 32 random bytes in base64 (openssl rand -base64 32), from a secret every replica shares',
      });
    }
  })
  .transform(({ SEARCH_PORT, ...env }) => ({ ...env, PORT: SEARCH_PORT }));

export type SearchEnv = z.output<typeof SearchEnvSchema>;

/** The extraction settings of a parsed environment (the extraction child's readers take these). */
export function extractionSettings(env: SearchEnv): ExtractionSettings {
  return {
    archiveMaxEntries: env.SEARCH_ARCHIVE_MAX_ENTRIES,
    archiveMaxBytes: env.SEARCH_ARCHIVE_MAX_BYTES,
    archiveMaxRatio: env.SEARCH_ARCHIVE_MAX_RATIO,
    ocrLanguages: env.SEARCH_OCR_LANGUAGES,
    ocrMaxPages: env.SEARCH_OCR_MAX_PAGES,
    ocrMaxPixels: env.SEARCH_OCR_MAX_PIXELS,
    ocrInlineImages: env.SEARCH_OCR_INLINE_IMAGES === 'true',
    memoryMb: env.SEARCH_JOB_MEMORY_MB,
    timeoutSeconds: env.SEARCH_JOB_TIMEOUT_S,
  };
}
