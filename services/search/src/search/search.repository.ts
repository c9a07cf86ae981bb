import { type DatabaseHandle, queryPrepared } from '@trove/service-core';
import { type CompiledQuery, type RawBuilder, sql } from 'kysely';
import { searchDb } from '../db/tables';
import { BM25_K1, bm25Idf } from './bm25';
import { type BlockList, compareLexemes, decodePage, entryAsList, weightOf } from './posting-lists';
import { LIST_COLUMNS, type ListRow, listOfRow, pageOf } from './posting-lists.repository';

// A search (docs/decisions/010-search-index.md "Ranking", 020-search-postings.md, 036-search-fields.md,
// 069-posting-lists.md) in three statements: the query's lexemes with their lists (search_lists, one row per
// block of a lexeme's postings, each posting a passage and its BM25F pseudo-frequency); the candidates the lists
// give, checked against the filters and told their document and kind; the page's passages. Between them the
// service decodes the lists, picks the candidates and scores them with BM25F. Every statement is bounded by
// the user: one user never sees another's passages.

export type MatchMode = 'and' | 'or';

export interface SearchFilters {
  userId: string;
  /** Already normalised (query-text.ts); plainto_tsquery reads it as a bag of words. */
  text: string;
  kind?: string | undefined;
  /** A passage matches when its document's date or any date found in it lies in [from, to]. */
  from?: string | undefined;
  to?: string | undefined;
  /**
   * after:/before: of the search syntax, days in the user's time zone: the instant the document was sent or
   * made lies in [sentFrom's start, the start of the day after sentTo) — `sentFromAt`/`sentUntil`; a document
   * with only a day compares the day; one with no date matches by a date found in the passage.
   */
  sentFrom?: string | undefined;
  sentTo?: string | undefined;
  sentFromAt?: Date | undefined;
  sentUntil?: Date | undefined;
  /** A passage holding an amount within [amountMin, amountMax], in `currency` when given. */
  amountMin?: number | undefined;
  amountMax?: number | undefined;
  currency?: string | undefined;
  /** A person (name or address) or organisation in the passage's facts, matched from a word's start. */
  entity?: string | undefined;
  /** from: — the sender of an email (its From), matched from a word's start in the name or address. */
  sender?: string | undefined;
  /** to: — a recipient of an email (To or Cc), matched the same way. */
  recipient?: string | undefined;
  /** The search syntax (issue 19 item 4): exact phrases the passage holds, in order, whatever the case. */
  phrases?: readonly string[] | undefined;
  /** Words or phrases no matching passage holds (as the index reads words: stemmed, every word of a phrase). */
  excluded?: readonly string[] | undefined;
  /** Words the document's title holds, from a word's start. */
  titleWords?: readonly string[] | undefined;
  /** An email with an attachment Trove read, or such an attachment. */
  hasAttachment?: boolean | undefined;
  /**
   * source: — a connected source by its name or mailbox address (any case), or 'uploads' for the user's own
   * uploads (issue 21).
   */
  source?: { uploads: true } | { name: string } | undefined;
  /**
   * `word*`: each stands for the user's words that begin with it (the most frequent PREFIX_EXPANSIONS), and
   * for its own stem; a passage holding any of them holds that query word.
   */
  prefixes?: readonly string[] | undefined;
}

/** The words one `word*` stands for: the user's most frequent this many that begin with it. */
export const PREFIX_EXPANSIONS = 16;

/** Escapes every character that is not a letter, digit or space: in PostgreSQL's ARE a backslash before
 * anything else than a letter or digit is that character itself. */
function regexLiteral(text: string): string {
  return text.replace(/[^\p{L}\p{N} ]/gu, '\\$&');
}

/** The query's words as typed, lower case, once each (one letter or digit alone is no word to look for). */
export function typedWords(text: string): string[] {
  return [
    ...new Set(
      text
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((word) => word.length > 1),
    ),
  ];
}

