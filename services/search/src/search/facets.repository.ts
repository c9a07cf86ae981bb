import { type DatabaseHandle, queryPrepared } from '@trove/service-core';
import { type CompiledQuery, sql } from 'kysely';

// Facets beyond kind and source (issue 42 item 4): who sent the matching documents (the ten who sent most) and
// when (per month, the year is their sum), over the whole match set, in one statement. A document's sender is
// the From of its first passage's people (extraction/people.ts `role`); its month is when it was sent, else its
// day, in UTC.

export interface PeopleAndPeriods {
  /** `value` is what from: takes (the address, else the name); `label` the name, else the address. */
  senders: { value: string; label: string; count: number }[];
  /** YYYY-MM, newest first. */
  months: { value: string; count: number }[];
}

/** The senders shown: the ten who sent most of the matching documents. */
export const SENDER_FACETS = 10;

/**
 * SQL of the facets over a CTE `matched (document_id, facts)`: each matching document once, with the facts of
 * one of its matching passages (passages has no index by document: a passage is reached by its id). Used by
 * {@link readPeopleAndPeriods} and by the newest-first listing (candidates.repository.ts), whose set is SQL's.
 */
export const peopleAndPeriodsSql = (userId: unknown) => sql`
  json_build_object(
    'senders', (
      select coalesce(json_agg(json_build_object('value', g.value, 'label', g.label, 'count', g.n)
                               order by g.n desc, g.value), '[]')
      from (
        select coalesce(nullif(person->>'email', ''), person->>'name') as value,
               min(coalesce(nullif(person->>'name', ''), person->>'email')) as label,
               count(distinct f.id)::int as n
        from (select m.document_id as id, m.facts from matched m) f
        cross join lateral jsonb_array_elements(
          case when jsonb_typeof(f.facts->'people') = 'array' then f.facts->'people' else '[]' end) person
        where person->>'role' = 'from' and coalesce(person->>'email', person->>'name', '') <> ''
        group by 1
        order by n desc, value
        limit ${sql.lit(SENDER_FACETS)}
      ) g),
    'months', (
      select coalesce(json_agg(json_build_object('value', t.value, 'count', t.n) order by t.value desc), '[]')
      from (
        select to_char(coalesce(d.sent_at at time zone 'UTC', d.document_date::timestamp), 'YYYY-MM') as value,
               count(*)::int as n
        from matched m join documents d on d.id = m.document_id
        where d.user_id = ${userId}::uuid and coalesce(d.sent_at, d.document_date::timestamptz) is not null
        group by 1
      ) t)
  )`;

const statement = (db: DatabaseHandle) =>
  sql<{ facets: PeopleAndPeriods }>`
    with matched as (
      select distinct on (p.document_id) p.document_id, p.facts
      from unnest($1::bigint[]) as x(id) join passages p on p.id = x.id
      where p.user_id = $2::uuid
      order by p.document_id, p.ordinal
    )
    select ${peopleAndPeriodsSql(sql`$2`)} as facets
  `.compile(db);

let compiled: CompiledQuery | undefined;

/** The senders and months of the documents of the matching passages (`passageIds`, the user's). */
export async function readPeopleAndPeriods(
  db: DatabaseHandle,
  userId: string,
  passageIds: readonly number[],
): Promise<PeopleAndPeriods> {
  if (passageIds.length === 0) return { senders: [], months: [] };
  compiled ??= statement(db);
  const rows = await queryPrepared<{ facets: PeopleAndPeriods }>(db, {
    ...compiled,
    parameters: [[...new Set(passageIds)], userId],
  });
  return rows[0]?.facets ?? { senders: [], months: [] };
}
