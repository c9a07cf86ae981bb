import { type DatabaseHandle, queryPrepared } from '@trove/service-core';
import { type CompiledQuery, type RawBuilder, sql } from 'kysely';
import { searchDb } from '../db/tables';
import { BM25_K1 } from './bm25';

// The search statement (docs/decisions/010-search-index.md "Ranking", 020-search-postings.md,
// 036-search-fields.md): candidates and their BM25F pseudo-frequencies come from search_postings (one row
// per user, lexeme and passage, read index-only in lexeme and passage order), BM25F orders them with the
// user's statistics in search_terms / search_corpus_stats. Every part is bounded by the user's id: one user never sees another's passages.

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
  /** Words or phrases no matching passage holds (as the index reads words: stemmed). */
  excluded?: readonly string[] | undefined;
  /** Words the document's title holds, from a word's start. */
  titleWords?: readonly string[] | undefined;
  /** An email with an attachment Trove read. */
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

interface SearchRow {
  mode: MatchMode;
  lexemes: string[];
  hits: {
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
    score: number;
    body: string;
  }[];
  facets: { kind: string; count: number }[];
  source_facets: { value: string; label: string; count: number }[];
}

/** Every value the statement binds; the text only changes with which filters are present (its shape). */
interface StatementValues {
  userId: string;
  text: string;
  mode: MatchMode | 'auto';
  minAllWordResults: number;
  cap: number;
  limit: number;
  kind: string | null;
  afterScore: number | null;
  afterId: string | null;
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
  excluded: string[];
  titlePatterns: string[];
  prefixes: string[];
  sourceName: string;
}

interface StatementShape {
  dates: boolean;
  sentDates: boolean;
  amountMin: boolean;
  amountMax: boolean;
  currency: boolean;
  entity: boolean;
  sender: boolean;
  recipient: boolean;
  phrases: boolean;
  excluded: boolean;
  title: boolean;
  attachment: boolean;
  uploadsOnly: boolean;
  sourceNamed: boolean;
}

/** A value's place in the statement, filled per search (see compiledStatement). */
class Slot {
  constructor(readonly name: keyof StatementValues) {}
}
const slot = (name: keyof StatementValues) => new Slot(name);

/**
 * The filters on the passage and its document (alias p and d). The jsonpath texts are fixed fragments;
 * user values only ever travel as bound parameters (jsonpath variables, a regex parameter).
 */
function passageFilters(shape: StatementShape): RawBuilder<unknown> {
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
  if (shape.excluded) {
    parts.push(
      sql`not exists (select 1 from unnest(${slot('excluded')}::text[]) w where p.tsv @@ plainto_tsquery('english', w))`,
    );
  }
  if (shape.title) {
    parts.push(
      sql`not exists (select 1 from unnest(${slot('titlePatterns')}::text[]) r where coalesce(d.title, '') !~* r)`,
    );
  }
  if (shape.attachment) parts.push(sql`(d.kind = 'eml' and d.parts > 1)`);
  if (shape.uploadsOnly) parts.push(sql`d.source_id is null`);
  if (shape.sourceNamed) {
    parts.push(sql`d.source_id in (select s.id from sources s where s.user_id = ${slot('userId')}::uuid
      and (lower(s.name) = lower(${slot('sourceName')}::text)
           or lower(s.settings->>'email') = lower(${slot('sourceName')}::text)))`);
  }
  return sql.join(parts, sql` and `);
}

/** Whether the filters read the passage's document (its date, title or parts). */
const needsDocument = (shape: StatementShape) =>
  shape.dates || shape.sentDates || shape.title || shape.attachment || shape.uploadsOnly || shape.sourceNamed;

/**
 * The search statement for one shape. AND runs first (unless the mode says OR), the OR part only when the
 * choice needs it: a condition on an uncorrelated subquery is a one-time filter, so a branch that is not
 * chosen never reads an index entry.
 */
