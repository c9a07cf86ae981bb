import { BM25_K1 } from './bm25';
import type { Candidate } from './candidates.repository';
import type { MatchMode, Term } from './plan';
import type { BlockList } from './posting-lists';
import { isTitled, weightOf } from './posting-lists';

// Ranking (issue 42 item 7, out of the repository): which passages are candidates (branches of the lists,
// newest first), BM25F with coordination over the query words they hold (docs/decisions/036, 066), AND relaxed
// to OR, the bonus of the words as typed (070), the page and the facets. No SQL: the caller hands in what the
// candidates statement answered.

/**
 * The index holds stems, so "promoting" also finds "promote" and "promotes". The best this many passages by
 * BM25F are read again for the words as typed (docs/decisions/070): what a person remembers is the word they
 * saw. Every page of a search reads the same window, so its order is the same whichever page asks.
 */
export const EXACT_FORM_WINDOW = 30;
/** A passage holding every typed word as typed scores (1 + this) times its BM25F; half of them, half as much. */
export const EXACT_FORM_BONUS = 1;

/**
 * A passage whose title holds every word of the query (two or more; a corrected word by any of its corrections)
 * scores (1 + this) times its BM25F (docs/decisions/240): Meilisearch's "attribute" rule, the words found
 * together in the most important field. A message is remembered by its subject; BM25F alone let a passage
 * holding one word in its title and the other ten times in its text outrank the subject that holds both.
 */
export const TITLE_ALL_WORDS_BONUS = 1;

/**
 * A filtered OR search walks a common word's list for its passages that pass the filters only while the list is
 * no longer than this many times the candidate cap (docs/decisions/072).
 */
export const FILTERED_WALK = 16;

export interface Scored {
  candidate: Candidate;
  score: number;
  /**
   * With typo corrections in the query (typos.ts): the words the passage holds, then the fewer typos, rank first
   * — an exact match always above a corrected one — as Meilisearch's "words" then "typo" rules. 0 without.
   */
  tier: number;
}

/** A tier per word held: more than the typos a passage can need (two per word at most). */
const TIER_PER_WORD = 64;

/**
 * Ids newest first, each once, from lists merged (a prefix's lexemes, a typo's corrections), optionally only
 * titled postings. Merged lazily, head by head: a branch takes a few hundred ids, and decoding every block of
 * sixteen common words' lists at ×8 to sort them (as this did) was most of an as-you-type search (ADR 221).
 */
export function* newestOf(
  lists: readonly Pick<BlockList, 'idsNewestFirst'>[],
  titledOnly: boolean,
): Generator<number> {
  if (lists.length === 1) {
    yield* (lists[0] as BlockList).idsNewestFirst(titledOnly);
    return;
  }
  const heads = lists.map((list) => {
    const ids = list.idsNewestFirst(titledOnly);
    return { ids, head: ids.next() };
  });
  let last = Number.POSITIVE_INFINITY;
  for (;;) {
    let best: (typeof heads)[number] | undefined;
    for (const at of heads) {
      if (at.head.done !== true && (best === undefined || at.head.value > (best.head.value as number)))
        best = at;
    }
    if (best === undefined) return;
    const id = best.head.value as number;
    best.head = best.ids.next();
    // The same passage in two lists comes out of both in a row: once is enough.
    if (id !== last) yield id;
    last = id;
  }
}

/** A source of candidates: ids newest first, of which the first `limit` that pass the filters are taken. */
export interface Branch {
  ids: Iterator<number>;
  limit: number;
  taken: number[];
  done: boolean;
}

export const branch = (ids: Iterable<number>, limit: number): Branch => ({
  ids: ids[Symbol.iterator](),
  limit,
  taken: [],
  done: false,
});

export const popcount = (mask: number) => {
  let count = 0;
  for (let rest = mask; rest !== 0; rest &= rest - 1) count++;
  return count;
};

/** What filling branches needs: the candidates checked so far (null: filtered out) and how to check more. */
export interface CandidatePool {
  /** Whether the search has filters that may turn candidates down (the branches then ask for more). */
  filtered: boolean;
  isExcluded: (id: number) => boolean;
  checked: Map<number, Candidate | null>;
  check: (ids: readonly number[]) => Promise<Candidate[]>;
}

/**
 * Fills the branches: each round asks the filter statement about every branch's next ids at once — as many as
 * the branch still lacks, four times more when filters may turn some down — until each has its limit or has
 * run out.
 */
