import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startTestPostgres } from '@trove/service-core/testing';
import { RAISED_PROXY_AUTH_LIMITS, type Stack } from '../index';
import { startIsolatedStack } from '../isolated';
import { poll } from '../wait';
import { signedInCookie } from './accounts';
import { countByStatus, type RunningLoad, type Sample, startLoad } from './load';

// docs/decisions/009-deploy-story.md, "Faults": PostgreSQL stopped or frozen under load. The whole stack
// (nginx, the services as real processes) runs on a PostgreSQL this process owns, so it can stop it and
// start it again; the shared server on 5432 is never stopped. faults.int.test.ts asserts what happens;
// the bench (infra/src/bench/faults.ts) reports how fast. Each phase ends when the load shows the state it
// waits for, never after a fixed sleep (ADR 002).

export interface FaultBed {
  stack: Stack;
  /** The Cookie header of a signed-in account, so GETs reach the database. */
  cookie: string;
  stopPostgres(): Promise<void>;
  startPostgres(): Promise<void>;
  /** The postmaster and every process it forked (the backends): SIGSTOP to all of them freezes the server. */
  postgresProcesses(): number[];
  close(): Promise<void>;
}

export async function startFaultBed(label: string): Promise<FaultBed> {
  const pg = await startTestPostgres({ name: 'faults', password: 'trove-faults' });
  const parentDir = pg.dir;
  let stack: Stack | undefined;
  const close = async () => {
    await stack?.stop();
    await pg.remove();
  };
  try {
    const www = join(parentDir, 'www');
    await mkdir(www, { recursive: true });
    await writeFile(join(www, 'index.html'), '<!doctype html><title>Trove</title>');
    stack = await startIsolatedStack(label, {
      databaseUrl: pg.url(),
      wwwRoot: www,
      serviceEnv: {
        AUTH_KEY_DIR: join(parentDir, 'keys'),
        LOG_LEVEL: 'warn',
        // The load repeats one client's requests far past the abuse limits; those are not under test here.
        RATE_EXISTS_PER_MINUTE: '1000000',
        RATE_REGISTER_PER_MINUTE: '1000000',
        RATE_PASSWORD_CHECKS_PER_MINUTE: '1000000',
        ...RAISED_PROXY_AUTH_LIMITS,
        SEARCH_REQUESTS_PER_MINUTE: '1000000',
        MAIL_POLL_MS: '200',
        // A frozen server answers nothing, so the client-side query timeout (this + 1 s) is what ends a
        // request; shorter than the default so a frozen phase is short.
        DB_STATEMENT_TIMEOUT_MS: '2000',
      },
    });
    const cookie = await signedInCookie(stack.url, stack.mailUrl);
    return {
      stack,
      cookie,
      stopPostgres: () => pg.stop(),
      startPostgres: () => pg.start(),
      postgresProcesses: () => postgresProcesses(join(parentDir, 'data')),
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}

function postgresProcesses(dataDir: string): number[] {
  const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // Field 4 of /proc/<pid>/stat is the parent pid; the name field before it may hold spaces.
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

/** Every route of the load reads or writes the database, in both services. */
export const DATABASE_ROUTES = [
  'GET /api/v1/auth/me',
  'GET /api/v1/profile/me',
  'POST /api/v1/auth/password/exists',
  'GET /api/v1/auth/readyz',
  'GET /api/v1/profile/readyz',
] as const;

function databaseLoad(bed: FaultBed): RunningLoad {
  const headers = { Cookie: bed.cookie };
  return startLoad(
    bed.stack.url,
    [
      { path: '/api/v1/auth/me', headers },
      { path: '/api/v1/profile/me', headers },
      {
        method: 'POST',
        path: '/api/v1/auth/password/exists',
        headers: { 'Content-Type': 'application/json' },
        body: () => JSON.stringify({ email: 'someone@example.com' }),
      },
      { path: '/api/v1/auth/readyz' },
      { path: '/api/v1/profile/readyz' },
    ],
    // Its own cap only ends a load a failed wait left running; the waits below end each phase.
    { concurrency: 6, maxDurationMs: 150_000 },
  );
}

/** When every request that started after `from` answered 200: the end of the last one that did not. */
export function settledAt(samples: readonly Sample[], from: number): number {
  const failures = samples.filter((sample) => sample.at >= from && sample.status !== 200);
  return Math.max(from, ...failures.map((sample) => sample.at + sample.ms));
}

/** True when every database route has answered `status` to `times` requests started at `from` or later. */
function everyRouteAnswered(samples: readonly Sample[], status: number, from: number, times = 1): boolean {
  return DATABASE_ROUTES.every(
    (route) =>
      samples.filter((sample) => sample.target === route && sample.status === status && sample.at >= from)
        .length >= times,
  );
}

/**
 * A generous bound that only a hang reaches: each phase normally ends in well under 5 s (the bench's
 * figures), and PostgreSQL's own start after a stop takes a few seconds on a busy machine.
 */
const PHASE_LIMIT_MS = 30_000;

async function until(load: RunningLoad, state: string, reached: (samples: readonly Sample[]) => boolean) {
  const result = await poll(async () => reached(load.samples), { timeoutMs: PHASE_LIMIT_MS, intervalMs: 50 });
  if (!result.ok) {
    throw new Error(`${state}: ${result.reason} (so far ${JSON.stringify(countByStatus(load.samples))})`);
  }
}

/** The load's samples and the moments (ms since the load started) that divide them. */
export interface FaultRun {
  samples: Sample[];
  /** Just before the fault began. */
  faultAt: number;
  /** When the fault was complete: PostgreSQL had exited, or every process of it was stopped. */
  downAt: number;
  /** Just before PostgreSQL was started or resumed. */
  returningAt: number;
  /** When it was running again. */
  backAt: number;
}

/**
 * The least time the healthy phase and the fault last. The test leaves both at 0: each lasts until every
 * route has shown it. The bench sets the scenario's lengths so its figures compare from run to run.
 */
export interface FaultOptions {
  healthyMs?: number;
  /** From `downAt`. */
  faultMs?: number;
}

async function atLeast(load: RunningLoad, since: number, ms: number) {
  const left = since + ms - load.now();
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}

/**
 * Load on every database route, through nginx, until all answer 200; then the fault, held until every
 * route has answered 503 to a request made during it; then PostgreSQL back, until every route has
 * answered 200 twice since the last answer that was not 200.
 */
async function underLoad(
  bed: FaultBed,
  fault: { begin(): Promise<void>; end(): Promise<void> },
  state: string,
  { healthyMs = 0, faultMs = 0 }: FaultOptions,
): Promise<FaultRun> {
  const load = databaseLoad(bed);
  const marks = { faultAt: Number.NaN, downAt: Number.NaN, returningAt: Number.NaN, backAt: Number.NaN };
  try {
    await until(load, 'every route answers 200 before the fault', (samples) =>
      everyRouteAnswered(samples, 200, 0, 2),
    );
    await atLeast(load, 0, healthyMs);
    marks.faultAt = load.now();
    try {
      await fault.begin();
      marks.downAt = load.now();
      const downAt = marks.downAt;
      await until(load, `every route answers 503 while PostgreSQL is ${state}`, (samples) =>
        everyRouteAnswered(samples, 503, downAt),
      );
      await atLeast(load, downAt, faultMs);
    } finally {
      // Whatever happens above, PostgreSQL must not stay down for what runs after this.
      marks.returningAt = load.now();
      await fault.end();
      marks.backAt = load.now();
    }
    const backAt = marks.backAt;
    await until(load, 'every route answers 200 again, by itself', (samples) =>
      everyRouteAnswered(samples, 200, settledAt(samples, backAt), 2),
    );
  } finally {
    await load.stop();
  }
  return { samples: [...load.samples], ...marks };
}

/** PostgreSQL stopped (its fast shutdown) under load, then started again. */
export function postgresStoppedUnderLoad(bed: FaultBed, options: FaultOptions = {}): Promise<FaultRun> {
  return underLoad(bed, { begin: bed.stopPostgres, end: bed.startPostgres }, 'stopped', options);
}

/** PostgreSQL frozen (SIGSTOP of all its processes: a hung server, not a closed one), then resumed. */
export function postgresFrozenUnderLoad(bed: FaultBed, options: FaultOptions = {}): Promise<FaultRun> {
  let frozen: number[] = [];
  return underLoad(
    bed,
    {
      async begin() {
        frozen = bed.postgresProcesses();
        for (const pid of frozen) process.kill(pid, 'SIGSTOP');
      },
      async end() {
        for (const pid of frozen) process.kill(pid, 'SIGCONT');
      },
    },
    'frozen',
    options,
  );
}
