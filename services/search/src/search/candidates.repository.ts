import { type DatabaseHandle, queryPrepared } from '@trove/service-core';
import { type RawBuilder, sql } from 'kysely';
import { searchDb } from '../db/tables';
import {
  compiledOnce,
  kindOf,
  needsDocument,
  passageFilters,
  rowSources,
  Slot,
  slot,
} from './filters.repository';
import { type FilterShape, type FilterValues, PREFIX_EXPANSIONS, type TermRow } from './plan';
import { LIST_COLUMNS, pageOf } from './posting-lists.repository';
import { LONGEST_ENDING } from './typos';

// The search's statements (docs/decisions/010-search-index.md "Ranking", 020-search-postings.md,
// 036-search-fields.md, 069-posting-lists.md; split out by issue 42 item 7): the query's lexemes with their
// lists (search_lists, one row per block of a lexeme's postings; short lists from their search_pages page); the
// candidates those lists give, checked against the filters and told their document and kind; the passages
// holding the words as typed; the page's passages. The only SQL of a search: plan.ts plans, rank.ts scores.
// Every statement is bounded by the user: one user never sees another's passages.

/** A candidate that passed the filters: what scoring (its document) and the facets (kind, source) need. */
export interface Candidate {
  id: number;
  documentId: string;
  kind: string;
  sourceValue: string;
  sourceLabel: string;
}

/** The candidates that passed, as arrays in one JSON value (rows cost more to parse than the lookups take). */
interface CandidateRow {
  passed: {
    ids: string[];
    documents: string[];
    kinds: string[];
    sources: (string | null)[];
    /** Each source's name, by id. */
    names: Record<string, string> | null;
  };
}

/**
 * The candidates among `ids` that are the user's and pass the filters, with their document, kind and
 * source: without filters on the text, facts or document, an index-only probe of the passages' key each. A
 * source being removed (docs/decisions/045), or removed and its documents not yet purged from the intake
 * (docs/decisions/170), leaves search at once: only passages of no source or of a live source pass.
 */
function filterStatement(shape: FilterShape): RawBuilder<CandidateRow> {
  const userId = slot('userId');
  return sql<CandidateRow>`
    with live as materialized (
      select coalesce(array_agg(s.id), '{}') as ids from sources s
      where s.user_id = ${userId}::uuid and not (s.detail @> '{"removing": true}'::jsonb)
    ),
    ${rowSources(userId)},
    passed as (
      select p.id, p.document_id, ${kindOf} as kind, p.source_id
      from unnest(${slot('ids')}::bigint[]) as c(id)
      join passages p on p.id = c.id
      ${needsDocument(shape) ? sql`join documents d on d.id = p.document_id` : sql``}
      where p.user_id = ${userId}::uuid
        and (p.source_id is null or p.source_id = any ((select ids from live)::uuid[]))
        and ${passageFilters(shape)}
    )
    select json_build_object(
      'ids', coalesce(json_agg(id::text), '[]'), 'documents', coalesce(json_agg(document_id), '[]'),
      'kinds', coalesce(json_agg(kind), '[]'), 'sources', coalesce(json_agg(source_id), '[]'),
      'names', (select json_object_agg(s.id, s.name) from sources s where s.user_id = ${userId}::uuid)
    ) as passed
    from passed`;
}

