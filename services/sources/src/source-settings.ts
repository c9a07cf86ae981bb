import type { AllowedHosts, Lookup } from '@trove/service-core';
import { PAGE_DEFAULTS } from './database/database-reader';
import { RUNNER_DEFAULTS, type RunnerSettings } from './database/reader-sandbox';

// Sources' settings and the queues a route hands work to, apart from the service functions that use them, so
// the syncs, the kinds and the routes all import them from here and none imports another's module back.

/** Where any source may connect, for every kind: the host guard's settings (docs/architecture.md#source-rules). */
export interface SourceReach {
  /** SOURCE_ALLOWED_HOSTS. */
  allowedHosts: AllowedHosts;
  /** DNS for the host guard; the system's unless a test sets one. */
  lookup?: Lookup | undefined;
  /** DNS, TCP and TLS together (a client's default unless set). */
  connectTimeoutMs?: number | undefined;
}

/** Queues a source's sync (docs/decisions/045-job-library.md); the job library behind it in the service. */
export interface SourceSyncQueue {
  syncSoon(sourceId: string): Promise<void>;
}

/** Queues a source's removal (the source-remove job, docs/decisions/045-job-library.md). */
export interface SourceRemovalQueue {
  removeSoon(sourceId: string): Promise<void>;
}

/** Database sources' bounds (the SOURCE_DB_* settings, env.ts). */
export interface DatabaseSettings {
  statementTimeoutMs: number;
  connectTimeoutMs: number;
  batchRows: number;
  idScanMinutes: number;
  sqliteMaxBytes: number;
  /** SOURCE_DB_ROW_MAX_BYTES: a row's cells together, cut as they are read (bounded-rows.ts). */
  rowMaxBytes: number;
  /** SOURCE_DB_BATCH_MAX_BYTES: one read's rows together, measured by the source's server. */
  batchMaxBytes: number;
  /** SOURCE_RUN_TIMEOUT_S and SOURCE_RUN_MEMORY_MB: the bounds of the child process every read runs in. */
  runner: RunnerSettings;
}

export const DATABASE_DEFAULTS: DatabaseSettings = {
  statementTimeoutMs: 30_000,
  connectTimeoutMs: 15_000,
  batchRows: 1_000,
  idScanMinutes: 60,
  sqliteMaxBytes: 200 * 1024 * 1024,
  ...PAGE_DEFAULTS,
  runner: RUNNER_DEFAULTS,
};

/** Per-user bounds (issue 34 item 6): SOURCES_PER_USER and SOURCE_CHECKS_PER_USER. */
export interface SourceLimits {
  /** Sources one user may have. */
  sourcesPerUser: number;
  /** Tests, previews and SQLite checks one user may have running at once (each may hold a reader child). */
  checksPerUser: number;
  /** A user's sources syncing at once, across instances; the others wait their turn. */
  syncsPerUser: number;
  /** Documents a user's sources may hold together (rows and messages). */
  documentsPerUser: number;
  /** Tests and previews (new or saved) one user may ask for a minute, across instances (rate_limits). */
  checksPerMinute: number;
  /** SQLite files one user may upload a minute. */
  filesPerMinute: number;
  /** "Sync now" one user may ask for a minute. */
  syncNowPerMinute: number;
}

export const SOURCE_LIMIT_DEFAULTS: SourceLimits = {
  sourcesPerUser: 20,
  checksPerUser: 2,
  syncsPerUser: 1,
  documentsPerUser: 250_000,
  checksPerMinute: 30,
  filesPerMinute: 10,
  syncNowPerMinute: 20,
};
