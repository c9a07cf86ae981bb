import type { DatabaseHandle, Logger } from '@trove/service-core';
import { searchDb } from '../../../../services/search/src/db/tables';
import { acceptUploads } from '../../../../services/search/src/documents/uploads.service';
import { ExtractionError, extractDocument } from '../../../../services/search/src/extraction';
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

// The per-file and per-batch limits; the bench user is not held to a storage quota or a request
// rate (the corpus is the point). A variable rather than a literal, so settings the service adds later
// with defaults of their own do not break the bench's type check.
const UPLOAD_SETTINGS = {
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
  const worker = createExtractionWorker({
    db,
    logger,
    extract: extractDocument,
    permanentFailure: (err) => (err instanceof ExtractionError ? err.reason : undefined),
    leaseMs: 10 * 60_000,
    maxAttempts: 3,
    pollMs: 20,
    concurrency,
    workerId: 'bench',
    // As the service's worker does by default; the bench's handle is the tables' owner.
    listsVacuum: { db, everyRows: DEFAULT_LISTS_VACUUM_ROWS },
  });
  // Uploads and extraction overlap, as they do when a user drops a folder: the worker starts at once.
  worker.start();
  let documents = 0;
  for (const copy of copies) {
    for (let at = 0; at < corpus.length; at += BATCH) {
      const form = new FormData();
      for (const message of corpus.slice(at, at + BATCH)) {
        form.append(
          'file',
          new File([copyOf(message, copy)], `${message.group}-${message.id}-${copy}.eml`, {
            type: 'message/rfc822',
          }),
        );
      }
      // The multipart body a browser would send, read by the same streaming function as the route.
      const body = new Response(form);
      const contentType = body.headers.get('Content-Type') ?? '';
      documents += (await acceptUploads(db, userId, { stream: body.body, contentType }, UPLOAD_SETTINGS))
        .length;
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
  await worker.stop();
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