/** The query's lexemes (and the excluded words'), each with its group and list: the first statement. */
const termsStatement = (db: DatabaseHandle) =>
  sql<TermRow>`
    with stats as (
      select user_no, passage_count from search_corpus_stats where user_id = $1::uuid
    ),
    words as (
      select distinct lexeme from unnest(tsvector_to_array(to_tsvector('english', $2::text))) as lexeme
    ),
    -- A query word is a group of lexemes: a plain word its own lexeme; a prefix (word*) its stem and the user's
    -- most frequent lexemes that begin with it (a range scan of the lists' keys, then the exact test).
    prefix_groups as (
      select '*' || x.prefix as grp, e.lexeme
      from unnest($3::text[]) as x(prefix)
      cross join lateral (
        (select l.lexeme from search_lists l
         where l.user_no = (select user_no from stats)
           and l.lexeme >= x.prefix and l.lexeme < x.prefix || chr(1114111)
           and left(l.lexeme, length(x.prefix)) = x.prefix
         group by l.lexeme
         order by sum(l.count) desc, l.lexeme
         limit ${sql.lit(PREFIX_EXPANSIONS)})
        union
        select stem from unnest(tsvector_to_array(to_tsvector('english', x.prefix))) as stem
      ) e
    ),
    query_terms as (
      select distinct on (lexeme) lexeme, grp
      from (select lexeme, grp, 0 as kind from prefix_groups
            union all select lexeme, lexeme, 1 from words) q
      order by lexeme, kind
    ),
    -- A passage holds an excluded word (or phrase) when it holds each of its lexemes, as plainto_tsquery reads it.
    excluded_terms as (
      select '-' || x.ord as grp, e.lexeme
      from unnest($4::text[]) with ordinality as x(word, ord)
      cross join lateral unnest(tsvector_to_array(to_tsvector('english', x.word))) as e(lexeme)
    ),
    terms as (
      select lexeme, grp, false as excluded from query_terms
      union all
      select lexeme, grp, true from excluded_terms
    )
    -- A lexeme without blocks comes with the page that would hold its short list (search_pages).
    select t.lexeme, t.grp, t.excluded, (select passage_count from stats)::text as passage_count,
           l.df, l.firsts, l.sizes, l.postings,
           case when l.df is null then ${pageOf(sql`(select user_no from stats)`, sql`t.lexeme`)} end as page,
           null::text as prefix
    from terms t
    cross join lateral (
      select ${LIST_COLUMNS}
      from search_lists s
      where s.user_no = (select user_no from stats) and s.lexeme = t.lexeme
    ) l
    union all
    -- A prefix's short lists: the pages whose keys' range meets the prefix's.
    select '', '*' || x.prefix, false, (select passage_count from stats)::text, null, null, null, null,
           p.entries, x.prefix
    from unnest($3::text[]) as x(prefix)
    cross join lateral (
      select p.entries from search_pages p
      where p.user_no = (select user_no from stats)
        and p.from_lexeme >= coalesce((select max(q.from_lexeme) from search_pages q
                                       where q.user_no = (select user_no from stats)
                                         and q.from_lexeme <= x.prefix collate "C"), '')
        and p.from_lexeme < (x.prefix || chr(1114111)) collate "C"
    ) p
  `.compile(db);

/** The page's passages, their documents and sources, in the page's order. */
export interface HitRow {
  id: string;
  ordinal: number;
  location: string;
  facts: unknown;
  document_id: string;
  name: string;
  title: string | null;
  kind: string;
  document_date: string | null;
  source_name: string | null;
  source_folder: string | null;
  source_kind: string | null;
  body: string;
}

const hitsStatement = (db: DatabaseHandle) =>
  sql<HitRow>`
    select p.id::text as id, p.ordinal, p.location, p.facts, d.id as document_id, d.name, d.title, d.kind,
           d.document_date::text as document_date, s.name as source_name, sm.folder as source_folder,
           s.kind as source_kind, p.body
    from unnest($1::bigint[]) with ordinality as page(id, ord)
    join passages p on p.id = page.id
    join documents d on d.id = p.document_id
    -- A mailbox's message (issue 21): its source's name and folder, for "Work mail › INBOX" on the result.
    left join sources s on s.id = d.source_id
    left join source_documents sm on sm.document_id = d.id and sm.source_id = d.source_id
    where p.user_id = $2::uuid
    order by page.ord
  `.compile(db);

/**
 * How many of the typed words each passage holds as typed (whole words, any case) in its text, its
 * document's title or its people: `\m…\M` patterns, one per word (docs/decisions/070).
 */
const exactFormsStatement = (db: DatabaseHandle) =>
  sql<{ id: string; held: number }>`
    select p.id::text as id,
           (select count(*) from unnest($3::text[]) as w(pattern)
            where p.body ~* w.pattern or coalesce(d.title, '') ~* w.pattern
               or coalesce(p.facts->>'people', '') ~* w.pattern)::int as held
    from passages p join documents d on d.id = p.document_id
    where p.id = any($1::bigint[]) and p.user_id = $2::uuid
  `.compile(db);

/** The user's time zone of the profile (IANA), or null: after:/before: days begin at its midnight. */
export async function userTimeZone(db: DatabaseHandle, userId: string): Promise<string | null> {
  const row = await searchDb(db)
    .selectFrom('profiles')
    .select('timezone')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.timezone ?? null;
}

/** The query's lexemes with their lists, the excluded words' too, and every prefix's pages. */
export async function readTerms(
  db: DatabaseHandle,
  query: { userId: string; text: string; prefixes: readonly string[]; excluded: readonly string[] },
): Promise<TermRow[]> {
  return await queryPrepared<TermRow>(db, {
    ...compiledOnce('terms', () => termsStatement(db)),
    parameters: [query.userId, query.text, [...query.prefixes], [...query.excluded]],
  });
}