/** A case-insensitive pattern for `text` from the start of a word: "ann" finds "Ann Lee", not "Joanna". */
const wordStart = (text: string) => `(^|[^[:alnum:]])${regexLiteral(text)}`;

/** AND, OR, or AND relaxed to OR when fewer than `minAllWordResults` passages hold every word. */
export interface SearchRequest extends SearchFilters {
  mode: MatchMode | 'auto';
  minAllWordResults: number;
  limit: number;
  after?: { score: number; passageId: string } | undefined;
  /**
   * At most this many candidates are scored: for AND the newest this many passages holding the rarest word
   * (newest indexed first: a backward walk of the same index entries, so no sort); for OR the passages
   * holding the rarer words while they add up to no more, else the newest this many holding the rarest.
   * docs/decisions/020-search-postings.md.
   */
  maxCandidates: number;
}

export interface SearchHit {
  passageId: string;
  ordinal: number;
  location: string;
  facts: unknown;
  documentId: string;
  documentName: string;
  documentTitle: string | null;
  kind: string;
  documentDate: string | null;
  /** The source that brought the document in and the message's folder there (issue 21); null for uploads. */
  sourceName: string | null;
  sourceFolder: string | null;
  sourceKind: string | null;
  score: number;
  /** The passage text, for the snippet (made in the service: highlight.ts). */
  body: string;
}

export interface SearchResult {
  /** What was run: a later page must keep it, so one result list never mixes AND and OR. */
  mode: MatchMode;
  /** The query's lexemes (PostgreSQL's english configuration), for marking the matches in snippets. */
  lexemes: string[];
  /** Best first (score desc, passage id asc), `limit + 1` rows to tell if more follow. */
  hits: SearchHit[];
  /** Matching documents per kind, for the words and every filter but the type (to switch type). */
  facets: { kind: string; count: number }[];
  /** Matching documents per source ('uploads' for the user's own), for the words and every filter. */
  sourceFacets: { value: string; label: string; count: number }[];
}

/** What the filter statement binds; its text only changes with which filters are present (its shape). */
interface FilterValues {
  userId: string;
  ids: number[];
  from: string;
  to: string;
  sentFrom: string;
  sentTo: string;
  sentFromAt: string;
  sentUntil: string;
  amountVars: string;
  entityPattern: string;
  senderPattern: string;
  recipientPattern: string;
  phrasePatterns: string[];
  titlePatterns: string[];
  sourceName: string;
}