export async function fillBranches(branches: readonly Branch[], pool: CandidatePool): Promise<void> {
  for (let round = 0; ; round++) {
    const asked = new Set<number>();
    const pending: [Branch, number[]][] = [];
    for (const b of branches) {
      if (b.done || b.taken.length >= b.limit) continue;
      const want = Math.min(
        (b.limit - b.taken.length) * (pool.filtered && round > 0 ? 4 ** round : 1),
        20_000,
      );
      const next: number[] = [];
      while (next.length < want) {
        const step = b.ids.next();
        if (step.done === true) {
          b.done = true;
          break;
        }
        if (pool.isExcluded(step.value)) continue;
        next.push(step.value);
        if (!pool.checked.has(step.value)) asked.add(step.value);
      }
      pending.push([b, next]);
    }
    if (pending.length === 0) return;
    if (asked.size > 0) {
      const ids = [...asked];
      const passed = await pool.check(ids);
      for (const id of ids) pool.checked.set(id, null);
      for (const candidate of passed) pool.checked.set(candidate.id, candidate);
    }
    for (const [b, next] of pending) {
      for (const id of next) {
        if (b.taken.length >= b.limit) break;
        if (pool.checked.get(id) != null) b.taken.push(id);
      }
      if (b.taken.length < b.limit && b.done) b.limit = b.taken.length;
    }
  }
}

/**
 * AND starts from the rarest word (a plain word before a prefix): its newest passages. A mailing list can put
 * that word in every message's subject ("[Razor-users] …"), so the passages whose title holds the word
 * titles hold least are scored too, whatever their age, when the rarest word has more passages than the cap.
 */
export function andBranches(terms: readonly Term[], cap: number): Branch[] {
  const byGroup = (grp: string) => terms.filter((term) => term.grp === grp);
  const groupDf = (grp: string) => byGroup(grp).reduce((sum, term) => sum + term.list.documentFrequency, 0);
  // A prefix's group merges many lists; a typed word's (its corrections too, typos.ts) is a word all the same.
  const plain = (grp: string) => !grp.startsWith('*');
  const [rarest] = [...new Set(terms.map((term) => term.grp))].sort(
    (a, b) => Number(plain(b)) - Number(plain(a)) || groupDf(a) - groupDf(b) || (a < b ? -1 : 1),
  );
  if (rarest === undefined) return [];
  const branches = [
    branch(
      newestOf(
        byGroup(rarest).map((term) => term.list),
        false,
      ),
      cap,
    ),
  ];
  if (plain(rarest) && groupDf(rarest) > cap) {
    // A plain word's group: its lexeme, or a typed word's corrections (typos.ts), whose titles count together.
    const counted = [...new Set(terms.map((term) => term.grp))].filter(plain).map((grp) => {
      const lists = byGroup(grp).map((term) => term.list);
      return {
        grp,
        lists,
        titled: lists.reduce((sum, list) => sum + list.titledCount(2 * cap), 0),
        df: groupDf(grp),
      };
    });
    counted.sort((a, b) => a.titled - b.titled || a.df - b.df || (a.grp < b.grp ? -1 : 1));
    const titleRarest = counted[0];
    if (titleRarest !== undefined) branches.push(branch(newestOf(titleRarest.lists, true), cap));
  }
  return branches;
}

/**
 * OR: the rarest lexeme's newest passages, every passage of the rarer lexemes while they add up to no more
 * than the cap, and the newest passages with any of the other lexemes in their title.
 */
export function orBranches(terms: readonly Term[], cap: number, filtered: boolean): Branch[] {
  if (terms.length === 0) return [];
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
  return [
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
}

/**
 * BM25F of the candidates over the query words they hold. Under AND a candidate missing a plain word is out:
 * the rarest words are looked up first, so most of those leave before the common words' blocks are decoded.
 */
export function scoreCandidates(
  ids: readonly number[],
  allWords: boolean,
  terms: readonly Term[],
  wanted: number,
  checked: ReadonlyMap<number, Candidate | null>,
): Scored[] {
  // A word with corrections is held by any of them (the count of groups held checks it).
  const corrected = new Set(terms.filter((term) => term.typo > 0).map((term) => term.grp));
  const plainByRarity = terms
    .filter((term) => term.grp === term.lexeme && !corrected.has(term.grp))
    .sort((a, b) => a.list.documentFrequency - b.list.documentFrequency);
  const rows: { candidate: Candidate; bm25: number; mask: number; held: Map<string, number> }[] = [];
  for (const id of ids) {
    const candidate = checked.get(id);
    if (candidate == null) continue;
    if (allWords && plainByRarity.some((term) => term.list.weightOf(id) < 0)) continue;
    let bm25 = 0;
    let mask = 0;
    // Each group held, with the fewest edits it is held by.
    const held = new Map<string, number>();
    // The groups the passage's title holds (posting-lists.ts keeps a title bit on every posting).
    const titled = new Set<string>();
    // A corrected word counts once, by its best correction: a passage holding three words near a typo is no
    // better a match for it than one holding the word meant.
    const bestCorrection = new Map<string, number>();
    for (const term of terms) {
      const weight = term.list.weightOf(id);
      if (weight < 0) continue;
      const frequency = weightOf(weight);
      const part = (term.idf * (frequency * (BM25_K1 + 1))) / (frequency + BM25_K1);
      if (corrected.has(term.grp))
        bestCorrection.set(term.grp, Math.max(bestCorrection.get(term.grp) ?? 0, part));
      else bm25 += part;
      mask |= term.bit;
      if (isTitled(weight)) titled.add(term.grp);
      held.set(term.grp, Math.min(held.get(term.grp) ?? term.typo, term.typo));
    }
    for (const part of bestCorrection.values()) bm25 += part;
    if (held.size === 0 || (allWords && held.size < wanted)) continue;
    if (wanted > 1 && titled.size >= wanted) bm25 *= 1 + TITLE_ALL_WORDS_BONUS;
    rows.push({ candidate, bm25, mask, held });
  }
  // Coordination (docs/decisions/036-search-fields.md, squared by 066): the share of the query's words the
  // passage holds and the share its document holds among the candidates, half each. 1 under AND.
  const documentMask = new Map<string, number>();
  // With corrections, the tier is the document's, as coordination is: the words its candidates hold, each by
  // the fewest edits any of them holds it.
  const documentHeld = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const documentId = row.candidate.documentId;
    documentMask.set(documentId, (documentMask.get(documentId) ?? 0) | row.mask);
    if (corrected.size === 0) continue;
    const held = documentHeld.get(documentId) ?? new Map<string, number>();
    for (const [grp, edits] of row.held) held.set(grp, Math.min(held.get(grp) ?? edits, edits));
    documentHeld.set(documentId, held);
  }
  const tierOf = (documentId: string) => {
    const held = documentHeld.get(documentId);
    if (held === undefined) return 0;
    return held.size * TIER_PER_WORD - [...held.values()].reduce((sum, edits) => sum + edits, 0);
  };
  return rows.map((row) => ({
    candidate: row.candidate,
    tier: tierOf(row.candidate.documentId),
    score:
      row.bm25 *
      ((popcount(row.mask) + popcount(documentMask.get(row.candidate.documentId) ?? 0)) / (2 * wanted)) ** 2,
  }));
}