/** Checks candidates against one shape of filters: those that pass, with their document, kind and source. */
export function candidateChecker(
  db: DatabaseHandle,
  shape: FilterShape,
  values: FilterValues,
): (ids: readonly number[]) => Promise<Candidate[]> {
  const statement = compiledOnce(`filter:${JSON.stringify(shape)}`, () => filterStatement(shape).compile(db));
  return async (ids) => {
    if (ids.length === 0) return [];
    const rows = await queryPrepared<CandidateRow>(db, {
      ...statement,
      parameters: statement.parameters.map((parameter) =>
        parameter instanceof Slot
          ? parameter.name === 'ids'
            ? [...ids]
            : values[parameter.name]
          : parameter,
      ),
    });
    const passed = rows[0]?.passed;
    if (passed === undefined) return [];
    return passed.ids.map((text, at) => {
      const source = passed.sources[at] ?? null;
      return {
        id: Number(text),
        documentId: passed.documents[at] as string,
        kind: passed.kinds[at] as string,
        sourceValue: source ?? 'uploads',
        sourceLabel: source === null ? 'Uploads' : (passed.names?.[source] ?? source),
      };
    });
  };
}

/** How many of the typed words (`\m…\M` patterns) each passage of `ids` holds as typed. */
export async function readExactForms(
  db: DatabaseHandle,
  userId: string,
  ids: readonly number[],
  patterns: readonly string[],
): Promise<Map<number, number>> {
  const rows = await queryPrepared<{ id: string; held: number }>(db, {
    ...compiledOnce('exact', () => exactFormsStatement(db)),
    parameters: [[...ids], userId, [...patterns]],
  });
  return new Map(rows.map((row) => [Number(row.id), row.held]));
}

/** The page's passages with their documents and sources, in the order of `ids`. */
export async function readHits(
  db: DatabaseHandle,
  userId: string,
  ids: readonly number[],
): Promise<HitRow[]> {
  if (ids.length === 0) return [];
  return await queryPrepared<HitRow>(db, {
    ...compiledOnce('hits', () => hitsStatement(db)),
    parameters: [[...ids], userId],
  });
}

/** A word of the user's dictionary a typed word may be a typo of (typos.ts decides which are corrections). */
export interface NearestWord {
  word: string;
  stem: string;
  lexeme: string;
  user_no: number;
}

/**
 * For each typed word, its stem (the english configuration's, as the index holds it) and every word of the
 * user's dictionary that begins with the same letter and is no longer than the word or its stem and its edits,
 * nor shorter than the stem or the word without the longest ending the stemmer cuts (typos.ts): all a typo of it
 * can stand for, read by search_words' btree on (user, first letter, length)
 * (docs/decisions/207-typo-candidates-by-letter-and-length.md). One row per word, the words as an array.
 */
export async function readNearestWords(
  db: DatabaseHandle,
  userId: string,
  words: readonly { word: string; edits: number }[],
): Promise<NearestWord[]> {
  if (words.length === 0) return [];
  const rows = await queryPrepared<{ word: string; stem: string; lexemes: string[]; user_no: number }>(db, {
    ...compiledOnce('nearest', () => nearestStatement(db)),
    parameters: [userId, words.map((w) => w.word), words.map((w) => w.edits)],
  });
  return rows.flatMap((row) =>
    row.lexemes.map((lexeme) => ({ word: row.word, stem: row.stem, lexeme, user_no: row.user_no })),
  );
}

const nearestStatement = (db: DatabaseHandle) =>
  sql<{ word: string; stem: string; lexemes: string[]; user_no: number }>`
    with stats as (select user_no from search_corpus_stats where user_id = $1::uuid)
    select x.word, s.stem, (select user_no from stats) as user_no,
      array(
        select w.word from search_words w
        where w.user_no = (select user_no from stats) and left(w.word, 1) = left(x.word, 1)
          and length(w.word) between least(length(s.stem), length(x.word) - ${sql.lit(LONGEST_ENDING)}) - x.edits
                                 and greatest(length(s.stem), length(x.word)) + x.edits
      ) as lexemes
    from unnest($2::text[], $3::int[]) as x(word, edits)
    cross join lateral (select (tsvector_to_array(to_tsvector('english', x.word)))[1] as stem) s
    where s.stem is not null
  `.compile(db);
