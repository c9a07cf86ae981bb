import type { DatabaseHandle } from '@trove/service-core';
import {
  type Candidate,
  candidateChecker,
  type HitRow,
  readExactForms,
  readHits,
  readTerms,
} from './candidates.repository';
import { correctionsOf, spelledCorrections, type WordCorrection } from './corrections';
import { type PeopleAndPeriods, readPeopleAndPeriods } from './facets.repository';
import { readNewest } from './newest.repository';
import {
  filterShape,
  filterValues,
  type MatchMode,
  type PrefixExpansion,
  planTerms,
  regexLiteral,
  resolveTerms,
  type SearchRequest,
  type TermPlan,
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
  type Scored,
  scoreCandidates,
  withExactFormBonus,
  withTiersFolded,
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
  /** Typed words found as corrections (typos.ts): "Showing results for mortgage". */
  corrections?: { word: string; correction: string }[];
  /** What each `word*` stood for (issue 42 item 2). */
  prefixes?: PrefixExpansion[];
  /** Who sent the matching documents and when, over the whole match set (issue 42 item 4). */
  people: PeopleAndPeriods;
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
    people: listed.people,
  };
}

/**
 * The AND pass: the candidates holding every query word (rank.ts's branches), scored; how many are of the
 * kind asked decides the relaxation to OR.
 */
async function allWords(
  plan: TermPlan,
  pool: CandidatePool,
  cap: number,
  kind: string | undefined,
): Promise<{ candidates: number[]; scored: Scored[]; ofKind: number }> {
  const candidates: number[] = [];
  if (plan.wanted > 0 && plan.known === plan.wanted) {
    const branches = andBranches(plan.terms, cap);
    await fillBranches(branches, pool);
    candidates.push(...new Set(branches.flatMap((b) => b.taken)));
  }
  const scored = scoreCandidates(candidates, true, plan.terms, plan.wanted, pool.checked);
  const ofKind = scored.filter((s) => kind === undefined || s.candidate.kind === kind).length;
  return { candidates, scored, ofKind };
}

/**
 * A typed word as the passages may hold it: as typed, or a corrected word as the written forms of its
 * corrections it is a typo of ("reelased" → released), so the exact-form bonus goes to what was meant.
 */
function exactFormPattern(word: string, corrected: readonly WordCorrection[]): string {
  const forms = new Set([word, ...corrected.filter((c) => c.word === word).flatMap((c) => c.forms)]);
  return `\\m(${[...forms].map(regexLiteral).join('|')})\\M`;
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
  let corrected = await correctionsOf(db, request, resolved, false);
  let plan = planTerms(resolved, passageCount, corrected);

  // Filtered once per candidate, whatever the branches it comes from (null: not the user's or filtered out).
  const pool: CandidatePool = {
    filtered: Object.values(shape).some(Boolean),
    isExcluded: (id) => plan.isExcluded(id),
    checked: new Map<number, Candidate | null>(),
    check: candidateChecker(db, shape, filterValues(request)),
  };
  const cap = request.maxCandidates;
  let and = await allWords(plan, pool, cap, request.kind);
  // Nothing holds every word as typed: a misspelling may be some other message's word ("morgage" in one
  // spam), so the words the index holds are corrected too (docs/decisions/140). The same on every page: the
  // AND pass runs whatever mode the cursor kept.
  if (and.ofKind === 0 && (request.typoWords?.length ?? 0) > 0 && plan.wanted > 0) {
    const more = await correctionsOf(db, request, resolved, true);
    if (more.length > corrected.length) {
      corrected = more;
      plan = planTerms(resolved, passageCount, corrected);
      and = await allWords(plan, pool, cap, request.kind);
    }
  }
  const { terms, wanted, lexemes } = plan;
  const mode = matchMode(request.mode, wanted, and.ofKind, request.minAllWordResults);
  let matches = request.mode === 'or' ? [] : and.scored;
  if (mode === 'or' && terms.length > 0) {
    const branches = orBranches(terms, cap, pool.filtered);
    await fillBranches(branches, pool);
    const andCandidates = request.mode === 'or' ? [] : and.candidates;
    const orCandidates = new Set([...andCandidates, ...branches.flatMap((b) => b.taken)]);
    matches = scoreCandidates([...orCandidates], false, terms, wanted, pool.checked);
  }

  // Senders and months over every match of the kind asked, not the page (issue 42 item 4). The set is known now
  // (the bonus below only reorders it), so the facet statement runs beside the exact forms and the hits, on a
  // connection of its own: the longest statement of a search no longer waits for the other two.
  const people = readPeopleAndPeriods(
    db,
    request.userId,
    matches
      .filter((m) => request.kind === undefined || m.candidate.kind === request.kind)
      .map((m) => m.candidate.id),
  );
  // Awaited below; a failure of the statements before that must not leave its own failure unheard.
  people.catch(() => undefined);

  const typed = typedWords(request.text);
  if (typed.length > 0 && matches.length > 1) {
    const held = await readExactForms(
      db,
      request.userId,
      exactFormWindow(matches).map((m) => m.candidate.id),
      typed.map((word) => exactFormPattern(word, corrected)),
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
    people: await people,
  };
}
