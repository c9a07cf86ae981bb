import { hostname } from 'node:os';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { type DatabaseHandle, DEFAULT_APP_NAME, describeError, type Logger } from '@trove/service-core';
import {
  type AnalysedPassage,
  analysePassages,
  type ContainedDocument,
  type IndexedDocument,
  indexDocuments,
  lockDocument,
  type NewPassage,
  releaseUnread,
  setDocumentStatus,
  startExtracting,
} from '../documents/documents.repository';
import { vacuumLists } from '../search/posting-lists.repository';
import type { NewRecord } from '../records/records.repository';
import {
  finishJob,
  finishJobs,
  jobsHeldBy,
  type ReadingResume,
  retryJob,
  suspendJob,
  type TakenJob,
  takeJobs,
} from './jobs.repository';

// The extraction job worker (issue 10, "Storage and jobs"). It leases a batch of jobs, extracts them one by one
// outside any transaction (extraction can take seconds; holding a connection and row locks that long would
// starve uploads), then writes the batch's passages, statistics and statuses in one transaction, each statement
// once for the batch (issue 21: a transaction and six statements per document held a mailbox's first sync to
// ~68 messages/s). The extractor is passed in: main.ts gives it src/extraction's extractDocument, tests give it
// whatever they need to prove.

/** What the worker needs of src/extraction's ExtractedDocument. */
export interface ExtractionResult {
  title: string;
  parts: number;
  /** ISO date or date-time; the day is kept. */
  documentDate: string | null;
  passages: NewPassage[];
  /** The kind it was read as (its content's, when its name lied). */
  kind?: string;
  /** What the person should know about how it was read. */
  notes?: readonly string[];
  /** Its archive entries or attachments, to become documents of their own (docs/decisions/121). */
  contained?: readonly ContainedDocument[];
  /** Its rows as typed fields (docs/decisions/130). */
  records?: readonly NewRecord[];
}

export type Extractor = (input: {
  bytes: Uint8Array;
  fileName: string;
  mediaType: string;
  /** Containers above it (an archive's entry: 1). */
  depth: number;
  /** The subject of the message it is attached to. */
  attachedTo: string | null;
  /** What earlier slices of this reading read (a long scan read in turns). */
  resume?: ReadingResume;
}) => Promise<ExtractionResult>;

export interface ExtractionWorkerOptions {
  db: DatabaseHandle;
  logger: Logger;
  extract: Extractor;
  /**
   * What was read so far when `err` means the reading reached the end of its slice (SEARCH_OCR_SLICE_SECONDS)
   * with more to read: the job goes back in the queue with it, behind other users' files. Undefined otherwise.
   */
  suspended?: (err: unknown) => ReadingResume | undefined;
  /**
   * The reason to show the user when `err` means the file itself cannot be read (an ExtractionError:
   * corrupt, encrypted, not what its name says); such a file fails at once, retrying changes nothing.
   * Undefined for anything else, which is retried.
   */
  permanentFailure: (err: unknown) => string | undefined;
  leaseMs: number;
  maxAttempts: number;
  pollMs: number;
  concurrency?: number;
  /** Jobs a take leases and indexes in one transaction at most (SEARCH_JOB_BATCH); 1 is the job-at-a-time path. */
  batchSize?: number;
  /**
   * Vacuum the lists' tables each time this worker's writes have rewritten `everyRows` of their rows
   * (SEARCH_LISTS_VACUUM_ROWS; docs/decisions/074), on `db`: a handle whose user owns the tables (VACUUM is the
   * owner's), not the service role's. Unset or 0: left to autovacuum.
   */
  listsVacuum?: { db: DatabaseHandle; everyRows: number };
  workerId?: string;
  /** Wait before try `attempt + 1`. Default: 5 s doubling per try, at most 10 min. */
  retryDelayMs?: (attempt: number) => number;
  /** Told when the reading of a job's file starts and ends: the service times it (SEARCH_JOB_TIMEOUT_S). */
  onExtracting?: (jobId: string, extracting: boolean) => void;
  /** APP_NAME, for the reasons that name the product; DEFAULT_APP_NAME unless set. */
  product?: string;
}

