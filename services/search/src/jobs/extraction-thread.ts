import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import {
  childEntry,
  watchChildStderr,
  createDatabase,
  createLogger,
  describeError,
  type Logger,
  parseEnv,
} from '@trove/service-core';
import { extractionSettings, SearchEnvSchema } from '../env';
import { ExtractionError, extractDocument, ReadingSuspended } from '../extraction';
import { createExtractionWorker, timedOutReason } from './extraction-worker';
import { readingNotice, readingNotices } from './reading-notices';

// The extraction worker runs beside the search service's event loop, not on it
// (docs/decisions/012-search-service-wiring.md). Extraction is synchronous CPU work — about a second and
// a half per MB of dense text, so tens of seconds for a 25 MB file — and on the service's own event loop
// it stalled every request of that instance for as long (measured: a GET /api/v1/uploads took 41 s and
// ended in a 503). It has its own database pool whose statement timeout fits a job's bulk writes
// (SEARCH_JOB_STATEMENT_TIMEOUT_MS), not the API's fail-fast bound (DB_STATEMENT_TIMEOUT_MS, 3 s), which a
// 25 MB file's passages outlast.
//
// It is a child process of the service rather than a worker thread (it was one until ADR 019): a 25 MB
// upload can be a zip or Flate bomb, and its heap must be bounded (SEARCH_JOB_MEMORY_MB). A worker
// thread's resourceLimits are best-effort — one large allocation past them aborts the whole process
// (nodejs/node#47224; measured here with a DOCX whose XML opens to 40 MB on a 48 MB thread) — while a
// child that runs out of memory dies alone, and the kernel's OOM killer picks it rather than the API
// when a bomb's buffers (outside V8's heap) fill the container. The child that replaces one that died of
// memory hands the jobs it held back to the queue at once, and fails a job that did so on every try with
// a reason to show.

/** argv[2] of the child, so importing this module elsewhere (main.ts) never starts a job loop. */
const CHILD_FLAG = '--trove-search-extraction';

/** How long a stopping child may take to finish its job before it is cut off (the lease brings it back). */
const STOP_TIMEOUT_MS = 10_000;
/** First wait before a child that died is started again; doubles up to a minute. */
const RESTART_MS = 1_000;

/** The message that tells the child jobs were just queued. */
const WAKE = 'wake';

export interface ExtractionProcessOptions {
  /** SEARCH_JOB_MEMORY_MB: the child's V8 heap (--max-old-space-size). */
  memoryMb: number;
  /**
   * SEARCH_JOB_TIMEOUT_S: the longest one file's reading may take. Reading is synchronous CPU work the
   * child cannot interrupt itself, so past this the service kills it; the next child fails that job with
   * a reason and goes on with the queue (issue 18 item 6).
   */
  timeoutSeconds: number;
  /** The child's environment (default: the service's); tests point it at their own database. */
  env?: NodeJS.ProcessEnv;
}

export interface ExtractionProcess {
  /** Stops taking jobs, lets the running ones finish (or cuts them off after a while), closes its pool. */
  stop(): Promise<void>;
  /** Tells the child that jobs were just queued (a sync's batch), so it does not wait out its poll. */
  wake(): void;
  /** The child's process id while one runs (the bench reads its peak memory). */
  pid(): number | undefined;
}

