import type { DatabaseHandle } from '@trove/service-core';
import {
  type Candidate,
  candidateChecker,
  type HitRow,
  readExactForms,
  readHits,
  readNewest,
  readTerms,
} from './candidates.repository';
import {
  filterShape,
  filterValues,
  type MatchMode,
  planTerms,
  regexLiteral,
  resolveTerms,
  type SearchRequest,
  typedWords,
} from './plan';
import {
  andBranches,
  type CandidatePool,
  exactFormWindow,
  fillBranches,
  kindAndSourceFacets,
  matchMode,
  orBranches,
  pageAfter,
  scoreCandidates,
  withExactFormBonus,
} from './rank';

// A search (docs/decisions/010-search-index.md "Ranking", 020-search-postings.md, 036-search-fields.md,
// 069-posting-lists.md): plan.ts reads the request, candidates.repository.ts runs the statements, rank.ts picks
// and scores the candidates. Between the statements the service decodes the lists (issue 42 item 7).

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
  /**
   * How the hits are ordered: by score, or newest first for a search of operators alone (issue 42 item 3), whose
   * hits' `score` is then their date in microseconds since 1970 (the cursor's key).
   */
  order: 'relevance' | 'newest';
}

const hitOf = (hit: HitRow, score: number): SearchHit => ({
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
  score,
  body: hit.body,
});

/**
 * A search of operators alone ("from:rohit", "has:attachment after:2026-11-01"): the documents passing the
 * filters, newest first, a page after the cursor's key (issue 42 item 3).
 */
export async function listNewest(db: DatabaseHandle, request: SearchRequest): Promise<SearchResult> {
  const values = {
    ...filterValues(request),
    limit: request.limit + 1,
    ...(request.after === undefined
      ? {}
      : { afterKey: String(Math.trunc(request.after.score)), afterId: request.after.passageId }),
  };
  const listed = await readNewest(db, filterShape(request), values);
  const keyOf = new Map(listed.ids.map((id, at) => [id, listed.keys[at] ?? 0]));
  const hitRows = await readHits(db, request.userId, listed.ids.map(Number));
  const byCount =
    <T extends { count: number }>(label: (t: T) => string) =>
    (a: T, b: T) =>
      b.count - a.count || (label(a) < label(b) ? -1 : 1);
  return {
    mode: 'and',
    lexemes: [],
    hits: hitRows.map((hit) => hitOf(hit, keyOf.get(hit.id) ?? 0)),
    facets: [...listed.kinds].sort(byCount((facet) => facet.kind)),
    sourceFacets: [...listed.sources].sort(byCount((facet) => facet.label)),
    order: 'newest',
  };
}

/**
 * One search. Candidates come from the lists (decoded here), are checked against the filters by one
 * statement per round (all branches' next ids together), and scored with BM25F over every query word they hold.
 */
export async function searchPassages(db: DatabaseHandle, request: SearchRequest): Promise<SearchResult> {
  const shape = filterShape(request);
  const termRows = await readTerms(db, {
    userId: request.userId,
    text: request.text,
    prefixes: (request.prefixes ?? []).map((prefix) => prefix.toLowerCase()),
    excluded: request.excluded ?? [],
  });
  const passageCount = Number(termRows[0]?.passage_count ?? 0);
  const { terms, wanted, known, lexemes, isExcluded } = planTerms(resolveTerms(termRows), passageCount);

  // Filtered once per candidate, whatever the branches it comes from (null: not the user's or filtered out).
  const pool: CandidatePool = {
    filtered: Object.values(shape).some(Boolean),
    isExcluded,
    checked: new Map<number, Candidate | null>(),
    check: candidateChecker(db, shape, filterValues(request)),
  };
  const cap = request.maxCandidates;
  const andCandidates: number[] = [];
  if (request.mode !== 'or' && wanted > 0 && known === wanted) {
    const branches = andBranches(terms, cap);
    await fillBranches(branches, pool);
    andCandidates.push(...new Set(branches.flatMap((b) => b.taken)));
  }
  const andScored = scoreCandidates(andCandidates, true, terms, wanted, pool.checked);
  const andOfKind = andScored.filter(
    (s) => request.kind === undefined || s.candidate.kind === request.kind,
  ).length;
  const mode = matchMode(request.mode, wanted, andOfKind, request.minAllWordResults);
  let matches = andScored;
  if (mode === 'or' && terms.length > 0) {
    const branches = orBranches(terms, cap, pool.filtered);
    await fillBranches(branches, pool);
    const orCandidates = new Set([...andCandidates, ...branches.flatMap((b) => b.taken)]);
    matches = scoreCandidates([...orCandidates], false, terms, wanted, pool.checked);
  }

  const typed = typedWords(request.text);
  if (typed.length > 0 && matches.length > 1) {
    const held = await readExactForms(
      db,
      request.userId,
      exactFormWindow(matches).map((m) => m.candidate.id),
      typed.map((word) => `\\m${regexLiteral(word)}\\M`),
    );
    matches = withExactFormBonus(matches, held, typed.length);
  }

  const page = pageAfter(matches, request.kind, request.after, request.limit);
  const hitRows = await readHits(
    db,
    request.userId,
    page.map((m) => m.candidate.id),
  );
  const scoreOf = new Map(page.map((m) => [String(m.candidate.id), m.score]));
  return {
    mode,
    lexemes,
    hits: hitRows.map((hit) => hitOf(hit, scoreOf.get(hit.id) ?? 0)),
    ...kindAndSourceFacets(matches),
    order: 'relevance',
  };
}
