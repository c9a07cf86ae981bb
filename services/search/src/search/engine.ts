import type { DatabaseHandle } from '@trove/service-core';
import {
  type Candidate,
  candidateChecker,
  type HitRow,
  readExactForms,
  readHits,
  readNearestWords,
  readNewest,
  readTerms,
} from './candidates.repository';
import { stemOf } from './highlight';
import {
  type CorrectedTerm,
  filterShape,
  filterValues,
  type MatchMode,
  type PrefixExpansion,
  planTerms,
  type ResolvedTerm,
  regexLiteral,
  resolveTerms,
  type SearchRequest,
  typedWords,
} from './plan';
import type { BlockList } from './posting-lists';
import { readLists } from './posting-lists.repository';
import {
  andBranches,
  bestFirst,
  type CandidatePool,
  EXACT_FORM_WINDOW,
  exactFormWindow,
  fillBranches,
  kindAndSourceFacets,
  matchMode,
  orBranches,
  pageAfter,
  type Scored,
  scoreCandidates,
  withExactFormBonus,
  withTiersFolded,
} from './rank';
import { CORRECTIONS_PER_WORD, corrections, spelledAs } from './typos';

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
  /** Typed words found as corrections (typos.ts): "Showing results for mortgage". */
  corrections?: { word: string; correction: string }[];
  /** What each `word*` stood for (issue 42 item 2). */
  prefixes?: PrefixExpansion[];
}

/**
 * The corrections of the typed words that are in no passage of the user as typed (docs/decisions/140): the
 * dictionary's nearest words within the edits each allows, with their lists, the nearest CORRECTIONS_PER_WORD
 * (then the most frequent) of each word. A word the user's index holds is searched as typed.
 */
async function correctionsOf(
  db: DatabaseHandle,
  request: SearchRequest,
  resolved: readonly ResolvedTerm[],
): Promise<(CorrectedTerm & { word: string })[]> {
  const known = new Set(resolved.filter((row) => row.list !== undefined).map((row) => row.lexeme));
  const asked = new Set(resolved.map((row) => row.lexeme));
  // The service's stemmer first: a word whose stem the index holds needs no round trip.
  const words = (request.typoWords ?? []).filter((word) => !known.has(stemOf(word.word)));
  if (words.length === 0) return [];
  const nearest = await readNearestWords(
    db,
    request.userId,
    words.map((word) => word.word),
    NEAREST_PER_WORD,
  );
  const found = corrections(
    words,
    nearest.filter((row) => asked.has(row.stem) && !known.has(row.stem)),
  );
  const userNo = nearest[0]?.user_no;
  if (found.length === 0 || userNo === undefined) return [];
  const lists = await readLists(
    db,
    userNo,
    found.map((correction) => correction.lexeme),
  );
  const kept: (CorrectedTerm & { word: string })[] = [];
  for (const word of words) {
    const mine = found
      .filter((correction) => correction.word === word.word && lists.has(correction.lexeme))
      .map((correction) => ({ ...correction, list: lists.get(correction.lexeme) as BlockList }))
      .sort((a, b) => a.edits - b.edits || b.list.documentFrequency - a.list.documentFrequency)
      .slice(0, CORRECTIONS_PER_WORD);
    kept.push(
      ...mine.map((c) => ({ word: c.word, grp: c.stem, lexeme: c.lexeme, edits: c.edits, list: c.list })),
    );
  }
  return kept;
}

/** How many dictionary words nearest a typed word are read, before the edit distance sorts them out. */
const NEAREST_PER_WORD = 24;

/**
 * Each corrected word with the correction the best match holds, spelt as the results write it; a word none of
 * the matches holds by a correction is left out.
 */
function spelledCorrections(
  corrected: readonly (CorrectedTerm & { word: string })[],
  matches: readonly Scored[],
  hits: readonly HitRow[],
): { word: string; correction: string }[] {
  if (corrected.length === 0 || matches.length === 0) return [];
  const best = [...matches].sort(bestFirst).slice(0, EXACT_FORM_WINDOW);
  const texts = hits.flatMap((hit) => [hit.title ?? '', hit.body]);
  const out: { word: string; correction: string }[] = [];
  for (const word of new Set(corrected.map((c) => c.word))) {
    const mine = corrected.filter((c) => c.word === word);
    const used = mine.find((c) => best.some((m) => c.list.weightOf(m.candidate.id) >= 0));
    if (used !== undefined) out.push({ word, correction: spelledAs(used.lexeme, texts) });
  }
  return out;
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
  const prefixes: PrefixExpansion[] = [];
  const resolved = resolveTerms(termRows, prefixes);
  const corrected = await correctionsOf(db, request, resolved);
  const { terms, wanted, known, lexemes, isExcluded } = planTerms(resolved, passageCount, corrected);

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

  matches = withTiersFolded(matches);
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
    corrections: spelledCorrections(corrected, matches, hitRows),
    prefixes,
  };
}
