import type { Sample } from '../stack/testing/load';
import {
  type FaultRun,
  postgresFrozenUnderLoad,
  postgresStoppedUnderLoad,
  settledAt,
  startFaultBed,
} from '../stack/testing/postgres-faults';

// docs/decisions/009-deploy-story.md, "Faults": how fast the stack answers and recovers when PostgreSQL
// goes away under load. faults.int.test.ts proves that it does (only 200 or the 503 envelope, every
// route answering during the fault, back by itself); these are the figures the issue bounds at 5 s. They
// are against that bound, not a ratio: what sets them is a setting (the client query timeout) and
// PostgreSQL's own start; the healthy p99 of the same load in the same run sits beside them
// (docs/decisions/043).

/** The bounds: an answer within 5 s during the outage, every request 200 within 5 s of its return. */
const ANSWER_GOAL_MS = 5_000;
const RECOVERY_GOAL_MS = 5_000;

interface FaultFigures {
  fault: string;
  requests: number;
  failed: number;
  healthyP99: number;
  firstUnavailable: number;
  slowestDuring: number;
  recovered: number;
  restart: number;
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

function figures(fault: string, run: FaultRun): FaultFigures {
  const ended = (sample: Sample) => sample.at + sample.ms;
  const healthy = run.samples.filter((sample) => ended(sample) < run.faultAt && sample.status === 200);
  const firstUnavailable = Math.min(
    ...run.samples.filter((sample) => sample.status === 503).map((sample) => ended(sample)),
  );
  // Any answer a client was waiting for while PostgreSQL was away, those caught in flight included.
  const during = run.samples.filter((sample) => sample.at < run.returningAt && ended(sample) > run.faultAt);
  return {
    fault,
    requests: run.samples.length,
    failed: run.samples.filter((sample) => sample.status !== 200).length,
    healthyP99: quantile(
      healthy.map((sample) => sample.ms),
      0.99,
    ),
    firstUnavailable: firstUnavailable - run.faultAt,
    slowestDuring: Math.max(...during.map((sample) => sample.ms)),
    recovered: settledAt(run.samples, run.backAt) - run.backAt,
    restart: run.backAt - run.returningAt,
  };
}

/** The scenario of ADR 009's table: 1.5 s of healthy load, PostgreSQL stopped for 6 s, then frozen for 7 s. */
export async function runFaultsBench(): Promise<void> {
  const bed = await startFaultBed('bench-faults');
  const rows: FaultFigures[] = [];
  try {
    const stopped = await postgresStoppedUnderLoad(bed, { healthyMs: 1_500, faultMs: 6_000 });
    rows.push(figures('PostgreSQL stopped (fast shutdown), 6 s', stopped));
    const frozen = await postgresFrozenUnderLoad(bed, { healthyMs: 1_500, faultMs: 7_000 });
    rows.push(figures('PostgreSQL frozen (SIGSTOP), 7 s', frozen));
  } finally {
    await bed.close();
  }
  const ms = (value: number) => value.toFixed(0);
  const within = (value: number, goal: number) => (value < goal ? 'yes' : '**no**');
  console.log(
    '\nPostgreSQL faults under load: 6 clients through nginx on 5 database routes of auth and profile (DB_STATEMENT_TIMEOUT_MS=2000)\n',
  );
  console.log(
    `| fault | requests (not 200) | healthy p99 ms (baseline) | first 503 after the fault ms | slowest answer during it ms | within ${ANSWER_GOAL_MS} ms | every request 200 again, ms after the return | within ${RECOVERY_GOAL_MS} ms | PostgreSQL start ms |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.fault} | ${r.requests} (${r.failed}) | ${ms(r.healthyP99)} | ${ms(r.firstUnavailable)} | ${ms(r.slowestDuring)} | ${within(r.slowestDuring, ANSWER_GOAL_MS)} | ${ms(r.recovered)} | ${within(r.recovered, RECOVERY_GOAL_MS)} | ${ms(r.restart)} |`,
    );
  }
}