export interface ExtractionWorker {
  /** Runs one due batch of jobs, if there is one; true when it ran one. */
  runOnce(): Promise<boolean>;
  start(): void;
  /** Stops taking jobs and waits for the ones running. */
  stop(): Promise<void>;
  /** Looks for work now instead of at the end of the idle wait (SEARCH_JOB_POLL_MS): new jobs were queued. */
  wake(): void;
  /**
   * The jobs an extraction process held when it died of memory (its worker id): each is retried, or failed with
   * outOfMemoryReason once its tries are used up, without waiting for their lease to run out.
   */
  releaseOutOfMemory(deadWorkerId: string): Promise<number>;
  /**
   * The jobs of an extraction process that was stopped because job `jobId` read for too long: that one
   * fails with `reason` (reading it again would take as long), the others go back to the queue.
   */
  releaseTimedOut(deadWorkerId: string, jobId: string, reason: string): Promise<void>;
}

export const GAVE_UP_REASON = 'This file could not be indexed after several tries.';
/** A file whose reading ran the extraction process out of memory (SEARCH_JOB_MEMORY_MB), every try. */
export const outOfMemoryReason = (product: string) =>
  `This file needs more memory to read than ${product} allows.`;
/** The job's last error when its process ran out of memory (kept for operators, never shown). */
export const OUT_OF_MEMORY_ERROR = 'the extraction process ran out of memory (SEARCH_JOB_MEMORY_MB)';
/** A file whose reading outlasted SEARCH_JOB_TIMEOUT_S (issue 18 item 6). */
export const timedOutReason = (seconds: number, product: string) =>
  `This file took longer than ${seconds} s to read, so ${product} stopped; it may be damaged or unusually large.`;

function exponentialBackoff(attempt: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempt - 1), 10 * 60_000);
}

/** Bytes of originals a batch holds at most (one larger file goes alone): a batch is in memory until indexed. */
const BATCH_BYTES = 4 * 1024 * 1024;
/**
 * A batch stops reading after this long, or once the files its documents contain (archive entries, attachments)
 * pass CONTAINED_BYTES: what it has read is written, the rest goes back to the queue untouched. Without it one
 * batch of scanned pages, read for minutes, held every other document it had taken unwritten (issue 39).
 */
const BATCH_READ_MS = 5_000;
const CONTAINED_BYTES = 64 * 1024 * 1024;
/**
 * SEARCH_JOB_BATCH's default: a batch rewrites the last block or the page of every word it holds once, however
 * many of its documents hold it, so fewer, larger batches write less (docs/decisions/074).
 */
export const DEFAULT_JOB_BATCH = 200;
/** SEARCH_LISTS_VACUUM_ROWS' default (docs/decisions/074). */
export const DEFAULT_LISTS_VACUUM_ROWS = 5_000;

function documentDay(iso: string | null): string | null {
  const day = iso === null ? undefined : /^\d{4}-\d{2}-\d{2}/.exec(iso)?.[0];
  return day !== undefined && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) ? day : null;
}

