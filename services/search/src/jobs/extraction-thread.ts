import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { createDatabase, createLogger, describeError, type Logger, parseEnv } from '@trove/service-core';
import { SearchEnvSchema } from '../env';
import { ExtractionError, extractDocument } from '../extraction';
import { createExtractionWorker } from './extraction-worker';

// The extraction worker runs inside the search service's process, but on a thread of its own
// (docs/decisions/012-search-service-wiring.md). Extraction is synchronous CPU work — about a second and
// a half per MB of dense text, so tens of seconds for a 25 MB file — and on the service's own event loop
// it stalled every request of that instance for as long (measured: a GET /api/v1/uploads took 41 s and
// ended in a 503). On a thread the API keeps answering while files are read. The thread has its own
// database pool whose statement timeout fits a job's bulk writes (SEARCH_JOB_STATEMENT_TIMEOUT_MS),
// not the API's fail-fast bound (DB_STATEMENT_TIMEOUT_MS, 3 s), which a 25 MB file's passages outlast.

const ROLE = 'trove-search-extraction';

/** How long a stopping thread may take to finish its job before it is cut off (the lease brings it back). */
const STOP_TIMEOUT_MS = 10_000;
/** First wait before a thread that died is started again; doubles up to a minute. */
const RESTART_MS = 1_000;

// The services run from TypeScript source under tsx (docs/decisions/003), whose loader a worker thread
// does not inherit: the thread registers it first, then loads this file.
const THREAD_BOOT = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); });`;

export interface ExtractionThread {
  /** Stops taking jobs, lets the running ones finish (or cuts them off after a while), closes its pool. */
  stop(): Promise<void>;
}

/** Starts the extraction thread; one that dies is logged and started again, with back-off. */
export function startExtractionThread(logger: Logger): ExtractionThread {
  let worker: Worker | undefined;
  let stopping = false;
  let restartDelay = RESTART_MS;
  let restartTimer: NodeJS.Timeout | undefined;

  const start = () => {
    const started = Date.now();
    const thread = new Worker(THREAD_BOOT, { eval: true, workerData: { role: ROLE } });
    worker = thread;
    thread.on('error', (err) => {
      logger.error({ error: describeError(err) }, 'extraction thread failed');
    });
    thread.on('exit', (code) => {
      if (worker === thread) worker = undefined;
      if (stopping) return;
      // A thread that ran a good while before dying starts again at once; one that keeps dying, slower.
      restartDelay = Date.now() - started > 60_000 ? RESTART_MS : Math.min(restartDelay * 2, 60_000);
      logger.error(
        { exitCode: code, restartInMs: restartDelay },
        'extraction thread exited; starting it again',
      );
      restartTimer = setTimeout(start, restartDelay);
      restartTimer.unref();
    });
  };
  start();

  return {
    async stop() {
      stopping = true;
      clearTimeout(restartTimer);
      const thread = worker;
      if (thread === undefined) return;
      const exited = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
      thread.postMessage('stop');
      const timer = setTimeout(() => void thread.terminate(), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The thread's side: the job loop on its own pool, until the service asks it to stop. */
async function runExtractionLoop(): Promise<void> {
  const env = parseEnv(SearchEnvSchema);
  const logger = createLogger({ name: 'search-extraction', level: env.LOG_LEVEL });
  const db = createDatabase({
    url: env.DATABASE_URL,
    // One connection per job loop and one for the lease queries.
    poolMax: env.SEARCH_JOB_CONCURRENCY + 1,
    logger,
    connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: env.SEARCH_JOB_STATEMENT_TIMEOUT_MS,
  });
  const jobs = createExtractionWorker({
    db,
    logger,
    extract: extractDocument,
    permanentFailure: (err) => (err instanceof ExtractionError ? err.reason : undefined),
    leaseMs: env.SEARCH_JOB_LEASE_MS,
    maxAttempts: env.SEARCH_JOB_MAX_ATTEMPTS,
    pollMs: env.SEARCH_JOB_POLL_MS,
    concurrency: env.SEARCH_JOB_CONCURRENCY,
  });
  jobs.start();
  parentPort?.once('message', async () => {
    await jobs.stop();
    await db.destroy();
    // In a worker thread this ends the thread, not the process.
    process.exit(0);
  });
}

if (!isMainThread && (workerData as { role?: string } | null)?.role === ROLE) await runExtractionLoop();
