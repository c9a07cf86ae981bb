import { SQLITE_FILE_MAX_BYTES, UPLOAD_MAX_FILE_BYTES } from '@trove/contracts';
import {
  allowedHostsSetting,
  baseEnvShape,
  portSetting,
  requireSecretsKeyInProduction,
  secretsEnvShape,
  wholeNumberSetting as wholeNumber,
} from '@trove/service-core';
import { z } from 'zod';

// The sources service's settings (issue 34 item 1; docs/decisions/170-sources-service.md): its port, the secret
// box's key (shared with the search service, which seals destinations with it), where sources may connect, and
// the bounds of syncs and reads that lived in the search service's settings before.

export const SourcesEnvSchema = z
  .object({
    ...baseEnvShape,
    SOURCES_PORT: portSetting(4104),
    /** production: SECRETS_KEY is required (issue 35 item 3). */
    NODE_ENV: z.string().optional(),
    /** The auth service's public keys (docs/architecture.md#sessions: verified through its JWKS, never a shared secret). */
    AUTH_JWKS_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .default('http://127.0.0.1:4101/api/v1/auth/.well-known/jwks.json'),
    ...secretsEnvShape,
    /**
     * Hosts and CIDR ranges a source may reach although they are loopback, private or link-local (a
     * self-hosted mail server). Everything else must be a public address (docs/architecture.md#source-rules: user-supplied hosts).
     */
    SOURCE_ALLOWED_HOSTS: allowedHostsSetting(),
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
    /**
     * Per-user budgets a minute, across instances (docs/decisions/201): tests and previews, SQLite uploads and
     * "Sync now"; past one a 429 with retry_after.
     */
    SOURCE_CHECKS_PER_MINUTE: wholeNumber(30, 1, 100_000),
    SOURCE_FILES_PER_MINUTE: wholeNumber(10, 1, 100_000),
    SOURCE_SYNC_NOW_PER_MINUTE: wholeNumber(20, 1, 100_000),
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
     * Every read of a source (a database's preview, the SQLite upload's check, a mailbox, a share, a repository,
     * a calendar's parse; every sync) runs in a child process (docs/decisions/082, 200, 218): one call may take
     * this long, and the child this much memory (V8's heap and its resident memory, with what it starts), before
     * it is killed and the source says so. 256 MB: a page of 32 MB and its copies.
     */
    SOURCE_RUN_TIMEOUT_S: wholeNumber(60, 1, 60 * 60),
    SOURCE_RUN_MEMORY_MB: wholeNumber(256, 64, 8 * 1024),
    /**
     * A warm reader child nobody takes for this long is stopped (docs/decisions/217): an idle service holds no
     * children; the next read starts one, a fraction of a second from the bundled JavaScript.
     */
    SOURCE_RUN_IDLE_S: wholeNumber(300, 1, 24 * 60 * 60),
    /**
     * Whether a child of each kind (database, mailbox, share and repository) waits warm from the start and is
     * replaced as it is taken (docs/decisions/229). Off: a child starts on the first read that needs it, and is
     * reused after; less memory and CPU on a stack with few sources, a slower first Test.
     */
    SOURCE_RUN_PREWARM: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
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
  .superRefine((env, ctx) => requireSecretsKeyInProduction(env, ctx))
  .transform(({ SOURCES_PORT, ...env }) => ({ ...env, PORT: SOURCES_PORT }));

export type SourcesEnv = z.output<typeof SourcesEnvSchema>;
