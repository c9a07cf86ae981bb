import type { DatabaseHandle, Logger } from '@trove/service-core';
import { searchDb } from '../../../../services/search/src/db/tables';
import { acceptUploads } from '../../../../services/search/src/documents/uploads.service';
import {
  ExtractionError,
  extractDocument,
  ReadingSuspended,
} from '../../../../services/search/src/extraction';
import {
  createExtractionWorker,
  DEFAULT_LISTS_VACUUM_ROWS,
} from '../../../../services/search/src/jobs/extraction-worker';
import { type CorpusMessage, copyOf } from './corpus';

// Loads the corpus the way a user's uploads go in: POST /uploads' service function (batches of 200, the
// issue's batch limit, each stored with its jobs in one transaction) and the extraction worker with the
// real extractor (unpdf/mammoth/postal-mime/chrono-node), in this process. Only the HTTP hop is skipped.

export interface LoadResult {
  documents: number;
  failed: number;
  seconds: number;
}

const BATCH = 200;

/**
 * Extraction loops in the bench process besides the stack's own extraction process (BENCH_SEARCH_WORKERS). 0, the
 * default: the stack's process alone indexes the uploads, as it does a user's (docs/decisions/074).
 */
export const BENCH_WORKERS = Number(process.env.BENCH_SEARCH_WORKERS ?? 0);

/** Who indexed a load, for the bench's line. */
export const indexedBy = (workers: number) =>
  workers === 0
    ? "the stack's own extraction process"
    : `${workers} extraction loops in the bench process and the stack's own extraction process`;

// The per-file and per-batch limits; the bench user is not held to a storage quota or a request
// rate (the corpus is the point). A variable rather than a literal, so settings the service adds later
// with defaults of their own do not break the bench's type check.
export const UPLOAD_SETTINGS = {
  maxFileBytes: 25 * 1024 * 1024,
  maxFiles: BATCH,
  quotaBytes: Number.MAX_SAFE_INTEGER,
  requestsPerMinute: Number.MAX_SAFE_INTEGER,
};

export async function loadCopies(
  db: DatabaseHandle,
  logger: Logger,
  userId: string,
  corpus: CorpusMessage[],
  copies: readonly number[],
  concurrency: number,
): Promise<LoadResult> {
  const started = performance.now();
  // Without loops of its own (the default), the stack's extraction process indexes the uploads, as it does a
  // user's: one process, SEARCH_JOB_CONCURRENCY 1, batches of SEARCH_JOB_BATCH.
  const worker =
    concurrency === 0
      ? undefined
      : createExtractionWorker({
          db,
          logger,
          extract: extractDocument,
          permanentFailure: (err) => (err instanceof ExtractionError ? err.reason : undefined),
          suspended: (err) => (err instanceof ReadingSuspended ? err.resume : undefined),
          leaseMs: 10 * 60_000,
          maxAttempts: 3,
          pollMs: 20,
          concurrency,
          workerId: 'bench',
          // As the service's worker does by default; the bench's handle is the tables' owner.
          listsVacuum: { db, everyRows: DEFAULT_LISTS_VACUUM_ROWS },
        });
  // Uploads and extraction overlap, as they do when a user drops a folder: the worker starts at once.
  worker?.start();
  let documents = 0;
  for (const copy of copies) {
    for (let at = 0; at < corpus.length; at += BATCH) {
      const { stream, contentType } = multipartBody(
        corpus.slice(at, at + BATCH).map((message) => ({
          name: `${message.group}-${message.id}-${copy}.eml`,
          type: 'message/rfc822',
          bytes: copyOf(message, copy),
        })),
      );
      documents += (await acceptUploads(db, userId, { stream, contentType }, UPLOAD_SETTINGS)).length;
    }
  }
  // Done when no job is left (a finished job is deleted; a failed document keeps no job either).
  for (;;) {
    const { left } = await searchDb(db)
      .selectFrom('search_jobs')
      .select((eb) => eb.fn.countAll<string>().as('left'))
      .executeTakeFirstOrThrow();
    if (Number(left) === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await worker?.stop();
  const { failed } = await searchDb(db)
    .selectFrom('documents')
    .select((eb) => eb.fn.countAll<string>().as('failed'))
    .where('user_id', '=', userId)
    .where('status', '=', 'failed')
    .executeTakeFirstOrThrow();
  return {
    documents,
    failed: Number(failed),
    seconds: (performance.now() - started) / 1000,
  };
}

/**
 * The multipart body a browser sends for the files, as bytes, streamed in pieces of a socket read's size: the
 * route's streaming parser reads it as it reads a request. Made here rather than by FormData and Response, whose
 * Blob-backed stream costs this process more CPU than the server's work on it (Node 20, ADR 073) — a client's
 * cost on the machine under test.
 */
export function multipartBody(files: readonly { name: string; type: string; bytes: string | Uint8Array }[]): {
  stream: ReadableStream<Uint8Array>;
  contentType: string;
} {
  const boundary = `----trove-bench-${Math.random().toString(36).slice(2)}`;
  const parts: Uint8Array[] = [];
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      // A string goes as UTF-8, as a File of it would.
      typeof file.bytes === 'string' ? Buffer.from(file.bytes, 'utf8') : file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const body = Buffer.concat(parts);
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= body.length) {
        controller.close();
        return;
      }
      controller.enqueue(body.subarray(at, at + 64 * 1024));
      at += 64 * 1024;
    },
  });
  return { stream, contentType: `multipart/form-data; boundary=${boundary}` };
}