/** Starts the extraction child process; one that dies is logged and started again, with back-off. */
export function startExtractionProcess(logger: Logger, options: ExtractionProcessOptions): ExtractionProcess {
  let child: ChildProcess | undefined;
  let stopping = false;
  let restartDelay = RESTART_MS;
  let restartTimer: NodeJS.Timeout | undefined;
  let outOfMemoryWorkerId: string | undefined;
  let timedOut: { workerId: string; jobId: string } | undefined;

  const start = () => {
    const started = Date.now();
    const workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    const args = [
      CHILD_FLAG,
      workerId,
      outOfMemoryWorkerId ?? '',
      timedOut === undefined ? '' : `${timedOut.workerId}|${timedOut.jobId}`,
    ];
    outOfMemoryWorkerId = undefined;
    timedOut = undefined;
    let killedForTime = false;
    const clocks = new Map<string, NodeJS.Timeout>();
    // This module is the child's entry: from source under tsx, or its own bundle beside the service's (ADR 217).
    const entry = childEntry(new URL('./extraction-thread.ts', import.meta.url));
    const spawned = fork(entry.path, args, {
      execArgv: [...entry.execArgv, `--max-old-space-size=${options.memoryMb}`],
      env: options.env ?? process.env,
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    });
    child = spawned;
    // V8's last words go to stderr: passed on, and watched to tell a death of memory from others.
    const stderr = watchChildStderr(spawned.stderr, 512, (chunk) => process.stderr.write(chunk));
    // The child says when each job's reading starts and ends; one that outlasts the timeout is cut off.
    spawned.on('message', (message: unknown) => {
      const notice = readingNotice(message);
      for (const jobId of notice?.ended ?? []) {
        clearTimeout(clocks.get(jobId));
        clocks.delete(jobId);
      }
      const jobId = notice?.started;
      if (jobId === undefined) return;
      clearTimeout(clocks.get(jobId));
      const clock = setTimeout(() => {
        killedForTime = true;
        timedOut = { workerId, jobId };
        logger.warn(
          { timeoutSeconds: options.timeoutSeconds },
          'extraction took too long; stopping its process',
        );
        spawned.kill('SIGKILL');
      }, options.timeoutSeconds * 1000);
      clock.unref();
      clocks.set(jobId, clock);
    });
    spawned.on('error', (err) => {
      logger.error({ error: describeError(err) }, 'extraction process failed');
    });
    // 'close', not 'exit': by then stderr has been read to its end, V8's last words included.
    spawned.on('close', (code, signal) => {
      if (child === spawned) child = undefined;
      for (const clock of clocks.values()) clearTimeout(clock);
      if (stopping) return;
      // SIGKILL without a stop (and not ours, for time) is the kernel's OOM killer (or an operator): the
      // held jobs go back either way.
      const outOfMemory = stderr.outOfMemory() || (signal === 'SIGKILL' && !killedForTime);
      if (outOfMemory) outOfMemoryWorkerId = workerId;
      // A child that ran a good while before dying starts again at once; one that keeps dying, slower.
      restartDelay =
        killedForTime || Date.now() - started > 60_000 ? RESTART_MS : Math.min(restartDelay * 2, 60_000);
      logger.error(
        { exitCode: code, signal, outOfMemory, memoryMb: options.memoryMb, restartInMs: restartDelay },
        outOfMemory
          ? 'extraction process ran out of memory; starting it again'
          : 'extraction process exited; starting it again',
      );
      restartTimer = setTimeout(start, restartDelay);
      restartTimer.unref();
    });
  };
  start();

  return {
    wake() {
      if (child?.connected) child.send(WAKE);
    },
    pid: () => child?.pid,
    async stop() {
      stopping = true;
      clearTimeout(restartTimer);
      const running = child;
      if (running === undefined || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
      running.send('stop');
      const timer = setTimeout(() => running.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The child's side: the job loop on its own pool, until the service asks it to stop or goes away. */
async function runExtractionLoop(
  workerId: string,
  outOfMemoryWorkerId: string | undefined,
  timedOut: { workerId: string; jobId: string } | undefined,
): Promise<void> {
  const env = parseEnv(SearchEnvSchema);
  const settings = extractionSettings(env);
  const logger = createLogger({ name: 'search-extraction', level: env.LOG_LEVEL });
  const db = createDatabase({
    url: env.DATABASE_URL,
    // One connection per job loop and one for the lease queries.
    poolMax: env.SEARCH_JOB_CONCURRENCY + 1,
    logger,
    connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: env.SEARCH_JOB_STATEMENT_TIMEOUT_MS,
    idleInTransactionTimeoutMs: env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    role: env.DATABASE_ROLE,
  });
  // VACUUM is the tables' owner's: the connecting user's, not the service role's (ADR 031), so the lists are
  // vacuumed on a connection of their own without DATABASE_ROLE — that statement alone (docs/decisions/074).
  const maintenance = createDatabase({
    url: env.DATABASE_URL,
    poolMax: 1,
    logger,
    connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: env.SEARCH_JOB_STATEMENT_TIMEOUT_MS,
    idleInTransactionTimeoutMs: env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  });
  const jobs = createExtractionWorker({
    db,
    logger,
    extract: (file) => extractDocument(file, settings),
    permanentFailure: (err) => (err instanceof ExtractionError ? err.reason : undefined),
    suspended: (err) => (err instanceof ReadingSuspended ? err.resume : undefined),
    leaseMs: env.SEARCH_JOB_LEASE_MS,
    maxAttempts: env.SEARCH_JOB_MAX_ATTEMPTS,
    pollMs: env.SEARCH_JOB_POLL_MS,
    concurrency: env.SEARCH_JOB_CONCURRENCY,
    batchSize: env.SEARCH_JOB_BATCH,
    listsVacuum: { db: maintenance, everyRows: env.SEARCH_LISTS_VACUUM_ROWS },
    workerId,
    onExtracting: readingNotices((notice) => process.send?.(notice)),
    product: env.APP_NAME,
  });
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await jobs.stop();
    await Promise.all([db.destroy(), maintenance.destroy()]);
    process.exit(0);
  };
  // 'wake': jobs were queued just now; anything else (the service's 'stop'): finish and exit.
  process.on('message', (message) => {
    if (message === WAKE) jobs.wake();
    else void stop();
  });
  // A signal to the service's process group (Ctrl-C, the stack's stop) reaches this child too: the service
  // decides when it stops, so a job in hand gets its time to finish rather than being cut off.
  process.on('SIGTERM', () => undefined);
  process.on('SIGINT', () => undefined);
  // The service died without asking (SIGKILL): no orphan keeps taking jobs.
  process.once('disconnect', () => void stop());
  if (outOfMemoryWorkerId !== undefined) {
    try {
      await jobs.releaseOutOfMemory(outOfMemoryWorkerId);
    } catch (err) {
      // The database is away: the lease still brings the jobs back, failing at last as "after several tries".
      logger.warn(
        { error: describeError(err) },
        'could not release the jobs of a process that ran out of memory',
      );
    }
  }
  if (timedOut !== undefined) {
    try {
      await jobs.releaseTimedOut(
        timedOut.workerId,
        timedOut.jobId,
        timedOutReason(env.SEARCH_JOB_TIMEOUT_S, env.APP_NAME),
      );
    } catch (err) {
      logger.warn({ error: describeError(err) }, 'could not fail the job that took too long');
    }
  }
  if (!stopped) jobs.start();
}

if (process.argv[2] === CHILD_FLAG && process.send !== undefined) {
  const [deadWorkerId = '', jobId = ''] = (process.argv[5] ?? '').split('|');
  await runExtractionLoop(
    process.argv[3] ?? '',
    process.argv[4] || undefined,
    jobId === '' ? undefined : { workerId: deadWorkerId, jobId },
  );
}
