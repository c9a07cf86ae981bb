import { CSRF_ACCESS_COOKIE, CSRF_HEADER } from '@trove/contracts';
import type pg from 'pg';
import { groupMemory } from './upload-memory';

// What the sources and databases benches both ask of a stack: signed-in JSON headers, a source's document
// counts read straight from its database, and a poll with a deadline.

export function csrfHeaders(cookie: string): Record<string, string> {
  const csrf = new RegExp(`(?:^|; )${CSRF_ACCESS_COOKIE}=([^;]+)`).exec(cookie)?.[1] ?? '';
  return { Cookie: cookie, [CSRF_HEADER]: csrf, 'Content-Type': 'application/json' };
}

export interface Counts {
  documents: number;
  indexed: number;
  failed: number;
  state: string;
  /**
   * 1 while any intake row of the source waits for the search service (docs/decisions/170-sources-service.md),
   * else 0: whether, not how many (docs/decisions/224).
   */
  waiting: number;
}

/**
 * The probe the benches poll every 250 ms while a first sync runs. `waiting` asks whether an intake row is left,
 * not how many: counting them read the whole intake table each time (no index on the source, and the test server
 * runs without autovacuum, so every row taken stays in it dead). Since the sources service hands a 100,000-row
 * table over in seconds (docs/decisions/217), the intake holds most of it while the search service indexes, and
 * each poll read all of it, beside the work it measures (docs/decisions/224).
 */
export const COUNTS_SQL = `
  select count(d.id) as documents,
         count(d.id) filter (where d.status = 'indexed') as indexed,
         count(d.id) filter (where d.status = 'failed') as failed,
         s.state,
         (exists (select 1 from source_intake i where i.source_id = s.id))::int as waiting
    from sources s left join documents d on d.source_id = s.id
   where s.id = $1 group by s.id, s.state`;

export async function counts(db: pg.Client, sourceId: string): Promise<Counts> {
  const { rows } = await db.query<{
    documents: string;
    indexed: string;
    failed: string;
    state: string;
    waiting: number;
  }>(COUNTS_SQL, [sourceId]);
  const row = rows[0];
  if (row === undefined) throw new Error(`source ${sourceId} is gone`);
  return {
    documents: Number(row.documents),
    indexed: Number(row.indexed),
    failed: Number(row.failed),
    state: row.state,
    waiting: Number(row.waiting),
  };
}

/**
 * The cheap half of `counts`: the source's state and whether an intake row waits, without counting its documents
 * (at 100,000 documents four counts a second cost the bench's own PostgreSQL ~30 s of CPU, docs/decisions/224).
 */
export async function handOver(db: pg.Client, sourceId: string): Promise<{ state: string; waiting: number }> {
  const { rows } = await db.query<{ state: string; waiting: number }>(
    `select s.state, (exists (select 1 from source_intake i where i.source_id = s.id))::int as waiting
       from sources s where s.id = $1`,
    [sourceId],
  );
  const row = rows[0];
  if (row === undefined) throw new Error(`source ${sourceId} is gone`);
  return { state: row.state, waiting: Number(row.waiting) };
}

/** `until(what, probe)`: the probe's first answer other than undefined, or an error after `deadlineMs`. */
export function untilWithin(deadlineMs: number) {
  return async <T>(what: string, probe: () => Promise<T | undefined>, everyMs = 100): Promise<T> => {
    const started = Date.now();
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() - started > deadlineMs) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  };
}

/** Seconds from the start at which each phase of a first sync was first seen. */
export type PhaseMarks = Record<string, number>;

/**
 * Where a first sync's time goes between the sources service storing and the search service indexing
 * (docs/decisions/204): fed the source's counts at each poll, it notes when each hand-over phase was first
 * seen — the first intake row written, the first document taken, the first indexed, the source up to date (all
 * handed over), the intake empty (all taken), every document indexed. A poll's resolution: the probe's interval.
 */
export function phaseClock(started: number) {
  const marks: PhaseMarks = {};
  const mark = (phase: string) => {
    marks[phase] ??= (performance.now() - started) / 1000;
  };
  return {
    marks,
    mark,
    see(now: Counts) {
      if (now.waiting > 0) mark('first intake row seen');
      if (now.documents > 0) mark('first document taken');
      if (now.indexed > 0) mark('first document indexed');
      if (now.state === 'up_to_date') mark('source up to date (all handed over)');
      if (now.state === 'up_to_date' && now.waiting === 0) mark('intake empty (all taken)');
    },
  };
}

export function printPhases(marks: PhaseMarks): void {
  const phases = Object.entries(marks).sort((a, b) => a[1] - b[1]);
  console.log(
    `| first sync's phases, seconds from the create request | ${phases.map(([phase, at]) => `${phase} ${at.toFixed(2)}`).join('; ')} | | |`,
  );
}

export interface ServiceMemory {
  /** The service process's RSS when sampling started, MB. */
  idleMb: number;
  /** Its sampled peak, MB. */
  peakMb: number;
  /** The largest of its children (reader or parse children), MB. */
  childPeakMb: number;
}

/**
 * Samples a service's process group every 50 ms: the service process (the group's largest at the start, not
 * tsx's launcher) and, apart, its children. `stop()` answers what was seen.
 */
export function sampleService(leader: number): { stop(): ServiceMemory } {
  const service = groupMemory(leader).sort((a, b) => b.rssKb - a.rssKb)[0];
  if (service === undefined) throw new Error(`no process in the group of ${leader}`);
  let peakKb = service.rssKb;
  let childPeakKb = 0;
  const sampler = setInterval(() => {
    for (const p of groupMemory(leader))
      if (p.pid === service.pid) peakKb = Math.max(peakKb, p.rssKb);
      else if (p.pid !== leader) childPeakKb = Math.max(childPeakKb, p.rssKb);
  }, 50);
  return {
    stop() {
      clearInterval(sampler);
      return { idleMb: service.rssKb / 1024, peakMb: peakKb / 1024, childPeakMb: childPeakKb / 1024 };
    },
  };
}
