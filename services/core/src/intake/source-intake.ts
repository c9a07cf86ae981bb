import type { ColumnType, Generated } from 'kysely';
import type { DatabaseHandle } from '../database';
import { type JobLibrary, withJobLibrarySetupLock } from '../jobs/job-library';

// The hand-over from the sources service to the search service (issue 34 item 1;
// docs/decisions/170-sources-service.md). The services share no code of each other's: only this table's shape, the
// queue that says rows are waiting, and what each operation means.
//
// - put: a raw item — its bytes (a message's RFC 822 source, a row's HTML), name, media type and format, under its
//   source key and folder. A key already indexed is replaced. `inline`: a small row the search service indexes
//   in the transaction that takes it (no extraction job; docs/decisions/061).
// - rename: the item under this key is now called `name`, in `folder` (a message moved).
// - delete: the item under this key is gone.
// - purge: the whole source is gone (removed by its user).
// The sources service writes these in the transaction of the sync step that read them (with its checkpoint);
// the search service takes them in id order, a batch a transaction, and deletes what it took.

export const INTAKE_OPS = ['put', 'rename', 'delete', 'purge'] as const;
export type IntakeOp = (typeof INTAKE_OPS)[number];

/** pg-boss queue whose jobs tell the search service that intake rows wait (the job carries nothing). */
export const SOURCE_INTAKE_QUEUE = 'source-intake';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/**
 * A user's source (issue 21; migration 2026-11-25-07-sources): the sources service's table, which the search
 * service only reads through its role's column grant (a result's source name and kind, the filters). The one
 * shape both services type it with.
 */
export type SourcesTable = {
  id: string;
  user_id: string;
  kind: string;
  name: string;
  settings: ColumnType<unknown, string, string>;
  /** The password, sealed by the secret box (context `source:<id>:password`). */
  secret: string;
  state: ColumnType<string, string | undefined, string>;
  detail: ColumnType<unknown, string | undefined, string>;
  last_sync_at: NullableTimestamp;
  next_sync_at: NullableTimestamp;
  consecutive_failures: ColumnType<number, number | undefined, number>;
  /** A kind's checkpoint when it keeps no table of its own (migration 2026-11-29-70), JSON. */
  checkpoint: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type SourceIntakeTable = {
  /** bigserial, read as text by pg. */
  id: Generated<string>;
  source_id: string;
  user_id: string;
  op: IntakeOp;
  item_key: string | null;
  folder: string | null;
  name: string | null;
  media_type: string | null;
  format: string | null;
  body: Buffer | null;
  inline: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
};

/**
 * The intake's queue, made by both services at start (idempotent). 'stately': at most one job waiting and one
 * running, so a sync's many batches wake the search service once per drain, and a batch handed over while a drain
 * runs leaves one job for the next.
 */
export async function prepareIntakeQueue(db: DatabaseHandle, boss: JobLibrary): Promise<void> {
  // Under the setup lock: the two services start together, and pg-boss's create_queue deadlocks with another
  // service's (ci4: the sources service exited with "deadlock detected" beside the search service's start).
  await withJobLibrarySetupLock(db, () =>
    boss.createQueue(SOURCE_INTAKE_QUEUE, {
      name: SOURCE_INTAKE_QUEUE,
      policy: 'stately',
      retryLimit: 5,
      retryDelay: 5,
      retryBackoff: true,
      expireInSeconds: 15 * 60,
    }),
  );
}

/** Tells the search service that intake rows wait (a job carrying nothing; one already waiting is enough). */
export async function notifyIntake(boss: JobLibrary): Promise<void> {
  await boss.send(SOURCE_INTAKE_QUEUE, {});
}
