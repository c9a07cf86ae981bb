import { type DatabaseHandle, JOB_LIBRARY_SCHEMA } from '@trove/service-core';
import { sql } from 'kysely';

// The sync queue's one question of its own (issue 34 item 6, fairness): how many syncs of a source's user are
// waiting already. The queue is pg-boss's (docs/decisions/045-job-library.md); its jobs carry the source's id.

/**
 * The syncs of this source's user waiting in `queue` (created or to retry), this source's own left out: a new
 * sync's place in its user's line. 0 for a user with none waiting, or a source that is gone.
 */
export async function waitingSyncsOfUser(
  db: DatabaseHandle,
  queue: string,
  sourceId: string,
): Promise<number> {
  const result = await sql<{ n: string }>`
    select count(*) as n from ${sql.table(`${JOB_LIBRARY_SCHEMA}.job`)} j
    where j.name = ${queue} and j.state in ('created', 'retry')
      and j.data ->> 'sourceId' <> ${sourceId}
      and j.data ->> 'sourceId' in (
        select s.id::text from sources s
        where s.user_id = (select o.user_id from sources o where o.id = ${sourceId}))`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}
