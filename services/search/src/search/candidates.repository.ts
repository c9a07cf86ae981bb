import { type DatabaseHandle, queryPrepared } from '@trove/service-core';
import { type CompiledQuery, type RawBuilder, sql } from 'kysely';
import { DATABASE_SOURCE_KINDS, ROW_KIND } from '@trove/contracts';
import { searchDb } from '../db/tables';
import { type PeopleAndPeriods, peopleAndPeriodsSql } from './facets.repository';
import { type FilterShape, type FilterValues, PREFIX_EXPANSIONS, type TermRow } from './plan';
import { LIST_COLUMNS, pageOf } from './posting-lists.repository';

// The search's statements (docs/decisions/010-search-index.md "Ranking", 020-search-postings.md,
// 036-search-fields.md, 069-posting-lists.md; split out by issue 42 item 7): the query's lexemes with their
// lists (search_lists, one row per block of a lexeme's postings; short lists from their search_pages page); the
// candidates those lists give, checked against the filters and told their document and kind; the passages
// holding the words as typed; the page's passages. The only SQL of a search: plan.ts plans, rank.ts scores.
// Every statement is bounded by the user: one user never sees another's passages.

/** A value's place in a statement, filled per search (see compiledStatement). */
class Slot {
  constructor(readonly name: keyof FilterValues) {}
}
const slot = (name: keyof FilterValues) => new Slot(name);

/**
 * The filters on the passage and its document (alias p and d). The jsonpath texts are fixed fragments;
 * user values only ever travel as bound parameters (jsonpath variables, a regex parameter).
 */
function passageFilters(shape: FilterShape): RawBuilder<unknown> {
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
 * The user's database sources: their documents are rows, a kind of their own in the facets and the type filter
 * (issue 42 item 4), though stored as HTML. A CTE, and the kind of a passage (alias p) it makes.
 */
const rowSources = (userId: Slot) => sql`row_sources as materialized (
      select coalesce(array_agg(s.id), '{}') as ids from sources s
      where s.user_id = ${userId}::uuid and s.kind = any (${sql.lit(`{${DATABASE_SOURCE_KINDS.join(',')}}`)}::text[])
    )`;
const kindOf = sql`case when p.source_id = any ((select ids from row_sources)::uuid[]) then ${sql.lit(ROW_KIND)} else p.kind end`;

/** Whether the filters read the passage's document (its dates, title or parts). */
const needsDocument = (shape: FilterShape) =>
  shape.dates || shape.sentDates || shape.title || shape.attachment;

/**
 * The candidates among `ids` that are the user's and pass the filters, with their document, kind and
 * source: without filters on the text, facts or document, an index-only probe of the passages' key each. A
 * source being removed (docs/decisions/045) leaves search at once, though its documents go a batch at a time
 * after DELETE has answered: its passages are passed over.
 */
function filterStatement(shape: FilterShape): RawBuilder<CandidateRow> {
  const userId = slot('userId');
  return sql<CandidateRow>`
    with removing as materialized (
      select coalesce(array_agg(s.id), '{}') as ids from sources s
      where s.user_id = ${userId}::uuid and s.detail @> '{"removing": true}'::jsonb
    ),
    ${rowSources(userId)},
    passed as (
      select p.id, p.document_id, ${kindOf} as kind, p.source_id
      from unnest(${slot('ids')}::bigint[]) as c(id)
      join passages p on p.id = c.id
      ${needsDocument(shape) ? sql`join documents d on d.id = p.document_id` : sql``}
      where p.user_id = ${userId}::uuid
        and not (p.source_id is not null and p.source_id = any ((select ids from removing)::uuid[]))
        and ${passageFilters(shape)}
    )
    select json_build_object(
      'ids', coalesce(json_agg(id::text), '[]'), 'documents', coalesce(json_agg(document_id), '[]'),
      'kinds', coalesce(json_agg(kind), '[]'), 'sources', coalesce(json_agg(source_id), '[]'),
      'names', (select json_object_agg(s.id, s.name) from sources s where s.user_id = ${userId}::uuid)
    ) as passed
    from passed`;
}

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
function newestStatement(shape: FilterShape): RawBuilder<NewestRow> {
  const userId = slot('userId');
  return sql<NewestRow>`
    with removing as materialized (
      select coalesce(array_agg(s.id), '{}') as ids from sources s
      where s.user_id = ${userId}::uuid and s.detail @> '{"removing": true}'::jsonb
    ),
    ${rowSources(userId)},
    passed as (
      select distinct on (p.document_id) p.id, p.document_id, ${kindOf} as kind, p.source_id,
             (extract(epoch from coalesce(d.sent_at, d.document_date::timestamptz, d.created_at)) * 1000000)::bigint as sort_key
      from passages p
      join documents d on d.id = p.document_id
      where p.user_id = ${userId}::uuid
        and not (p.source_id is not null and p.source_id = any ((select ids from removing)::uuid[]))
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
      select document_id from passed where ${slot('kind')}::text = '' or kind = ${slot('kind')}::text
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
    left join source_messages sm on sm.document_id = d.id and sm.source_id = d.source_id
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

// Compiling a statement through kysely cost ~1.5 ms of CPU a search (as much as running a small one), so
// each is compiled once; a search only fills the slots. They run as prepared statements (planning cost as
// much as running).
const compiled = new Map<string, CompiledQuery>();

function compiledOnce(key: string, make: () => CompiledQuery): CompiledQuery {
  let query = compiled.get(key);
  if (query === undefined) {
    query = make();
    compiled.set(key, query);
  }
  return query;
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

/** A word of the user's dictionary near a typed word's stem (typos.ts decides which are corrections). */
export interface NearestWord {
  word: string;
  stem: string;
  lexeme: string;
  user_no: number;
}

/**
 * For each typed word, its stem (the english configuration's, as the index holds it) and the user's dictionary
 * words nearest it or the word by trigrams (walks of search_words' GiST index by distance), those that begin
 * with the same letter: typo tolerance's candidates (docs/decisions/140-typo-tolerance-on-the-word-dictionary.md).
 */
export async function readNearestWords(
  db: DatabaseHandle,
  userId: string,
  words: readonly string[],
  perWord: number,
): Promise<NearestWord[]> {
  if (words.length === 0) return [];
  return await queryPrepared<NearestWord>(db, {
    ...compiledOnce('nearest', () => nearestStatement(db)),
    parameters: [userId, [...words], perWord],
  });
}

const nearestStatement = (db: DatabaseHandle) =>
  sql<NearestWord>`
    with stats as (select user_no from search_corpus_stats where user_id = $1::uuid)
    select x.word, s.stem, n.word as lexeme, (select user_no from stats) as user_no
    from unnest($2::text[]) as x(word)
    cross join lateral (select (tsvector_to_array(to_tsvector('english', x.word)))[1] as stem) s
    -- Nearest the stem and nearest the word as typed: the stemmer can cut a misspelt word far from the stem of
    -- the word meant ("agremeent" → "agrem").
    cross join lateral (
      (select w.word from search_words w
       where w.user_no = (select user_no from stats) and left(w.word, 1) = left(s.stem, 1)
       order by w.word <-> s.stem
       limit $3::int)
      union
      (select w.word from search_words w
       where w.user_no = (select user_no from stats) and left(w.word, 1) = left(x.word, 1)
       order by w.word <-> x.word
       limit $3::int)
    ) n
    where s.stem is not null
  `.compile(db);