interface FilterShape {
  dates: boolean;
  sentDates: boolean;
  amountMin: boolean;
  amountMax: boolean;
  currency: boolean;
  entity: boolean;
  sender: boolean;
  recipient: boolean;
  phrases: boolean;
  title: boolean;
  attachment: boolean;
  uploadsOnly: boolean;
  sourceNamed: boolean;
}

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
interface Candidate {
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
    passed as (
      select p.id, p.document_id, p.kind, p.source_id
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

/** The query's lexemes (and the excluded words'), each with its group and list: the first statement. */
interface TermRow extends ListRow {
  grp: string;
  excluded: boolean;
  passage_count: string;
  /** Set on a row carrying one of a prefix's pages (`lexeme` empty); null on a lexeme's row. */
  prefix: string | null;
}

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
interface HitRow {
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

/**
 * The index holds stems, so "promoting" also finds "promote" and "promotes". The best this many passages by
 * BM25F are read again for the words as typed (docs/decisions/070): what a person remembers is the word they
 * saw. Every page of a search reads the same window, so its order is the same whichever page asks.
 */
export const EXACT_FORM_WINDOW = 30;
/** A passage holding every typed word as typed scores (1 + this) times its BM25F; half of them, half as much. */
export const EXACT_FORM_BONUS = 1;

/**
 * A filtered OR search walks a common word's list for its passages that pass the filters only while the list is
 * no longer than this many times the candidate cap (docs/decisions/072).
 */
export const FILTERED_WALK = 16;

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

/** A query lexeme with its list and what scoring needs of it. */
interface Term {
  lexeme: string;
  grp: string;
  list: BlockList;
  idf: number;
  /** The group's bit (the groups in name order, the 31st and later sharing the last). */
  bit: number;
}

/** Ids newest first, each once, from lists merged (a prefix's lexemes), optionally only titled postings. */
function newestOf(lists: readonly BlockList[], titledOnly: boolean): Iterable<number> {
  if (lists.length === 1) return (lists[0] as BlockList).idsNewestFirst(titledOnly);
  const ids = new Set<number>();
  for (const list of lists) for (const id of list.idsNewestFirst(titledOnly)) ids.add(id);
  return [...ids].sort((a, b) => b - a);
}

/** A source of candidates: ids newest first, of which the first `limit` that pass the filters are taken. */
interface Branch {
  ids: Iterator<number>;
  limit: number;
  taken: number[];
  done: boolean;
}

const branch = (ids: Iterable<number>, limit: number): Branch => ({
  ids: ids[Symbol.iterator](),
  limit,
  taken: [],
  done: false,
});

const popcount = (mask: number) => {
  let count = 0;
  for (let rest = mask; rest !== 0; rest &= rest - 1) count++;
  return count;
};

interface Scored {
  candidate: Candidate;
  score: number;
}

/** A query's lexeme with its list (undefined: in no passage of the user). */
interface ResolvedTerm {
  lexeme: string;
  grp: string;
  excluded: boolean;
  list: BlockList | undefined;
}

/**
 * The first statement's rows as lists: a lexeme's blocks, or its short list from its page; and a prefix's short
 * lists from its pages, added to its group while it has fewer than PREFIX_EXPANSIONS (the blocks' lexemes, in
 * more passages, come first).
 */
function resolveTerms(rows: readonly TermRow[]): ResolvedTerm[] {
  const resolved: ResolvedTerm[] = [];
  for (const row of rows) {
    if (row.prefix !== null) continue;
    resolved.push({ lexeme: row.lexeme, grp: row.grp, excluded: row.excluded, list: listOfRow(row) });
  }
  const taken = new Set(resolved.filter((row) => !row.excluded).map((row) => row.lexeme));
  const pagesOf = new Map<string, Buffer[]>();
  for (const row of rows) {
    if (row.prefix === null || row.page === null) continue;
    pagesOf.set(row.prefix, [...(pagesOf.get(row.prefix) ?? []), row.page]);
  }
  for (const [prefix, pages] of pagesOf) {
    const grp = `*${prefix}`;
    const room =
      PREFIX_EXPANSIONS -
      resolved.filter((row) => row.grp === grp && row.list !== undefined && row.lexeme.startsWith(prefix))
        .length;
    const entries = pages
      .flatMap((page) => decodePage(page))
      .filter((entry) => entry.lexeme.startsWith(prefix) && !taken.has(entry.lexeme))
      .sort((a, b) => b.count - a.count || compareLexemes(a.lexeme, b.lexeme))
      .slice(0, Math.max(0, room));
    for (const entry of entries) {
      taken.add(entry.lexeme);
      resolved.push({ lexeme: entry.lexeme, grp, excluded: false, list: entryAsList(entry) });
    }
  }
  return resolved;
}

/**
 * One search. Candidates come from the lists (decoded here), are checked against the filters by one
 * statement per round (all branches' next ids together), and scored with BM25F over every query word they hold.
 */
export async function searchPassages(db: DatabaseHandle, request: SearchRequest): Promise<SearchResult> {
  const shape: FilterShape = {
    dates: request.from !== undefined || request.to !== undefined,
    sentDates: request.sentFrom !== undefined || request.sentTo !== undefined,
    amountMin: request.amountMin !== undefined,
    amountMax: request.amountMax !== undefined,
    currency: request.currency !== undefined,
    entity: request.entity !== undefined,
    sender: request.sender !== undefined,
    recipient: request.recipient !== undefined,
    phrases: (request.phrases?.length ?? 0) > 0,
    title: (request.titleWords?.length ?? 0) > 0,
    attachment: request.hasAttachment === true,
    uploadsOnly: request.source !== undefined && 'uploads' in request.source,
    sourceNamed: request.source !== undefined && 'name' in request.source,
  };
  const filtered = Object.values(shape).some(Boolean);
  const values: FilterValues = {
    userId: request.userId,
    ids: [],
    from: request.from ?? '0001-01-01',
    to: request.to ?? '9999-12-31',
    sentFrom: request.sentFrom ?? '0001-01-01',
    sentTo: request.sentTo ?? '9999-12-31',
    sentFromAt: (request.sentFromAt ?? new Date('0001-01-01T00:00:00Z')).toISOString(),
    sentUntil: (request.sentUntil ?? new Date('9999-12-31T00:00:00Z')).toISOString(),
    amountVars: JSON.stringify({
      ...(request.amountMin === undefined ? {} : { min: request.amountMin }),
      ...(request.amountMax === undefined ? {} : { max: request.amountMax }),
      ...(request.currency === undefined ? {} : { currency: request.currency }),
    }),
    entityPattern: request.entity === undefined ? '' : wordStart(request.entity),
    senderPattern: request.sender === undefined ? '' : wordStart(request.sender),
    recipientPattern: request.recipient === undefined ? '' : wordStart(request.recipient),
    // A phrase's words in order with anything but letters and digits between them, whole words.
    phrasePatterns: (request.phrases ?? []).map(
      (phrase) => `\\m${phrase.split(/\s+/).map(regexLiteral).join('[^[:alnum:]]+')}\\M`,
    ),
    titlePatterns: (request.titleWords ?? []).map((word) => `\\m${regexLiteral(word)}`),
    sourceName: request.source !== undefined && 'name' in request.source ? request.source.name : '',
  };

  const termRows = await queryPrepared<TermRow>(db, {
    ...compiledOnce('terms', () => termsStatement(db)),
    parameters: [
      request.userId,
      request.text,
      (request.prefixes ?? []).map((prefix) => prefix.toLowerCase()),
      [...(request.excluded ?? [])],
    ],
  });
  const passageCount = Number(termRows[0]?.passage_count ?? 0);
  const resolved = resolveTerms(termRows);
  const queryRows = resolved.filter((row) => !row.excluded);
  const groupNames = [...new Set(queryRows.map((row) => row.grp))].sort();
  const wanted = groupNames.length;
  const bitOf = new Map(groupNames.map((grp, at) => [grp, 2 ** Math.min(at, 30)]));
  const terms: Term[] = queryRows.flatMap((row) =>
    row.list === undefined || row.list.documentFrequency === 0
      ? []
      : [
          {
            lexeme: row.lexeme,
            grp: row.grp,
            list: row.list,
            idf: bm25Idf(passageCount, row.list.documentFrequency),
            bit: bitOf.get(row.grp) ?? 0,
          },
        ],
  );
  const lexemes = [...new Set(queryRows.map((row) => row.lexeme))];
  const known = new Set(terms.map((term) => term.grp)).size;
  // Each excluded word: the lists of its lexemes (none when one of them is in no passage: it excludes nothing).
  const excludedWords = new Map<string, BlockList[] | null>();
  for (const row of resolved.filter((r) => r.excluded)) {
    const lists = excludedWords.get(row.grp);
    if (lists === null) continue;
    excludedWords.set(row.grp, row.list !== undefined ? [...(lists ?? []), row.list] : null);
  }
  const excludedLists = [...excludedWords.values()].filter((lists): lists is BlockList[] => lists !== null);
  const isExcluded = (id: number) =>
    excludedLists.some((lists) => lists.every((list) => list.weightOf(id) >= 0));

  // Filtered once per candidate, whatever the branches it comes from (null: not the user's or filtered out).
  const checked = new Map<number, Candidate | null>();
  const filterStatementCompiled = compiledOnce(`filter:${JSON.stringify(shape)}`, () =>
    filterStatement(shape).compile(db),
  );
  async function check(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    const rows = await queryPrepared<CandidateRow>(db, {
      ...filterStatementCompiled,
      parameters: filterStatementCompiled.parameters.map((parameter) =>
        parameter instanceof Slot ? (parameter.name === 'ids' ? ids : values[parameter.name]) : parameter,
      ),
    });
    for (const id of ids) checked.set(id, null);
    const passed = rows[0]?.passed;
    if (passed === undefined) return;
    passed.ids.forEach((text, at) => {
      const id = Number(text);
      const source = passed.sources[at] ?? null;
      checked.set(id, {
        id,
        documentId: passed.documents[at] as string,
        kind: passed.kinds[at] as string,
        sourceValue: source ?? 'uploads',
        sourceLabel: source === null ? 'Uploads' : (passed.names?.[source] ?? source),
      });
    });
  }
  /**
   * Fills the branches: each round asks the filter statement about every branch's next ids at once — as many as
   * the branch still lacks, four times more when filters may turn some down — until each has its limit or has
   * run out.
   */
  async function fill(branches: Branch[]): Promise<void> {
    for (let round = 0; ; round++) {
      const asked = new Set<number>();
      const pending: [Branch, number[]][] = [];
      for (const b of branches) {
        if (b.done || b.taken.length >= b.limit) continue;
        const want = Math.min((b.limit - b.taken.length) * (filtered && round > 0 ? 4 ** round : 1), 20_000);
        const next: number[] = [];
        while (next.length < want) {
          const step = b.ids.next();
          if (step.done === true) {
            b.done = true;
            break;
          }
          if (isExcluded(step.value)) continue;
          next.push(step.value);
          if (!checked.has(step.value)) asked.add(step.value);
        }
        pending.push([b, next]);
      }
      if (pending.length === 0) return;
      await check([...asked]);
      for (const [b, next] of pending) {
        for (const id of next) {
          if (b.taken.length >= b.limit) break;
          if (checked.get(id) != null) b.taken.push(id);
        }
        if (b.taken.length < b.limit && b.done) b.limit = b.taken.length;
      }
    }
  }

  const cap = request.maxCandidates;
  const byGroup = (grp: string) => terms.filter((term) => term.grp === grp);
  const groupDf = (grp: string) => byGroup(grp).reduce((sum, term) => sum + term.list.documentFrequency, 0);
  const plain = (grp: string) => byGroup(grp).every((term) => term.lexeme === grp);

  // AND starts from the rarest word (a plain word before a prefix): its newest passages. A mailing list can put
  // that word in every message's subject ("[Razor-users] …"), so the passages whose title holds the word
  // titles hold least are scored too, whatever their age, when the rarest word has more passages than the cap.
  const andCandidates: number[] = [];
  if (request.mode !== 'or' && wanted > 0 && known === wanted) {
    const [rarest] = [...new Set(terms.map((term) => term.grp))].sort(
      (a, b) => Number(plain(b)) - Number(plain(a)) || groupDf(a) - groupDf(b) || (a < b ? -1 : 1),
    );
    const branches: Branch[] = [];
    if (rarest !== undefined) {
      branches.push(
        branch(
          newestOf(
            byGroup(rarest).map((term) => term.list),
            false,
          ),
          cap,
        ),
      );
      if (plain(rarest) && groupDf(rarest) > cap) {
        const counted = terms
          .filter((term) => term.grp === term.lexeme)
          .map((term) => ({ term, titled: term.list.titledCount(2 * cap) }));
        counted.sort(
          (a, b) =>
            a.titled - b.titled ||
            a.term.list.documentFrequency - b.term.list.documentFrequency ||
            (a.term.lexeme < b.term.lexeme ? -1 : 1),
        );
        const titleRarest = counted[0]?.term;
        if (titleRarest !== undefined) branches.push(branch(newestOf([titleRarest.list], true), cap));
      }
    }
    await fill(branches);
    andCandidates.push(...new Set(branches.flatMap((b) => b.taken)));
  }

  // Under AND a candidate missing a plain word is out: the rarest words are looked up first, so most of those
  // leave before the common words' blocks are decoded for them.
  const plainByRarity = terms
    .filter((term) => term.grp === term.lexeme)
    .sort((a, b) => a.list.documentFrequency - b.list.documentFrequency);
  const score = (ids: readonly number[], allWords: boolean): Scored[] => {
    const rows: { candidate: Candidate; bm25: number; mask: number; groups: number }[] = [];
    for (const id of ids) {
      const candidate = checked.get(id);
      if (candidate == null) continue;
      if (allWords && plainByRarity.some((term) => term.list.weightOf(id) < 0)) continue;
      let bm25 = 0;
      let mask = 0;
      const held = new Set<string>();
      for (const term of terms) {
        const weight = term.list.weightOf(id);
        if (weight < 0) continue;
        const frequency = weightOf(weight);
        bm25 += (term.idf * (frequency * (BM25_K1 + 1))) / (frequency + BM25_K1);
        mask |= term.bit;
        held.add(term.grp);
      }
      if (held.size === 0 || (allWords && held.size < wanted)) continue;
      rows.push({ candidate, bm25, mask, groups: held.size });
    }
    // Coordination (docs/decisions/036-search-fields.md, squared by 066): the share of the query's words the
    // passage holds and the share its document holds among the candidates, half each. 1 under AND.
    const documentMask = new Map<string, number>();
    for (const row of rows) {
      documentMask.set(
        row.candidate.documentId,
        (documentMask.get(row.candidate.documentId) ?? 0) | row.mask,
      );
    }
    return rows.map((row) => ({
      candidate: row.candidate,
      score:
        row.bm25 *
        ((popcount(row.mask) + popcount(documentMask.get(row.candidate.documentId) ?? 0)) / (2 * wanted)) **
          2,
    }));
  };
  const kindMatches = (candidate: Candidate) => request.kind === undefined || candidate.kind === request.kind;

  const andScored = score(andCandidates, true);
  // One query word has nothing to relax: its OR finds what its AND found, and the page would say that only
  // some of the words were found.
  const mode: MatchMode =
    request.mode !== 'auto'
      ? request.mode
      : wanted !== 1 && andScored.filter((s) => kindMatches(s.candidate)).length < request.minAllWordResults
        ? 'or'
        : 'and';
  let matches = andScored;
  if (mode === 'or' && terms.length > 0) {
    // OR: the rarest lexeme's newest passages, every passage of the rarer lexemes while they add up to no more
    // than the cap, and the newest passages with any of the other lexemes in their title.
    const ranked = [...terms].sort(
      (a, b) => a.list.documentFrequency - b.list.documentFrequency || (a.lexeme < b.lexeme ? -1 : 1),
    );
    let running = 0;
    const within: Term[] = [];
    const beyond: Term[] = [];
    ranked.forEach((term, at) => {
      running += term.list.documentFrequency;
      if (at === 0) return;
      (running <= cap ? within : beyond).push(term);
    });
    const first = ranked[0] as Term;
    const branches = [
      branch(newestOf([first.list], false), cap),
      ...within.map((term) => branch(newestOf([term.list], false), Number.POSITIVE_INFINITY)),
      ...(beyond.length > 0
        ? [
            branch(
              newestOf(
                beyond.map((term) => term.list),
                true,
              ),
              cap,
            ),
          ]
        : []),
      // With filters (a week, a sender…) the common words' own passages that pass them are few, and they are
      // where a message holding one word per passage (a newsletter) has its other words: each common word's
      // newest passages passing the filters are candidates too, for a word whose list is short enough to walk.
      ...(filtered
        ? beyond
            .filter((term) => term.list.documentFrequency <= FILTERED_WALK * cap)
            .map((term) => branch(newestOf([term.list], false), cap))
        : []),
    ];
    await fill(branches);
    const orCandidates = new Set([...andCandidates, ...branches.flatMap((b) => b.taken)]);
    matches = score([...orCandidates], false);
  }

  const typed = typedWords(request.text);
  if (typed.length > 0 && matches.length > 1) {
    const window = [...matches]
      .sort((a, b) => b.score - a.score || a.candidate.id - b.candidate.id)
      .slice(0, EXACT_FORM_WINDOW);
    const rows = await queryPrepared<{ id: string; held: number }>(db, {
      ...compiledOnce('exact', () => exactFormsStatement(db)),
      parameters: [
        window.map((m) => m.candidate.id),
        request.userId,
        typed.map((word) => `\\m${regexLiteral(word)}\\M`),
      ],
    });
    const held = new Map(rows.map((row) => [Number(row.id), row.held]));
    matches = matches.map((m) => {
      const count = held.get(m.candidate.id);
      return count === undefined
        ? m
        : { ...m, score: m.score * (1 + (EXACT_FORM_BONUS * count) / typed.length) };
    });
  }

  const after = request.after;
  const afterId = after === undefined ? 0 : Number(after.passageId);
  const page = matches
    .filter(
      (m) =>
        kindMatches(m.candidate) &&
        (after === undefined ||
          m.score < after.score ||
          (m.score === after.score && m.candidate.id > afterId)),
    )
    .sort((a, b) => b.score - a.score || a.candidate.id - b.candidate.id)
    .slice(0, request.limit + 1);
  const hitRows =
    page.length === 0
      ? []
      : await queryPrepared<HitRow>(db, {
          ...compiledOnce('hits', () => hitsStatement(db)),
          parameters: [page.map((m) => m.candidate.id), request.userId],
        });
  const scoreOf = new Map(page.map((m) => [String(m.candidate.id), m.score]));

  // Matching documents per kind (for the words and every filter but the type) and per source.
  const kinds = new Map<string, Set<string>>();
  const sources = new Map<string, { label: string; documents: Set<string> }>();
  for (const { candidate } of matches) {
    const kind = kinds.get(candidate.kind) ?? new Set();
    kinds.set(candidate.kind, kind.add(candidate.documentId));
    const source = sources.get(candidate.sourceValue) ?? {
      label: candidate.sourceLabel,
      documents: new Set(),
    };
    source.documents.add(candidate.documentId);
    sources.set(candidate.sourceValue, source);
  }
  return {
    mode,
    lexemes,
    hits: hitRows.map((hit) => ({
      passageId: hit.id,
      ordinal: hit.ordinal,
      location: hit.location,
      facts: hit.facts,
      documentId: hit.document_id,
      documentName: hit.name,
      documentTitle: hit.title,
      kind: hit.kind,
      documentDate: hit.document_date,
      sourceName: hit.source_name,
      sourceFolder: hit.source_folder,
      sourceKind: hit.source_kind,
      score: scoreOf.get(hit.id) ?? 0,
      body: hit.body,
    })),
    facets: [...kinds]
      .map(([kind, documents]) => ({ kind, count: documents.size }))
      .sort((a, b) => b.count - a.count || (a.kind < b.kind ? -1 : 1)),
    sourceFacets: [...sources]
      .map(([value, source]) => ({ value, label: source.label, count: source.documents.size }))
      .sort((a, b) => b.count - a.count || (a.label < b.label ? -1 : 1)),
  };
}
