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

/**
 * The filters on the passage and its document (alias p and d). The jsonpath texts are fixed fragments;
 * user values only ever travel as bound parameters (jsonpath variables, a regex parameter).
 */
function passageFilters(filters: SearchFilters, withKind: boolean): RawBuilder<unknown> {
  const parts = [sql`d.user_id = ${filters.userId}`];
  if (withKind && filters.kind !== undefined) parts.push(sql`d.kind = ${filters.kind}`);

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

/** How many passages match every word, counting no further than `atMost` (the relaxation threshold). */
export async function countAllWordMatches(
  db: DatabaseHandle,
  filters: SearchFilters,
  atMost: number,
): Promise<number> {
  const result = await sql<{ matches: string }>`
    select count(*) as matches from (
      select 1 from passages p join documents d on d.id = p.document_id
      where p.user_id = ${filters.userId} and p.tsv @@ ${tsquery(filters.text, 'and')}
        and ${passageFilters(filters, true)}
      limit ${atMost}
    ) x
  `.execute(db);
  return Number(result.rows[0]?.matches ?? 0);
}

/** One page of hits, best first (score desc, passage id asc), `limit + 1` rows to tell if more follow. */
export async function searchPage(db: DatabaseHandle, request: SearchPageRequest): Promise<SearchHit[]> {
  const query = tsquery(request.text, request.mode);
  const after =
    request.after === undefined
      ? sql`true`
      : sql`(s.score < ${request.after.score}::float8
             or (s.score = ${request.after.score}::float8 and s.id > ${request.after.passageId}::bigint))`;
  const headlineOptions = `StartSel=${MARK_START}, StopSel=${MARK_STOP}, MaxWords=35, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "`;
  const result = await sql<{
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
  }>`
    with query as (select ${query} as tsq),
    terms as (
      select distinct lexeme from unnest(tsvector_to_array(to_tsvector('english', ${request.text}))) as lexeme
    ),
    corpus as (
      select passage_count::float8 as n,
             greatest(total_length::float8 / nullif(passage_count, 0), 1) as avgdl
      from search_corpus_stats where user_id = ${request.userId}
    ),
    idf as (
      select t.lexeme, ln(1 + (c.n - t.document_frequency + 0.5) / (t.document_frequency + 0.5)) as idf
      from search_terms t cross join corpus c
      where t.user_id = ${request.userId} and t.lexeme in (select lexeme from terms)
    ),
    candidates as (
      select p.id, p.tsv, p.length
      from passages p join documents d on d.id = p.document_id cross join query
      where p.user_id = ${request.userId} and p.tsv @@ query.tsq and ${passageFilters(request, true)}
    ),
    scored as (
      select c.id,
             sum(i.idf * (e.tf * ${BM25_K1 + 1}::float8)
                 / (e.tf + ${BM25_K1}::float8 * (1 - ${BM25_B}::float8 + ${BM25_B}::float8 * c.length / corpus.avgdl))) as score
      from candidates c
      cross join corpus
      cross join lateral (select u.lexeme, cardinality(u.positions)::float8 as tf from unnest(c.tsv) u) e
      join idf i on i.lexeme = e.lexeme
      group by c.id
    ),
    page as (
      select s.id, s.score from scored s where ${after}
      order by s.score desc, s.id asc
      limit ${request.limit + 1}
    )
    select p.id, p.ordinal, p.location, p.facts, d.id as document_id, d.name, d.kind,
           d.document_date::text as document_date, page.score,
           ts_headline('english', p.body, query.tsq, ${headlineOptions}) as headline
    from page
    join passages p on p.id = page.id
    join documents d on d.id = p.document_id
    cross join query
    order by page.score desc, page.id asc
  `.execute(db);
  return result.rows.map((row) => ({
    passageId: row.id,
    ordinal: row.ordinal,
    location: row.location,
    facts: row.facts,
    documentId: row.document_id,
    documentName: row.name,
    kind: row.kind,
    documentDate: row.document_date,
    score: row.score,
    headline: row.headline,
  }));
}

/** Matching documents per kind, for the words and dates but not the type filter (to switch type). */
export async function kindFacets(
  db: DatabaseHandle,
  filters: SearchFilters,
  mode: MatchMode,
): Promise<{ kind: string; count: number }[]> {
  const result = await sql<{ kind: string; count: string }>`
    select d.kind, count(distinct d.id) as count
    from passages p join documents d on d.id = p.document_id
    where p.user_id = ${filters.userId} and p.tsv @@ ${tsquery(filters.text, mode)}
      and ${passageFilters(filters, false)}
    group by d.kind
    order by count(distinct d.id) desc, d.kind
  `.execute(db);
  return result.rows.map((row) => ({ kind: row.kind, count: Number(row.count) }));
}