function searchStatement(shape: StatementShape): RawBuilder<SearchRow> {
  const filtered =
    shape.dates ||
    shape.sentDates ||
    shape.amountMin ||
    shape.amountMax ||
    shape.currency ||
    shape.entity ||
    shape.sender ||
    shape.recipient ||
    shape.phrases ||
    shape.excluded ||
    shape.title ||
    shape.attachment ||
    shape.uploadsOnly ||
    shape.sourceNamed;
  const userId = slot('userId');
  const cap = slot('cap');
  // A source being removed (docs/decisions/045) leaves search at once, though its documents go a batch at a time
  // after DELETE has answered: its postings are passed over. With none being removed (the usual case) the test is
  // a one-time filter on the `removing` row and reads nothing per candidate; otherwise one probe of the
  // document by primary key per candidate. Every answer, facet and chat citation comes from these candidates.
  const notBeingRemoved = sql`((select ids from removing) = '{}'
      or not exists (select 1 from documents r
                     where r.id = pp.document_id and r.source_id = any ((select ids from removing)::uuid[])))`;
  // The passage (and, for dates, its document) is read only when a filter needs its facts or date.
  const candidates = (lexemeTest: RawBuilder<unknown>) => sql`
    select pp.passage_id, pp.kind, pp.document_id, pp.weight, pp.lexeme
    from search_postings pp
    ${filtered ? sql`join passages p on p.id = pp.passage_id` : sql``}
    ${needsDocument(shape) ? sql`join documents d on d.id = p.document_id` : sql``}
    where pp.user_id = ${userId}::uuid and ${lexemeTest}
      and ${notBeingRemoved}
      ${filtered ? sql`and ${passageFilters(shape)}` : sql``}`;
  const lexemeList = sql`(select list from lexemes)::text[]`;
  // The candidates of `source` with every query word they hold and its tf: the word a candidate was found by
  // comes with it; the others' are read by primary key (none for a one-word query).
  const withWords = (source: string) => sql`
    select c.passage_id, c.kind, c.document_id, w.weight, w.lexeme
    from ${sql.table(source)} c
    cross join lateral (
      select c.weight, c.lexeme
      union all
      (select x.weight, x.lexeme from search_postings x
       where x.user_id = ${userId}::uuid and x.passage_id = c.passage_id
         and x.lexeme = any (array(select l from unnest(${lexemeList}) l where l <> c.lexeme))
       offset 0)
    ) w`;
  // BM25F per passage over the words of `hits` (rows of withWords): each posting's weight is its tf~ (bm25.ts),
  // times the square of the share of the query's words found — half for the passage's own, half for its
  // document's among the candidates (docs/decisions/036-search-fields.md, "Coordination"; squared by ADR 066:
  // relaxed to OR, a mail holding every word ranks above one saying one of them often). Under AND both are 1. A query word
  // is a group (a prefix's lexemes count once) with a bit of its own: a passage's words are the OR of its
  // postings' bits, its document's the OR over its passages (a window, not a second pass over the hits).
  const scored = (hits: RawBuilder<unknown>, allWords: boolean) => sql`
    select s.passage_id, s.kind, s.document_id,
           s.bm25 * power((bit_count(s.mask::bit(64))
                     + bit_count((bit_or(s.mask) over (partition by s.document_id))::bit(64)))::float8
             / (2 * (select wanted from groups)), 2) as score
    from (
      select h.passage_id, h.kind, h.document_id, bit_or(t.bit) as mask,
             sum(t.idf * (h.weight * ${sql.lit(BM25_K1 + 1)}::float8) / (h.weight + ${sql.lit(BM25_K1)}::float8)) as bm25
      from (${hits}) h
      join terms t on t.lexeme = h.lexeme
      group by h.passage_id, h.kind, h.document_id
      ${allWords ? sql`having count(distinct t.grp) = (select wanted from groups)` : sql``}
    ) s`;
  const kindMatches = (alias: string) =>
    sql`(${slot('kind')}::text is null or ${sql.ref(alias)}.kind = ${slot('kind')}::text)`;
  const afterScore = slot('afterScore');
  const afterId = slot('afterId');
  return sql<SearchRow>`
    with words as (
      select distinct lexeme
      from unnest(tsvector_to_array(to_tsvector('english', ${slot('text')}::text))) as lexeme
    ),
    corpus as (
      select passage_count::float8 as n from search_corpus_stats where user_id = ${userId}::uuid
    ),
    removing as materialized (
      select coalesce(array_agg(s.id), '{}') as ids from sources s
      where s.user_id = ${userId}::uuid and s.detail @> '{"removing": true}'::jsonb
    ),
    -- A query word is a group of lexemes: a plain word its own lexeme; a prefix (word*) its stem and the user's
    -- most frequent lexemes that begin with it (a range scan of the term statistics, then the exact test).
    prefix_groups as materialized (
      select '*' || x.prefix as grp, e.lexeme
      from unnest(${slot('prefixes')}::text[]) as x(prefix)
      cross join lateral (
        (select t.lexeme from search_terms t
         where t.user_id = ${userId}::uuid and t.lexeme >= x.prefix and t.lexeme < x.prefix || chr(1114111)
           and left(t.lexeme, length(x.prefix)) = x.prefix and t.document_frequency > 0
         order by t.document_frequency desc, t.lexeme
         limit ${sql.lit(PREFIX_EXPANSIONS)})
        union
        select stem from unnest(tsvector_to_array(to_tsvector('english', x.prefix))) as stem
      ) e
    ),
    query_terms as materialized (
      select distinct on (lexeme) lexeme, grp
      from (select lexeme, grp, 0 as kind from prefix_groups
            union all select lexeme, lexeme, 1 from words) q
      order by lexeme, kind
    ),
    lexemes as (
      select coalesce(array_agg(lexeme), '{}') as list from query_terms
    ),
    group_bits as materialized (
      select grp, 1::bigint << least(row_number() over (order by grp) - 1, 62)::int as bit
      from (select distinct grp from query_terms) g
    ),
    terms as materialized (
      select t.lexeme, q.grp, b.bit, t.document_frequency as df,
             ln(1 + (c.n - t.document_frequency + 0.5) / (t.document_frequency + 0.5)) as idf
      from search_terms t cross join corpus c join query_terms q on q.lexeme = t.lexeme
      join group_bits b on b.grp = q.grp
      where t.user_id = ${userId}::uuid and t.lexeme = any (${lexemeList}) and t.document_frequency > 0
    ),
    groups as materialized (
      select count(distinct grp) as wanted,
             (select count(distinct grp) from terms) as known
      from query_terms
    ),
    ranked as materialized (
      select lexeme, row_number() over (order by df, lexeme) as rank, sum(df) over (order by df, lexeme) as running
      from terms
    ),
    -- AND starts from the rarest plain word: the newest postings of one lexeme, read in key order; a query of
    -- prefixes alone starts from its rarest prefix's lexemes, merged (a passage holding two of them once).
    rarest as materialized (
      select grp, bool_and(grp = lexeme) as plain from terms group by grp
      order by bool_and(grp = lexeme) desc, sum(df), grp limit 1
    ),
    -- The title branch below starts from the plain word fewest titles hold (counted up to twice the cap on the
    -- partial index of titled postings): the rarest word overall can be in the title of every message of a
    -- mailing list ("[Razor-users] …"), and then the newest titles holding it need not hold the others.
    title_rarest as materialized (
      select t.lexeme from terms t
      where t.grp = t.lexeme
      order by (select count(*) from (select 1 from search_postings x
                                      where x.user_id = ${userId}::uuid and x.lexeme = t.lexeme and x.titled
                                      limit 2 * ${cap}::int) n),
               t.df, t.lexeme
      limit 1
    ),
    and_candidates as materialized (
      select distinct on (c.passage_id) c.* from (
        (${candidates(sql`pp.lexeme = (select grp from rarest where plain)`)}
          and ${slot('mode')}::text <> 'or'
          and (select known = wanted from groups)
        order by pp.passage_id desc
        limit ${cap}::int)
        union all
        -- The passages whose title holds the word titles hold least, whatever their age (the partial index on
        -- titled): a message asked for by its subject is scored even when newer ones use the word more.
        -- Only needed when the word is in more passages than the cap (else the branch above took them all).
        (${candidates(sql`pp.titled and pp.lexeme = (select lexeme from title_rarest)`)}
          and ${slot('mode')}::text <> 'or'
          and (select known = wanted from groups)
          and (select sum(df) from terms where lexeme = (select grp from rarest where plain)) > ${cap}::int
        order by pp.passage_id desc
        limit ${cap}::int)
        union all
        (select distinct on (g.passage_id) g.* from (
          ${candidates(sql`pp.lexeme = any (array(select lexeme from terms where grp = (select grp from rarest where not plain)))`)}
            and ${slot('mode')}::text <> 'or'
            and (select known = wanted from groups)
         ) g
         order by g.passage_id desc
         limit ${cap}::int)
      ) c
      order by c.passage_id desc
    ),
    and_words as materialized (${withWords('and_candidates')}),
    and_scored as materialized (${scored(sql`select * from and_words`, true)}),
    choice as materialized (
      select case when ${slot('mode')}::text <> 'auto' then ${slot('mode')}::text
                  when (select count(*) from and_scored s where ${kindMatches('s')}) < ${slot('minAllWordResults')}::int then 'or'
                  else 'and' end as mode
    ),
    or_candidates as materialized (
      select distinct on (u.passage_id) u.passage_id, u.kind, u.document_id, u.weight, u.lexeme
      from (
        (${candidates(sql`pp.lexeme = (select lexeme from ranked where rank = 1)`)}
          order by pp.passage_id desc limit ${cap}::int)
        union all
        (${candidates(sql`pp.lexeme = any (array(select lexeme from ranked where rank > 1 and running <= ${cap}::int))`)})
        union all
        -- Passages with any of the words in their title, newest first (the partial index on titled), for the
        -- words whose passages the branches above did not all take.
        (${candidates(sql`pp.titled and pp.lexeme = any (array(select lexeme from ranked where running > ${cap}::int))`)}
          order by pp.passage_id desc limit ${cap}::int)
      ) u
      where (select mode from choice) = 'or'
        and not exists (select 1 from and_candidates a where a.passage_id = u.passage_id)
      order by u.passage_id
    ),
    -- OR's candidates include AND's (the rarest word's newest, under the same filters): their words were read
    -- for AND already, so only the others are looked up.
    or_words as materialized (${withWords('or_candidates')}),
    or_scored as materialized (${scored(
      sql`select * from and_words where (select mode from choice) = 'or' union all select * from or_words`,
      false,
    )}),
    matches as (
      select * from and_scored where (select mode from choice) = 'and'
      union all
      select * from or_scored
    ),
    page as (
      select m.passage_id, m.score from matches m
      where ${kindMatches('m')}
        and (${afterScore}::float8 is null or m.score < ${afterScore}::float8
             or (m.score = ${afterScore}::float8 and m.passage_id > ${afterId}::bigint))
      order by m.score desc, m.passage_id asc
      limit ${slot('limit')}::int + 1
    ),
    hits as (
      select p.id::text as id, p.ordinal, p.location, p.facts, d.id as document_id, d.name, d.title, d.kind,
             d.document_date::text as document_date, s.name as source_name, sm.folder as source_folder,
             s.kind as source_kind,
             page.score, p.body
      from page
      join passages p on p.id = page.passage_id
      join documents d on d.id = p.document_id
      -- A mailbox's message (issue 21): its source's name and folder, for "Work mail › INBOX" on the result.
      left join sources s on s.id = d.source_id
      left join source_messages sm on sm.document_id = d.id and sm.source_id = d.source_id
    )
    select
      (select mode from choice) as mode,
      (select list from lexemes) as lexemes,
      (select coalesce(json_agg(h order by h.score desc, h.id::bigint asc), '[]') from hits h) as hits,
      (select coalesce(json_agg(f order by f.count desc, f.kind), '[]')
       from (select m.kind, count(distinct m.document_id)::int as count from matches m group by m.kind) f) as facets,
      -- Where the matching documents came from (issue 21): each source by its name, uploads as 'uploads'.
      (select coalesce(json_agg(f order by f.count desc, f.label), '[]')
       from (select coalesce(d.source_id::text, 'uploads') as value, coalesce(max(s.name), 'Uploads') as label,
                    count(distinct m.document_id)::int as count
             from matches m
             join documents d on d.id = m.document_id
             left join sources s on s.id = d.source_id
             group by 1) f) as source_facets
  `;
}