export function createExtractionWorker(options: ExtractionWorkerOptions): ExtractionWorker {
  const { db, logger } = options;
  const workerId =
    options.workerId ?? `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  const retryDelayMs = options.retryDelayMs ?? exponentialBackoff;

  async function fail(job: TakenJob, reason: string): Promise<void> {
    await db.transaction().execute(async (tx) => {
      if ((await lockDocument(tx, job.documentId)) === undefined) return;
      await setDocumentStatus(tx, job.documentId, { status: 'failed', failureReason: reason });
      await finishJob(tx, job.id);
    });
  }

  async function retry(job: TakenJob, error: string): Promise<void> {
    await db.transaction().execute(async (tx) => {
      if ((await lockDocument(tx, job.documentId)) === undefined) return;
      await setDocumentStatus(tx, job.documentId, { status: 'queued' });
      await retryJob(tx, job.id, retryDelayMs(job.attempts), error);
    });
  }

  async function releaseOutOfMemory(deadWorkerId: string): Promise<number> {
    const held = await jobsHeldBy(db, deadWorkerId);
    for (const job of held) {
      logger.warn({ documentId: job.documentId, attempts: job.attempts }, 'extraction ran out of memory');
      // With several jobs in the process any of them may be the culprit, so each keeps its remaining tries.
      await (job.attempts >= options.maxAttempts
        ? fail(job, outOfMemoryReason(options.product ?? DEFAULT_APP_NAME))
        : retry(job, OUT_OF_MEMORY_ERROR));
    }
    return held.length;
  }

  async function releaseTimedOut(deadWorkerId: string, jobId: string, reason: string): Promise<void> {
    for (const job of await jobsHeldBy(db, deadWorkerId)) {
      if (job.id === jobId) {
        logger.warn({ documentId: job.documentId }, 'extraction took too long');
        await fail(job, reason);
      } else {
        await retry(job, 'the extraction process was restarted (another job took too long)');
      }
    }
  }

  /** A file that could not be read: failed for good, or back in the queue for another try. */
  async function failOrRetry(job: TakenJob, err: unknown): Promise<void> {
    const reason = options.permanentFailure(err);
    if (reason !== undefined) return fail(job, reason);
    if (job.attempts >= options.maxAttempts) {
      logger.warn({ documentId: job.documentId, error: describeError(err) }, 'extraction gave up');
      return fail(job, GAVE_UP_REASON);
    }
    logger.warn({ documentId: job.documentId, error: describeError(err) }, 'extraction will be retried');
    return retry(job, describeError(err));
  }

  /** What a batch's extraction leaves to write: the documents read, their passages analysed, the jobs they finish. */
  interface ReadBatch {
    indexed: IndexedDocument[];
    analysed: AnalysedPassage[];
    finished: string[];
  }

  /** Reads a batch's files one by one; those that cannot be read are failed or retried as they come. */
  async function read(jobs: TakenJob[]): Promise<ReadBatch> {
    const live: TakenJob[] = [];
    for (const job of jobs) {
      // A take counts as a try, so a file that crashes the process every time still ends.
      if (job.attempts > options.maxAttempts) await fail(job, GAVE_UP_REASON);
      else live.push(job);
    }
    const originals = await startExtracting(
      db,
      live.map((job) => job.documentId),
    );
    const indexed: IndexedDocument[] = [];
    const finished: string[] = [];
    const started = Date.now();
    let containedBytes = 0;
    for (const [position, job] of live.entries()) {
      // A mail's reading resolves on promises alone, so without a turn of the event loop between files the
      // previous batch's write (loop) never heard back from PostgreSQL until this whole batch was read, and
      // the two took turns instead of overlapping: 50–500 ms of waiting a batch in a mailbox's first sync
      // (docs/decisions/248).
      if (position > 0) await nextTurn();
      if (position > 0 && (Date.now() - started > BATCH_READ_MS || containedBytes > CONTAINED_BYTES)) {
        const rest = live.slice(position).filter((unread) => originals.has(unread.documentId));
        await releaseUnread(db, rest);
        break;
      }
      const original = originals.get(job.documentId);
      // Deleted meanwhile: its job went with it (on delete cascade).
      if (original === undefined) continue;
      // Each file's reading is timed on its own (SEARCH_JOB_TIMEOUT_S): the batch's writes are bounded by the
      // statement timeout instead.
      options.onExtracting?.(job.id, true);
      let extracted: ExtractionResult;
      try {
        extracted = await options.extract({
          bytes: original.bytes,
          fileName: original.name,
          mediaType: original.mediaType,
          depth: original.depth,
          attachedTo: original.attachedTo,
          ...(job.resume === undefined ? {} : { resume: job.resume }),
        });
      } catch (err) {
        const resume = options.suspended?.(err);
        if (resume !== undefined) await suspendJob(db, job.id, resume);
        else await failOrRetry(job, err);
        continue;
      } finally {
        options.onExtracting?.(job.id, false);
        originals.delete(job.documentId);
      }
      const day = documentDay(extracted.documentDate);
      indexed.push({
        id: job.documentId,
        userId: original.userId,
        passages: extracted.passages,
        title: extracted.title,
        parts: extracted.parts,
        documentDate: day,
        sentAt: day === null ? null : extracted.documentDate,
        kind: extracted.kind,
        notes: extracted.notes,
        contained: extracted.contained,
        records: extracted.records,
      });
      for (const file of extracted.contained ?? []) containedBytes += file.bytes.byteLength;
      finished.push(job.id);
    }
    // Analysed here, before the loop waits for its previous batch's write: the database makes this batch's
    // vectors while it writes that one.
    return { indexed, analysed: await analysePassages(db, indexed), finished };
  }

  /** Indexes a batch read, with its jobs finished, in one transaction. */
  async function write({ indexed, analysed, finished }: ReadBatch): Promise<void> {
    if (indexed.length === 0) return;
    const listRows = await db.transaction().execute(async (tx) => {
      // Each document is locked first, which orders this against a concurrent DELETE: whichever comes second
      // sees the other's work (a document deleted meanwhile is skipped, its job gone with it).
      const written = await indexDocuments(tx, indexed, analysed);
      await finishJobs(tx, finished);
      return written.listRows;
    });
    noteListRows(listRows);
  }

  let listRowsSinceVacuum = 0;
  let vacuuming: Promise<void> | undefined;

  /**
   * Starts a vacuum of the lists once enough of their rows were rewritten since the last: one at a time, beside
   * the loops rather than in their way (docs/decisions/074).
   */
  function noteListRows(rows: number): void {
    const vacuum = options.listsVacuum;
    if (vacuum === undefined || vacuum.everyRows <= 0) return;
    listRowsSinceVacuum += rows;
    if (listRowsSinceVacuum < vacuum.everyRows || vacuuming !== undefined) return;
    listRowsSinceVacuum = 0;
    vacuuming = vacuumLists(vacuum.db)
      .catch((err: unknown) => logger.warn({ error: describeError(err) }, 'vacuuming the lists failed'))
      .finally(() => {
        vacuuming = undefined;
      });
  }

  const take = () =>
    takeJobs(db, workerId, options.leaseMs, {
      jobs: options.batchSize ?? DEFAULT_JOB_BATCH,
      bytes: BATCH_BYTES,
    });

  async function runOnce(): Promise<boolean> {
    const jobs = await take();
    if (jobs.length === 0) return false;
    await write(await read(jobs));
    return true;
  }

  let running = false;
  let loops: Promise<void>[] = [];
  const sleepers = new Set<() => void>();

  // The database is away, most likely; the lease brings the jobs back, so just wait and go on.
  const warn = (err: unknown) => logger.warn({ error: describeError(err) }, 'extraction worker error');

  // A loop writes a batch while it takes and reads the next: reading is this process's CPU, indexing the
  // database's, so on two cores the two overlap instead of taking turns. One write at a time per loop, in order.
  async function loop(): Promise<void> {
    let writing: Promise<void> = Promise.resolve();
    while (running) {
      let ran = false;
      try {
        const jobs = await take();
        ran = jobs.length > 0;
        if (ran) {
          const batch = await read(jobs);
          await writing;
          writing = write(batch).catch(warn);
        }
      } catch (err) {
        warn(err);
      }
      if (!ran) await writing;
      if (!ran && running) {
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            sleepers.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, options.pollMs);
          sleepers.add(wake);
        });
      }
    }
    await writing;
  }

  return {
    runOnce,
    releaseOutOfMemory,
    releaseTimedOut,
    start() {
      if (running) return;
      running = true;
      loops = Array.from({ length: options.concurrency ?? 1 }, () => loop());
    },
    wake() {
      for (const wake of [...sleepers]) wake();
    },
    async stop() {
      running = false;
      for (const wake of [...sleepers]) wake();
      await Promise.all(loops);
      loops = [];
      await vacuuming;
    },
  };
}
