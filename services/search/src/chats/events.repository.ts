import type { DatabaseHandle } from '@trove/service-core';
import { sql } from 'kysely';
import type { EventOrder } from './question-order';

// The events a "next"/"last" question asks for (docs/decisions/219): a calendar's occurrences are documents of
// kind `event` whose sent_at is the start (extraction/calendar-event.ts). The order is the start's, from the
// instant asked — not a relevance ranking, which would need every matching occurrence among its capped
// candidates (a daily standup has 366 ahead) to find the first.

export interface EventRow {
  document_id: string;
  name: string;
  title: string | null;
  /** The event's start. */
  starts_at: Date;
  /** The day it is filed under (its start's UTC day, or an all-day event's day). */
  document_date: string | null;
  /** The event's first passage (its title, when, where, who): what the answer cites. */
  passage_id: string;
  location: string;
  body: string;
}

export interface EventsAsked {
  order: EventOrder;
  /** The words that name the event ("board meeting"); '' for any event. */
  words: string;
  /** next: starting at or after this instant; last: starting before it. */
  at: Date;
  /** A period the question named too ("the next board meeting in December"): [from, until). */
  from?: Date | undefined;
  until?: Date | undefined;
  /** A person or organisation of the event (its organiser, an attendee), matched from a word's start. */
  entityPattern?: string | undefined;
  limit: number;
}

/**
 * The user's events in the order asked — the first from `at` on, or the latest before it — whose words match:
 * those whose title is the words ("Board meeting" for "board meeting", not "Board meeting prep" while there is
 * one), else whose title holds them, else whose text does (an event whose description or attendees hold them).
 * At most two statements.
 */
export async function eventsInOrder(
  db: DatabaseHandle,
  userId: string,
  asked: EventsAsked,
): Promise<{ rows: EventRow[]; by: 'title' | 'text' }> {
  const titled = await readEvents(db, userId, asked, 'title');
  // Only the best tier: a title that is the words, when one is in the range, before a title that holds them.
  const best = titled[0]?.tier;
  if (best !== undefined || asked.words.trim() === '')
    return { rows: titled.filter((row) => row.tier === best).map(withoutTier), by: 'title' };
  return { rows: (await readEvents(db, userId, asked, 'text')).map(withoutTier), by: 'text' };
}

const withoutTier = ({ tier: _tier, ...row }: EventRow & { tier: number }): EventRow => row;

async function readEvents(
  db: DatabaseHandle,
  userId: string,
  asked: EventsAsked,
  by: 'title' | 'text',
): Promise<(EventRow & { tier: number })[]> {
  const next = asked.order === 'next';
  // A period named too ("the next board meeting in December") narrows the range on its other side.
  const from = next
    ? asked.from !== undefined && asked.from > asked.at
      ? asked.from
      : asked.at
    : (asked.from ?? null);
  const until = next
    ? (asked.until ?? null)
    : asked.until !== undefined && asked.until < asked.at
      ? asked.until
      : asked.at;
  const title = sql`to_tsvector('english', coalesce(d.title, ''))`;
  const words =
    by === 'title'
      ? sql`${title} @@ a.q`
      : sql`exists (select 1 from passages t where t.document_id = d.id
                    and to_tsvector('english', coalesce(d.title, '') || ' ' || t.body) @@ a.q)`;
  const entity =
    asked.entityPattern === undefined
      ? sql`true`
      : sql`exists (select 1 from passages t, jsonb_array_elements(
               case when jsonb_typeof(t.facts->'people') = 'array' then t.facts->'people' else '[]' end) person
             where t.document_id = d.id
               and (person->>'name' ~* ${asked.entityPattern} or person->>'email' ~* ${asked.entityPattern}))`;
  const result = await sql<EventRow & { tier: number }>`
    with a as (select plainto_tsquery('english', ${asked.words}) as q,
                      tsvector_to_array(to_tsvector('english', ${asked.words})) as lexemes)
    select d.id as document_id, d.name, d.title, d.sent_at as starts_at, d.document_date::text as document_date,
           p.id::text as passage_id, p.location, p.body,
           case when numnode(a.q) = 0 or tsvector_to_array(${title}) <@ a.lexemes then 0 else 1 end as tier
    from a, documents d
    join lateral (select id, location, body from passages where document_id = d.id order by ordinal, id limit 1) p
      on true
    where d.user_id = ${userId} and d.kind = 'event' and d.status = 'indexed' and d.sent_at is not null
      and (${from}::timestamptz is null or d.sent_at >= ${from}::timestamptz)
      and (${until}::timestamptz is null or d.sent_at < ${until}::timestamptz)
      and (numnode(a.q) = 0 or ${words})
      and ${entity}
    order by ${by === 'title' ? sql`tier, ` : sql``}${next ? sql`d.sent_at asc` : sql`d.sent_at desc`}, d.id
    limit ${asked.limit}::int
  `.execute(db);
  return result.rows.map((row) => ({ ...row, starts_at: new Date(row.starts_at) }));
}
