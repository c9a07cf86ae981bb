import type { DatabaseHandle } from '@trove/service-core';
import { type RawBuilder, sql } from 'kysely';
import { BM25_B, BM25_K1 } from './bm25';
import { MARK_START, MARK_STOP } from './snippet';

// The search query (docs/decisions/010-search-index.md, "Ranking"): the GIN index on passages.tsv finds
// candidates with @@, BM25 orders them from per-passage term frequencies (the position count of each
// lexeme in the tsvector) and the user's statistics in search_terms / search_corpus_stats. Every
// statement is bounded by the user's id: one user never sees another's passages.

export type MatchMode = 'and' | 'or';

export interface SearchFilters {
  userId: string;
  /** Already normalised (query-text.ts); plainto_tsquery reads it as a bag of words. */
  text: string;
  kind?: string | undefined;
  /** A passage matches when its document's date or any date found in it lies in [from, to]. */
  from?: string | undefined;
  to?: string | undefined;
  /** A passage holding an amount within [amountMin, amountMax], in `currency` when given. */
  amountMin?: number | undefined;
  amountMax?: number | undefined;
  currency?: string | undefined;
  /** A person (name or address) or organisation in the passage's facts, matched from a word's start. */
  entity?: string | undefined;
}

export interface SearchPageRequest extends SearchFilters {
  mode: MatchMode;
  limit: number;
  after?: { score: number; passageId: string } | undefined;
  /**
   * When set, only the first `candidateCap` matching passages the GIN bitmap yields are scored (the service
   * sets it when the statistics say the words match more): docs/decisions/014-search-speed-and-bench.md.
   */
  candidateCap?: number | undefined;
  /**
   * OR only: candidates are the passages holding one of these lexemes (the query's rarer ones) rather than
   * any of the query's words; every word still counts in the score. See the service.
   */
  candidateLexemes?: readonly string[] | undefined;
}

export interface SearchHit {
  passageId: string;
  ordinal: number;
  location: string;
  facts: unknown;
  documentId: string;
  documentName: string;
  kind: string;
  documentDate: string | null;
  score: number;
  /** Passage text with matches between MARK_START and MARK_STOP, not yet escaped. */
  headline: string;
}

// plainto_tsquery joins the words with &; its text form quotes every lexeme, and lexemes hold no spaces,
// so swapping " & " for " | " is the same words joined by OR without re-parsing user text.
function tsquery(text: string, mode: MatchMode): RawBuilder<unknown> {
  return mode === 'and'
    ? sql`plainto_tsquery('english', ${text})`
    : sql`replace(plainto_tsquery('english', ${text})::text, ' & ', ' | ')::tsquery`;
}

/** Escapes every character that is not a letter, digit or space: in PostgreSQL's ARE a backslash before
 * anything else than a letter or digit is that character itself. */
function regexLiteral(text: string): string {
  return text.replace(/[^\p{L}\p{N} ]/gu, '\\$&');
}

/** The date filter reads the document's date: the only filter that needs the documents table. */
function datesFilter(filters: SearchFilters): boolean {
  return filters.from !== undefined || filters.to !== undefined;
}

/**
 * The filters on the passage and its document (alias p and d). The jsonpath texts are fixed fragments;
 * user values only ever travel as bound parameters (jsonpath variables, a regex parameter).
 */
function passageFilters(filters: SearchFilters, withKind: boolean): RawBuilder<unknown> {
  // p.user_id is the document's owner (copied when indexed); the callers bound every statement by it.
  const parts = [sql`true`];
  if (withKind && filters.kind !== undefined) parts.push(sql`p.kind = ${filters.kind}`);

  if (filters.from !== undefined || filters.to !== undefined) {
    // ISO days compare as text, in the document's date column and in the facts alike.
    const from = filters.from ?? '0001-01-01';
    const to = filters.to ?? '9999-12-31';
    parts.push(sql`(d.document_date between ${from}::date and ${to}::date
      or jsonb_path_exists(p.facts, '$.dates[*] ? (@.iso >= $from && @.iso <= $to)',
                           jsonb_build_object('from', ${from}::text, 'to', ${to}::text)))`);
  }

  const amountTests: string[] = [];
  const amountVars: Record<string, string | number> = {};
  if (filters.amountMin !== undefined) {
    amountTests.push('@.value >= $min');
    amountVars.min = filters.amountMin;
  }
  if (filters.amountMax !== undefined) {
    amountTests.push('@.value <= $max');
    amountVars.max = filters.amountMax;
  }
  if (filters.currency !== undefined) {
    amountTests.push('@.currency == $currency');
    amountVars.currency = filters.currency;
  }
  if (amountTests.length > 0) {
    const path = `$.amounts[*] ? (${amountTests.join(' && ')})`;
    parts.push(sql`jsonb_path_exists(p.facts, ${path}::jsonpath, ${JSON.stringify(amountVars)}::jsonb)`);
  }

  if (filters.entity !== undefined) {
    // From the start of a word, case-insensitively: "acme" finds "Acme Pvt Ltd" and "billing@acme.co.in",
    // "ann" finds "Ann Lee" but not "Joanna".
    const pattern = `(^|[^[:alnum:]])${regexLiteral(filters.entity)}`;
    parts.push(sql`(exists (select 1 from jsonb_array_elements_text(
                      case when jsonb_typeof(p.facts->'organisations') = 'array' then p.facts->'organisations' else '[]' end) o
                    where o ~* ${pattern})
                 or exists (select 1 from jsonb_array_elements(
                      case when jsonb_typeof(p.facts->'people') = 'array' then p.facts->'people' else '[]' end) person
                    where person->>'name' ~* ${pattern} or person->>'email' ~* ${pattern}))`);
  }
  return sql.join(parts, sql` and `);
}

