import type { CompiledQuery, RawBuilder } from 'kysely';
import { sql } from 'kysely';
import { DATABASE_SOURCE_KINDS, ROW_KIND } from '@trove/contracts';
import type { FilterShape, FilterValues } from './plan';

// The filters of a search as SQL (docs/decisions/141-search-as-people-type-it.md): one fragment on a passage
// (alias p) and its document (alias d), shared by the candidates' check (candidates.repository.ts) and the
// newest-first listing (newest.repository.ts). User values only ever travel as bound parameters: a statement is
// compiled once per shape of filters, with Slots where a search's values go.

/** A value's place in a statement, filled per search (see compiledStatement). */
export class Slot {
  constructor(readonly name: keyof FilterValues) {}
}
export const slot = (name: keyof FilterValues) => new Slot(name);

/**
 * The filters on the passage and its document (alias p and d). The jsonpath texts are fixed fragments;
 * user values only ever travel as bound parameters (jsonpath variables, a regex parameter).
 */
export function passageFilters(shape: FilterShape): RawBuilder<unknown> {
  const parts = [sql`true`];
  if (shape.dates) {
    // ISO days compare as text, in the document's date column and in the facts alike.
    parts.push(sql`(d.document_date between ${slot('from')}::date and ${slot('to')}::date
      or jsonb_path_exists(p.facts, '$.dates[*] ? (@.iso >= $from && @.iso <= $to)',
                           jsonb_build_object('from', ${slot('from')}::text, 'to', ${slot('to')}::text)))`);
  }
  if (shape.sentDates) {
    parts.push(sql`(case
      when d.sent_at is not null then d.sent_at >= ${slot('sentFromAt')}::timestamptz and d.sent_at < ${slot('sentUntil')}::timestamptz
      when d.document_date is not null then d.document_date between ${slot('sentFrom')}::date and ${slot('sentTo')}::date
      else jsonb_path_exists(p.facts, '$.dates[*] ? (@.iso >= $from && @.iso <= $to)',
                             jsonb_build_object('from', ${slot('sentFrom')}::text, 'to', ${slot('sentTo')}::text))
      end)`);
  }
  const amountTests = [
    ...(shape.amountMin ? ['@.value >= $min'] : []),
    ...(shape.amountMax ? ['@.value <= $max'] : []),
    ...(shape.currency ? ['@.currency == $currency'] : []),
  ];
  if (amountTests.length > 0) {
    parts.push(
      sql`jsonb_path_exists(p.facts, ${sql.lit(`$.amounts[*] ? (${amountTests.join(' && ')})`)}::jsonpath, ${slot('amountVars')}::jsonb)`,
    );
  }
  if (shape.entity) {
    // From the start of a word, case-insensitively: "acme" finds "Acme Pvt Ltd" and "billing@acme.co.in",
    // "ann" finds "Ann Lee" but not "Joanna".
    const pattern = slot('entityPattern');
    parts.push(sql`(exists (select 1 from jsonb_array_elements_text(
                      case when jsonb_typeof(p.facts->'organisations') = 'array' then p.facts->'organisations' else '[]' end) o
                    where o ~* ${pattern}::text)
                 or exists (select 1 from jsonb_array_elements(
                      case when jsonb_typeof(p.facts->'people') = 'array' then p.facts->'people' else '[]' end) person
                    where person->>'name' ~* ${pattern}::text or person->>'email' ~* ${pattern}::text))`);
  }
  // A person of the mail's headers in a role (people.ts `role`), from a word's start like the entity filter.
  const personIn = (roles: string, pattern: Slot) =>
    sql`exists (select 1 from jsonb_array_elements(
          case when jsonb_typeof(p.facts->'people') = 'array' then p.facts->'people' else '[]' end) person
        where person->>'role' = any (${sql.lit(roles)}::text[])
          and (person->>'name' ~* ${pattern}::text or person->>'email' ~* ${pattern}::text))`;
  if (shape.sender) parts.push(personIn('{from}', slot('senderPattern')));
  if (shape.recipient) parts.push(personIn('{to,cc}', slot('recipientPattern')));
  if (shape.phrases) {
    parts.push(
      sql`not exists (select 1 from unnest(${slot('phrasePatterns')}::text[]) r where p.body !~* r)`,
    );
  }
  if (shape.title) {
    parts.push(
      sql`not exists (select 1 from unnest(${slot('titlePatterns')}::text[]) r where coalesce(d.title, '') !~* r)`,
    );
  }
  // A message with attachments, or an attachment itself (issue 39 item 6: a document of its own under its message).
  if (shape.attachment)
    parts.push(sql`((d.kind = 'eml' and d.parts > 1)
      or (d.parent_id is not null and exists (select 1 from documents m where m.id = d.parent_id and m.kind = 'eml')))`);
  if (shape.uploadsOnly) parts.push(sql`p.source_id is null`);
  if (shape.sourceNamed) {
    parts.push(sql`p.source_id in (select s.id from sources s where s.user_id = ${slot('userId')}::uuid
      and (lower(s.name) = lower(${slot('sourceName')}::text)
           or lower(s.settings->>'email') = lower(${slot('sourceName')}::text)))`);
  }
  return sql.join(parts, sql` and `);
}

/**
 * What lets a listing of one sender's mail ("everything from:ann", a mail question that counts) read only the
 * passages whose From can match, through the trigram index on their From text (migration 2026-11-30-30,
 * docs/decisions/220): a passage whose From names and addresses, as one text, do not match the pattern has no
 * From person that does. The exact test (passageFilters) still follows. Not in the candidates' check, which
 * starts from the words' passages.
 */
export const senderIndexed = (shape: FilterShape) =>
  shape.sender ? sql`and passage_senders(p.facts) ~* ${slot('senderPattern')}::text` : sql``;

/**
 * The user's database sources: their documents are rows, a kind of their own in the facets and the type filter
 * (issue 42 item 4), though stored as HTML. A CTE, and the kind of a passage (alias p) it makes.
 */
export const rowSources = (userId: Slot) => sql`row_sources as materialized (
      select coalesce(array_agg(s.id), '{}') as ids from sources s
      where s.user_id = ${userId}::uuid and s.kind = any (${sql.lit(`{${DATABASE_SOURCE_KINDS.join(',')}}`)}::text[])
    )`;
export const kindOf = sql`case when p.source_id = any ((select ids from row_sources)::uuid[]) then ${sql.lit(ROW_KIND)} else p.kind end`;

/** Whether the filters read the passage's document (its dates, title or parts). */
export const needsDocument = (shape: FilterShape) =>
  shape.dates || shape.sentDates || shape.title || shape.attachment;

// Compiling a statement through kysely cost ~1.5 ms of CPU a search (as much as running a small one), so
// each is compiled once; a search only fills the slots. They run as prepared statements (planning cost as
// much as running).
const compiled = new Map<string, CompiledQuery>();

export function compiledOnce(key: string, make: () => CompiledQuery): CompiledQuery {
  let query = compiled.get(key);
  if (query === undefined) {
    query = make();
    compiled.set(key, query);
  }
  return query;
}
