import type { DatabaseHandle } from '@trove/service-core';
import { sql } from 'kysely';
import { searchDb } from '../db/tables';
import type { BlockList } from '../search/posting-lists';
import { readLists, userNumber } from '../search/posting-lists.repository';

// What chats read from the index besides the search itself: a passage with its neighbours, whether a
// name is among a user's extracted entities. Always the user's own.

export interface ContextRow {
  id: string;
  ordinal: number;
  location: string;
  body: string;
  document_id: string;
  document_name: string;
  document_title: string | null;
  kind: string;
  /** The source that brought the document in and the message's folder there (issue 21); null for uploads. */
  source_name: string | null;
  source_folder: string | null;
  source_kind: string | null;
}

/**
 * The passage and up to `window` passages either side in its document, in document order; empty when
 * the passage is not the user's. One statement: the target row bounds the neighbours' range.
 */
export async function passageWithNeighbours(
  db: DatabaseHandle,
  userId: string,
  passageId: string,
  window: number,
): Promise<ContextRow[]> {
  const result = await sql<ContextRow>`
    with target as (
      select p.document_id, p.ordinal from passages p
      where p.id = ${passageId}::bigint and p.user_id = ${userId}
    )
    select p.id::text as id, p.ordinal, p.location, p.body, d.id as document_id, d.name as document_name, d.title as document_title, d.kind,
           s.name as source_name, sm.folder as source_folder, s.kind as source_kind
    from target
    join passages p on p.document_id = target.document_id
      and p.ordinal between target.ordinal - ${window}::int and target.ordinal + ${window}::int
    join documents d on d.id = p.document_id
    left join sources s on s.id = d.source_id
    left join source_documents sm on sm.document_id = d.id and sm.source_id = d.source_id
    where p.user_id = ${userId}
    order by p.ordinal, p.id
  `.execute(db);
  return result.rows;
}

/** Escapes every character that is not a letter, digit or space, for a PostgreSQL regular expression. */
function regexLiteral(text: string): string {
  return text.replace(/[^\p{L}\p{N} ]/gu, '\\$&');
}

/** How many passages holding a candidate's words are looked at for it (see firstKnownEntity). */
export const ENTITY_SAMPLE = 100;

/**
 * The first of `candidates` that names a person (name or address) or organisation in the facts of one
 * of the user's passages — matched as the search's entity filter matches, from a word's start, ignoring
 * case. Only passages holding the candidate's own words, or the question's other `words`, are looked at
 * (found by the search's lists, docs/decisions/069-posting-lists.md), and at most ENTITY_SAMPLE of
 * each: a name that is only mentioned, never a sender or a signature, would otherwise cost a regular
 * expression over every passage that mentions it (1.6 s for "Microsoft" at 48k mails). A sample that misses
 * a real entity only leaves the name a search word.
 */
export async function firstKnownEntity(
  db: DatabaseHandle,
  userId: string,
  candidates: readonly { name: string; words: string }[],
): Promise<string | undefined> {
  if (candidates.length === 0) return undefined;
  const made = await sql<{ named: string[]; asked: string[] }>`
    select tsvector_to_array(to_tsvector('english', c.name)) as named,
           tsvector_to_array(to_tsvector('english', c.words)) as asked
    from unnest(${candidates.map((c) => c.name)}::text[], ${candidates.map((c) => c.words)}::text[])
      with ordinality as c(name, words, ord)
    order by c.ord
  `.execute(db);
  const holds = (alias: string, pattern: string) => sql`(exists (select 1 from jsonb_array_elements_text(
        case when jsonb_typeof(${sql.ref(alias)}.facts->'organisations') = 'array' then ${sql.ref(alias)}.facts->'organisations' else '[]' end) o
      where o ~* ${pattern})
    or exists (select 1 from jsonb_array_elements(
        case when jsonb_typeof(${sql.ref(alias)}.facts->'people') = 'array' then ${sql.ref(alias)}.facts->'people' else '[]' end) person
      where person->>'name' ~* ${pattern} or person->>'email' ~* ${pattern}))`;
  const userNo = await userNumber(db, userId);
  if (userNo === undefined) return undefined;
  const lists = await readLists(
    db,
    userNo,
    made.rows.flatMap((row) => [...row.named, ...row.asked]),
  );
  const newest = (list: BlockList | undefined, keep: (id: number) => boolean): number[] => {
    const ids: number[] = [];
    if (list === undefined) return ids;
    for (const id of list.idsNewestFirst()) {
      if (ids.length >= ENTITY_SAMPLE) break;
      if (keep(id)) ids.push(id);
    }
    return ids;
  };
  // Passages holding every one of the name's lexemes: the newest of its rarest lexeme's (a lexeme the user has
  // none of finds nothing), each looked up in the others' lists, up to the sample.
  const holdingAll = (lexemes: string[]) => {
    const found = lexemes.map((lexeme) => lists.get(lexeme));
    if (found.some((list) => list === undefined)) return [];
    const [rarest, ...others] = (found as BlockList[]).sort(
      (a, b) => a.documentFrequency - b.documentFrequency,
    );
    return newest(rarest, (id) => others.every((list) => list.weightOf(id) >= 0));
  };
  // Passages holding any of the question's words: at most the sample of each word's newest.
  const holdingAny = (lexemes: string[]) =>
    [...new Set(lexemes.flatMap((lexeme) => newest(lists.get(lexeme), () => true)))].slice(0, ENTITY_SAMPLE);
  const sample = (alias: string, found: number[], pattern: string) =>
    found.length === 0
      ? sql`false`
      : sql`exists (select 1 from (
              select p.facts from passages p
              where p.id = any (${found}::bigint[]) and p.user_id = ${userId}) ${sql.ref(alias)}
            where ${holds(alias, pattern)})`;
  const branches = candidates.map((candidate, index) => {
    const pattern = `(^|[^[:alnum:]])${regexLiteral(candidate.name)}`;
    const { named = [], asked = [] } = made.rows[index] ?? {};
    return sql`select ${index}::int as ord
               where ${sample('named', named.length === 0 ? [] : holdingAll(named), pattern)}
                  or ${sample('asked', asked.length === 0 ? [] : holdingAny(asked), pattern)}`;
  });
  const result = await sql<{
    ord: number;
  }>`${sql.join(branches, sql` union all `)} order by ord limit 1`.execute(db);
  const first = result.rows[0];
  return first === undefined ? undefined : candidates[first.ord]?.name;
}

/** Whether the user has any indexed document: an empty answer then says to upload rather than rephrase. */
export async function hasIndexedDocuments(db: DatabaseHandle, userId: string): Promise<boolean> {
  const row = await searchDb(db)
    .selectFrom('documents')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'indexed')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