/**
 * For the rest of the transaction: the GIN index for "tsv @@ query", never a walk of the table or of its
 * primary key testing every row. The planner costs @@ as a cheap operator, but each evaluation decompresses
 * a tsvector of ~1 kB: for a word in 5% of passages it preferred testing every row, 20× slower at 48k
 * documents (docs/decisions/014-search-speed-and-bench.md). The GIN bitmap answers @@ exactly for
 * plainto_tsquery's lexemes, so the heap is read only for real matches. Call inside a transaction.
 */
export async function preferIndexBitmaps(tx: DatabaseHandle): Promise<void> {
  await sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`.execute(
    tx,
  );
}

export interface SearchPlan {
  /** Passages matching every word and every filter, counted no further than `atMost`. */
  allWords: number;
  /** Upper bounds on the matches from the statistics: the rarest word's n(q) (AND), their sum (OR). */
  andBound: number;
  orBound: number;
  /** The query's lexemes with n(q), the number of the user's passages holding each. */
  terms: { lexeme: string; documentFrequency: number }[];
}

/**
 * What the page query needs to know first, in one round trip: whether AND finds enough (the count stops
 * at the relaxation threshold, so it costs little), and how many passages the words can match at most,
 * read from search_terms, which decides whether the candidates are capped (see searchPage).
 */
export async function planSearch(
  db: DatabaseHandle,
  filters: SearchFilters,
  atMost: number,
): Promise<SearchPlan> {
  const result = await sql<{
    all_words: string;
    and_bound: string;
    or_bound: string;
    terms: { lexeme: string; df: number }[];
  }>`
    with terms as (
      select distinct lexeme from unnest(tsvector_to_array(to_tsvector('english', ${filters.text}))) as lexeme
    ),
    frequencies as (
      select terms.lexeme, coalesce(t.document_frequency, 0) as df
      from terms left join search_terms t on t.user_id = ${filters.userId} and t.lexeme = terms.lexeme
    ),
    bounds as (
      select coalesce(min(df), 0) as and_bound, coalesce(sum(df), 0) as or_bound,
             coalesce(json_agg(json_build_object('lexeme', lexeme, 'df', df)), '[]') as terms
      from frequencies
    )
    select (select count(*) from (
              select 1 from passages p ${datesFilter(filters) ? sql`join documents d on d.id = p.document_id` : sql``}
              where p.user_id = ${filters.userId} and p.tsv @@ ${tsquery(filters.text, 'and')}
                and ${passageFilters(filters, true)}
              limit ${atMost}
            ) x) as all_words,
           bounds.and_bound, bounds.or_bound, bounds.terms
    from bounds
  `.execute(db);
  const row = result.rows[0];
  return {
    allWords: Number(row?.all_words ?? 0),
    andBound: Number(row?.and_bound ?? 0),
    orBound: Number(row?.or_bound ?? 0),
    terms: (row?.terms ?? []).map((term) => ({ lexeme: term.lexeme, documentFrequency: term.df })),
  };
}

/** One page of hits, best first (score desc, passage id asc), `limit + 1` rows to tell if more follow. */
export interface SearchPage {
  /** Best first (score desc, passage id asc), `limit + 1` rows to tell if more follow. */
  hits: SearchHit[];
  /** Matching documents per kind, for the words and every filter but the type (to switch type). */
  facets: { kind: string; count: number }[];
}

/**
 * One page of hits and the facets, in one statement over one scan of the matches. The facets count the
 * matches the page was chosen from: all of them, or the capped candidates.
 *
 * Speed (docs/decisions/014-search-speed-and-bench.md): tf is read only for the query's lexemes —
 * `setweight(tsv, 'A', lexemes)` marks their positions and `ts_filter(…, '{a}')` keeps just them, both in C
 * over the packed tsvector — instead of unnesting every lexeme of every candidate into rows and joining
 * them to the statistics. The matches are scanned once (materialised) for both the scores and the facets.
 */
export async function searchPage(db: DatabaseHandle, request: SearchPageRequest): Promise<SearchPage> {
  const query = tsquery(request.text, request.mode);
  const after =
    request.after === undefined
      ? sql`true`
      : sql`(s.score < ${request.after.score}::float8
             or (s.score = ${request.after.score}::float8 and s.id > ${request.after.passageId}::bigint))`;
  const kind = request.kind === undefined ? sql`true` : sql`m.kind = ${request.kind}`;
  const needsDocument = datesFilter(request);
  // Capped: the first `candidateCap` matches the GIN bitmap yields, in the table's physical order (roughly
  // the order of indexing), and no more rows of the heap are read. Ordering them (newest first) would read
  // every match's row to sort it, which is the cost the cap exists to avoid.
  const cap = request.candidateCap === undefined ? sql`` : sql`limit ${request.candidateCap}`;
  // Lexemes as tsquery operands, quoted the way tsquery's input reads them (backslash and quote escaped),
  // so a lexeme is matched as it is, without being parsed or stemmed again.
  const candidateQuery =
    request.candidateLexemes === undefined
      ? query
      : sql`(select string_agg('''' || replace(replace(l, '\', '\\'), '''', '''''') || '''', ' | ')
             from unnest(${request.candidateLexemes}::text[]) as l)::tsquery`;
  const headlineOptions = `StartSel=${MARK_START}, StopSel=${MARK_STOP}, MaxWords=35, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "`;
  const statement = sql<{
    hits: {
      id: string;
      ordinal: number;
      location: string;
      facts: unknown;
      document_id: string;
      name: string;
      kind: string;
      document_date: string | null;
      score: number;
      headline: string;
    }[];
    facets: { kind: string; count: number }[];
  }>`
    with terms as (
      select coalesce(array_agg(distinct lexeme), '{}') as lexemes
      from unnest(tsvector_to_array(to_tsvector('english', ${request.text}))) as lexeme
    ),
    corpus as (
      select passage_count::float8 as n,
             greatest(total_length::float8 / nullif(passage_count, 0), 1) as avgdl
      from search_corpus_stats where user_id = ${request.userId}
    ),
    idf as (
      select t.lexeme, ln(1 + (c.n - t.document_frequency + 0.5) / (t.document_frequency + 0.5)) as idf
      from search_terms t cross join corpus c
      where t.user_id = ${request.userId} and t.lexeme = any ((select lexemes from terms)::text[])
    ),
    -- The tsquery is written out here (not taken from a CTE) so the planner sees it and estimates how
    -- many passages it matches: that is what picks the GIN bitmap or, capped, the primary key backwards.
    candidates as materialized (
      select p.id, p.document_id, p.kind, p.length, p.tsv
      from passages p ${needsDocument ? sql`join documents d on d.id = p.document_id` : sql``}
      where p.user_id = ${request.userId} and p.tsv @@ ${candidateQuery} and ${passageFilters(request, false)}
      ${cap}
    ),
    matches as materialized (
      select c.id, c.document_id, c.kind, c.length,
             ts_filter(setweight(c.tsv, 'A', terms.lexemes), '{a}') as query_terms
      from candidates c cross join terms
    ),
    facets as (
      select m.kind, count(distinct m.document_id)::int as count from matches m group by m.kind
    ),
    scored as (
      select m.id,
             sum(i.idf * (cardinality(e.positions) * ${BM25_K1 + 1}::float8)
                 / (cardinality(e.positions)
                    + ${BM25_K1}::float8 * (1 - ${BM25_B}::float8 + ${BM25_B}::float8 * m.length / corpus.avgdl))) as score
      from matches m
      cross join corpus
      cross join lateral unnest(m.query_terms) e
      join idf i on i.lexeme = e.lexeme
      where ${kind}
      group by m.id
    ),
    page as (
      select s.id, s.score from scored s where ${after}
      order by s.score desc, s.id asc
      limit ${request.limit + 1}
    ),
    hits as (
      select p.id::text as id, p.ordinal, p.location, p.facts, d.id as document_id, d.name, d.kind,
             d.document_date::text as document_date, page.score,
             ts_headline('english', p.body, ${query}, ${headlineOptions}) as headline
      from page
      join passages p on p.id = page.id
      join documents d on d.id = p.document_id
    )
    select
      (select coalesce(json_agg(h order by h.score desc, h.id::bigint asc), '[]') from hits h) as hits,
      (select coalesce(json_agg(f order by f.count desc, f.kind), '[]') from facets f) as facets
  `;
  const result = await statement.execute(db);
  const row = result.rows[0];
  return {
    hits: (row?.hits ?? []).map((hit) => ({
      passageId: hit.id,
      ordinal: hit.ordinal,
      location: hit.location,
      facts: hit.facts,
      documentId: hit.document_id,
      documentName: hit.name,
      kind: hit.kind,
      documentDate: hit.document_date,
      score: hit.score,
      headline: hit.headline,
    })),
    facets: row?.facets ?? [],
  };
}
