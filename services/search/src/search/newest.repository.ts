import { type DatabaseHandle, queryPrepared } from '@trove/service-core';
import { type RawBuilder, sql } from 'kysely';
import { type PeopleAndPeriods, peopleAndPeriodsSql } from './facets.repository';
import {
  compiledOnce,
  kindOf,
  passageFilters,
  rowSources,
  senderIndexed,
  Slot,
  slot,
} from './filters.repository';
import type { FilterShape, FilterValues } from './plan';

// A search of operators alone, newest first (issue 42 item 3, docs/decisions/141-search-as-people-type-it.md).

/** A page of a search without words: passage ids newest first, their sort keys, and the facets of the whole set. */
interface NewestRow {
  listed: {
    ids: string[];
    /** Each listed passage's date, microseconds since 1970: the cursor's key. */
    keys: number[];
    kinds: { kind: string; count: number }[];
    sources: { value: string; label: string; count: number }[];
    people: PeopleAndPeriods;
  };
}

/**
 * A search of operators alone (issue 42 item 3: "everything from Ann"): every document passing the filters, by
 * its first passage that passes them, newest first — when it was sent, else its day, else when it came in —
 * after the cursor's key; with the kinds and sources of the whole set (the kind facet before the type filter).
 */
export function newestStatement(shape: FilterShape): RawBuilder<NewestRow> {
  const userId = slot('userId');
  return sql<NewestRow>`
    with live as materialized (
      select coalesce(array_agg(s.id), '{}') as ids from sources s
      where s.user_id = ${userId}::uuid and not (s.detail @> '{"removing": true}'::jsonb)
    ),
    ${rowSources(userId)},
    passed as (
      select distinct on (p.document_id) p.id, p.document_id, ${kindOf} as kind, p.source_id,
             (extract(epoch from coalesce(d.sent_at, d.document_date::timestamptz, d.created_at)) * 1000000)::bigint as sort_key
      from passages p
      join documents d on d.id = p.document_id
      where p.user_id = ${userId}::uuid
        and (p.source_id is null or p.source_id = any ((select ids from live)::uuid[]))
        ${senderIndexed(shape)}
        and ${passageFilters(shape)}
      order by p.document_id, p.ordinal, p.id
    ),
    page as (
      select id, sort_key from passed
      where (${slot('kind')}::text = '' or kind = ${slot('kind')}::text)
        and (sort_key, id) < (${slot('afterKey')}::bigint, ${slot('afterId')}::bigint)
      order by sort_key desc, id desc
      limit ${slot('limit')}::int
    ),
    matched as (
      select x.document_id, p.facts from passed x join passages p on p.id = x.id
      where ${slot('kind')}::text = '' or x.kind = ${slot('kind')}::text
    )
    select json_build_object(
      'people', ${peopleAndPeriodsSql(userId)},
      'ids', (select coalesce(json_agg(id::text order by sort_key desc, id desc), '[]') from page),
      'keys', (select coalesce(json_agg(sort_key::float8 order by sort_key desc, id desc), '[]') from page),
      'kinds', (select coalesce(json_agg(json_build_object('kind', kind, 'count', n)), '[]')
                from (select kind, count(*) as n from passed group by kind) k),
      'sources', (select coalesce(json_agg(json_build_object('value', coalesce(g.source_id::text, 'uploads'),
                    'label', coalesce(s.name, case when g.source_id is null then 'Uploads' else g.source_id::text end),
                    'count', g.n)), '[]')
                  from (select source_id, count(*) as n from passed group by source_id) g
                  left join sources s on s.id = g.source_id and s.user_id = ${userId}::uuid)
    ) as listed`;
}

/** A page of a search of operators alone, newest first (see newestStatement), with the whole set's facets. */
export async function readNewest(
  db: DatabaseHandle,
  shape: FilterShape,
  values: FilterValues,
): Promise<NewestRow['listed']> {
  const statement = compiledOnce(`newest:${JSON.stringify(shape)}`, () => newestStatement(shape).compile(db));
  const rows = await queryPrepared<NewestRow>(db, {
    ...statement,
    parameters: statement.parameters.map((parameter) =>
      parameter instanceof Slot ? values[parameter.name] : parameter,
    ),
  });
  return (
    rows[0]?.listed ?? { ids: [], keys: [], kinds: [], sources: [], people: { senders: [], months: [] } }
  );
}