/** The time zone of the user's profile (IANA), or null: after:/before: days begin at its midnight. */
export async function userTimeZone(db: DatabaseHandle, userId: string): Promise<string | null> {
  const row = await searchDb(db)
    .selectFrom('profiles')
    .select('timezone')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.timezone ?? null;
}

// Compiling the statement through kysely cost ~1.5 ms of CPU a search (as much as running a small one),
// so each shape is compiled once; a search only fills the slots.
const compiled = new Map<string, CompiledQuery>();

function compiledStatement(db: DatabaseHandle, shape: StatementShape): CompiledQuery {
  const key = JSON.stringify(shape);
  let query = compiled.get(key);
  if (query === undefined) {
    query = searchStatement(shape).compile(db);
    compiled.set(key, query);
  }
  return query;
}

/**
 * One search in one statement, run as a prepared statement (planning it cost as much as running it).
 * Scores are BM25 over every query word a candidate holds. Every value is a bound parameter.
 */
export async function searchPassages(db: DatabaseHandle, request: SearchRequest): Promise<SearchResult> {
  const shape: StatementShape = {
    dates: request.from !== undefined || request.to !== undefined,
    sentDates: request.sentFrom !== undefined || request.sentTo !== undefined,
    amountMin: request.amountMin !== undefined,
    amountMax: request.amountMax !== undefined,
    currency: request.currency !== undefined,
    entity: request.entity !== undefined,
    sender: request.sender !== undefined,
    recipient: request.recipient !== undefined,
    phrases: (request.phrases?.length ?? 0) > 0,
    excluded: (request.excluded?.length ?? 0) > 0,
    title: (request.titleWords?.length ?? 0) > 0,
    attachment: request.hasAttachment === true,
    uploadsOnly: request.source !== undefined && 'uploads' in request.source,
    sourceNamed: request.source !== undefined && 'name' in request.source,
  };
  const values: StatementValues = {
    userId: request.userId,
    text: request.text,
    mode: request.mode,
    minAllWordResults: request.minAllWordResults,
    cap: request.maxCandidates,
    limit: request.limit,
    kind: request.kind ?? null,
    afterScore: request.after?.score ?? null,
    afterId: request.after?.passageId ?? null,
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
    excluded: [...(request.excluded ?? [])],
    titlePatterns: (request.titleWords ?? []).map((word) => `\\m${regexLiteral(word)}`),
    prefixes: (request.prefixes ?? []).map((prefix) => prefix.toLowerCase()),
    sourceName: request.source !== undefined && 'name' in request.source ? request.source.name : '',
  };
  const statement = compiledStatement(db, shape);
  const [row] = await queryPrepared<SearchRow>(db, {
    ...statement,
    parameters: statement.parameters.map((parameter) =>
      parameter instanceof Slot ? values[parameter.name] : parameter,
    ),
  });
  return {
    mode: row?.mode ?? 'and',
    lexemes: row?.lexemes ?? [],
    hits: (row?.hits ?? []).map((hit) => ({
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
      score: hit.score,
      body: hit.body,
    })),
    facets: row?.facets ?? [],
    sourceFacets: row?.source_facets ?? [],
  };
}
