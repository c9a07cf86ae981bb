import { CSRF_ACCESS_COOKIE, CSRF_HEADER } from '@trove/contracts';
import type pg from 'pg';

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
  /** Intake rows of the source the search service has not taken yet (docs/decisions/170-sources-service.md). */
  waiting: number;
}

export async function counts(db: pg.Client, sourceId: string): Promise<Counts> {
  const { rows } = await db.query<{
    documents: string;
    indexed: string;
    failed: string;
    state: string;
    waiting: string;
  }>(
    `select count(d.id) as documents,
            count(d.id) filter (where d.status = 'indexed') as indexed,
            count(d.id) filter (where d.status = 'failed') as failed,
            s.state,
            (select count(*) from source_intake i where i.source_id = s.id) as waiting
       from sources s left join documents d on d.source_id = s.id
      where s.id = $1 group by s.id, s.state`,
    [sourceId],
  );
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