/**
 * AND as asked, or relaxed to OR when fewer than `minAllWordResults` of the kind asked hold every word. One
 * query word has nothing to relax: its OR finds what its AND found, and the page would say that only some of
 * the words were found.
 */
export function matchMode(
  asked: MatchMode | 'auto',
  wanted: number,
  andMatchesOfKind: number,
  minAllWordResults: number,
): MatchMode {
  if (asked !== 'auto') return asked;
  return wanted !== 1 && andMatchesOfKind < minAllWordResults ? 'or' : 'and';
}

/** Best first: tier desc, score desc, then passage id asc (the cursor's keyset). */
export const bestFirst = (a: Scored, b: Scored) =>
  b.tier - a.tier || b.score - a.score || a.candidate.id - b.candidate.id;

/**
 * Folds the tier into the score, for the page and its cursor: tier + score / (1 + score), which keeps the order
 * of bestFirst in one number. Scores without a tier stay as they are.
 */
export const withTiersFolded = (matches: readonly Scored[]): Scored[] =>
  matches.map((m) => (m.tier === 0 ? m : { ...m, score: m.tier + m.score / (1 + m.score), tier: 0 }));

/** The best EXACT_FORM_WINDOW matches: those read again for the words as typed. */
export const exactFormWindow = (matches: readonly Scored[]): Scored[] =>
  [...matches].sort(bestFirst).slice(0, EXACT_FORM_WINDOW);

/** Each match holding `held` of the `typed` words as typed scores (1 + EXACT_FORM_BONUS × held / typed) more. */
export function withExactFormBonus(
  matches: readonly Scored[],
  held: ReadonlyMap<number, number>,
  typed: number,
): Scored[] {
  return matches.map((m) => {
    const count = held.get(m.candidate.id);
    return count === undefined ? m : { ...m, score: m.score * (1 + (EXACT_FORM_BONUS * count) / typed) };
  });
}

/** The page after the cursor (limit + 1, to tell whether more follow), of the kind asked. */
export function pageAfter(
  matches: readonly Scored[],
  kind: string | undefined,
  after: { score: number; passageId: string } | undefined,
  limit: number,
): Scored[] {
  const afterId = after === undefined ? 0 : Number(after.passageId);
  return matches
    .filter(
      (m) =>
        (kind === undefined || m.candidate.kind === kind) &&
        (after === undefined ||
          m.score < after.score ||
          (m.score === after.score && m.candidate.id > afterId)),
    )
    .sort(bestFirst)
    .slice(0, limit + 1);
}

/** Matching documents per kind (for the words and every filter but the type) and per source. */
export function kindAndSourceFacets(matches: readonly Scored[]): {
  facets: { kind: string; count: number }[];
  sourceFacets: { value: string; label: string; count: number }[];
} {
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
    facets: [...kinds]
      .map(([kind, documents]) => ({ kind, count: documents.size }))
      .sort((a, b) => b.count - a.count || (a.kind < b.kind ? -1 : 1)),
    sourceFacets: [...sources]
      .map(([value, source]) => ({ value, label: source.label, count: source.documents.size }))
      .sort((a, b) => b.count - a.count || (a.label < b.label ? -1 : 1)),
  };
}
