import { describe, expect, it } from 'vitest';
import { bm25Idf } from './bm25';
import type { Candidate } from './candidates.repository';
import type { Term } from './plan';
import { entryAsList, pageEntry, weightByte } from './posting-lists';
import {
  andBranches,
  bestFirst,
  branch,
  fillBranches,
  kindAndSourceFacets,
  matchMode,
  newestOf,
  orBranches,
  pageAfter,
  type Scored,
  scoreCandidates,
  TITLE_ALL_WORDS_BONUS,
  withExactFormBonus,
  withTiersFolded,
} from './rank';

const term = (lexeme: string, ids: number[], bit: number, titled: number[] = []): Term => {
  const list = entryAsList(
    pageEntry(lexeme, { ids, weights: ids.map((id) => weightByte(1, titled.includes(id))) }),
  );
  return { lexeme, grp: lexeme, list, idf: bm25Idf(100, ids.length), bit, typo: 0 };
};

const candidate = (id: number, documentId = `d${id}`, kind = 'eml'): Candidate => ({
  id,
  documentId,
  kind,
  sourceValue: 'uploads',
  sourceLabel: 'Uploads',
});

const checkedAll = (ids: number[]) => new Map(ids.map((id) => [id, candidate(id)]));

describe('ranking', () => {
  it('AND starts from the rarest word, newest first, up to the cap', () => {
    const [first] = andBranches([term('common', [1, 2, 3, 4, 5], 1), term('rare', [2, 4], 2)], 1);
    expect([...{ [Symbol.iterator]: () => (first as { ids: Iterator<number> }).ids }]).toEqual([4, 2]);
  });

  it('filling takes the ids that pass the filters, asking about each id once', async () => {
    const asked: number[][] = [];
    const checked = new Map<number, Candidate | null>();
    const b = branch([9, 8, 7, 6, 5], 2);
    await fillBranches([b], {
      filtered: true,
      isExcluded: (id) => id === 8,
      checked,
      check: async (ids) => {
        asked.push([...ids]);
        return ids.filter((id) => id % 2 === 1).map((id) => candidate(id));
      },
    });
    expect(b.taken).toEqual([9, 7]);
    expect(asked.flat()).not.toContain(8);
    expect(new Set(asked.flat()).size).toBe(asked.flat().length);
  });

  it('AND keeps only candidates holding every word; OR scores holding more words higher', () => {
    const terms = [term('alpha', [1, 2], 1), term('beta', [2, 3], 2)];
    const checked = checkedAll([1, 2, 3]);
    expect(scoreCandidates([1, 2, 3], true, terms, 2, checked).map((s) => s.candidate.id)).toEqual([2]);
    const or = scoreCandidates([1, 2, 3], false, terms, 2, checked);
    const scoreOf = (id: number) => or.find((s) => s.candidate.id === id)?.score ?? 0;
    expect(scoreOf(2)).toBeGreaterThan(scoreOf(1));
    expect(scoreOf(2)).toBeGreaterThan(scoreOf(3));
  });

  it('a title holding every word of the query doubles the score; one word in the title does not', () => {
    // Passage 1 holds both words in its title; passage 2 holds "stock" in its title and "report" in its text.
    const stock = term('stock', [1, 2], 1, [1, 2]);
    const report = term('report', [1, 2], 2, [1]);
    const scored = scoreCandidates([1, 2], true, [stock, report], 2, checkedAll([1, 2]));
    const scoreOf = (id: number) => scored.find((s) => s.candidate.id === id)?.score ?? 0;
    expect(scoreOf(1)).toBeCloseTo(scoreOf(2) * (1 + TITLE_ALL_WORDS_BONUS), 9);
    // One word alone is not "every word": its title bit changes nothing.
    const alone = scoreCandidates([1, 2], true, [stock], 1, checkedAll([1, 2]));
    expect(alone[0]?.score).toBeCloseTo(alone[1]?.score ?? 0, 9);
  });

  it('AND relaxes to OR under the minimum, never for one word or when asked for AND', () => {
    expect(matchMode('auto', 2, 1, 3)).toBe('or');
    expect(matchMode('auto', 2, 3, 3)).toBe('and');
    expect(matchMode('auto', 1, 0, 3)).toBe('and');
    expect(matchMode('and', 2, 0, 3)).toBe('and');
  });

  it('OR takes every passage of the rarer words while they stay under the cap', () => {
    const branches = orBranches(
      [term('a', [1], 1), term('b', [2, 3], 2), term('c', [4, 5, 6, 7], 4)],
      3,
      false,
    );
    expect(branches.map((b) => b.limit)).toEqual([3, Number.POSITIVE_INFINITY, 3]);
  });

  it('the words as typed multiply the score; the page keeps kind, cursor and order', () => {
    const scored: Scored[] = [1, 2, 3].map((id) => ({ candidate: candidate(id), score: 1, tier: 0 }));
    const boosted = withExactFormBonus(scored, new Map([[3, 2]]), 2);
    expect(boosted.map((s) => s.score)).toEqual([1, 1, 2]);
    expect(pageAfter(boosted, undefined, undefined, 1).map((s) => s.candidate.id)).toEqual([3, 1]);
    expect(pageAfter(boosted, undefined, { score: 1, passageId: '1' }, 5).map((s) => s.candidate.id)).toEqual(
      [2],
    );
    expect(pageAfter(boosted, 'pdf', undefined, 5)).toEqual([]);
  });

  it('facets count documents, not passages', () => {
    const scored: Scored[] = [candidate(1, 'd'), candidate(2, 'd'), candidate(3, 'e', 'pdf')].map((c) => ({
      candidate: c,
      score: 1,
      tier: 0,
    }));
    expect(kindAndSourceFacets(scored)).toEqual({
      facets: [
        { kind: 'eml', count: 1 },
        { kind: 'pdf', count: 1 },
      ],
      sourceFacets: [{ value: 'uploads', label: 'Uploads', count: 2 }],
    });
  });
});

describe('ranking with typo corrections', () => {
  it('a passage holding the words as typed ranks above one holding a correction, whatever BM25F says', () => {
    const exact = term('rate', [1, 2], 1);
    const typed = term('mortgag', [1], 2);
    const correction: Term = { ...term('mortgage', [2], 2), grp: 'mortgag', typo: 1, idf: 50 };
    const scored = scoreCandidates([1, 2], false, [exact, typed, correction], 2, checkedAll([1, 2]));
    const [first] = [...scored].sort(bestFirst);
    expect(first?.candidate.id).toBe(1);
    const folded = withTiersFolded(scored);
    expect(folded.every((s) => s.tier === 0)).toBe(true);
    const scoreOf = (id: number) => folded.find((s) => s.candidate.id === id)?.score ?? 0;
    expect(scoreOf(1)).toBeGreaterThan(scoreOf(2));
  });

  it('a corrected word counts once, by its best correction, however many near words a passage holds', () => {
    const other = term('card', [1, 2], 1);
    const meant: Term = { ...term('busi', [1, 2], 2), grp: 'busniess', typo: 1 };
    // planTerms gives a word's corrections one idf, its commonest's.
    const near: Term = { ...term('busy', [2], 2), grp: 'busniess', typo: 1, idf: meant.idf };
    const scored = scoreCandidates([1, 2], true, [other, meant, near], 2, checkedAll([1, 2]));
    const scoreOf = (id: number) => scored.find((s) => s.candidate.id === id)?.score ?? 0;
    // Passage 2 also holds "busy": no better a match for the typo than passage 1.
    expect(scoreOf(2)).toBeCloseTo(scoreOf(1), 9);
  });

  it('AND’s title branch counts a corrected word’s lists together', () => {
    // The common word's titles are many; the corrected word's two lists hold one titled passage each.
    const common = term('razor', [1, 2, 3, 4, 5, 6], 1, [1, 2, 3, 4, 5, 6]);
    const one: Term = { ...term('releas', [2, 3, 4, 5], 2, [2]), grp: 'reelas', typo: 1 };
    const two: Term = { ...term('relea', [6], 2, [6]), grp: 'reelas', typo: 1 };
    const branches = andBranches([common, one, two], 2);
    const titled = branches[1];
    expect(titled).toBeDefined();
    expect([...{ [Symbol.iterator]: () => (titled as { ids: Iterator<number> }).ids }]).toEqual([6, 2]);
  });
});

describe('lists merged newest first (a prefix, a typo’s corrections)', () => {
  it('each id once, highest first, titled only when asked', () => {
    const a = term('inv', [1, 4, 9, 12], 1, [4, 12]).list;
    const b = term('invoic', [2, 4, 10], 1, [10]).list;
    const c = term('invest', [3, 12], 1).list;
    expect([...newestOf([a, b, c], false)]).toEqual([12, 10, 9, 4, 3, 2, 1]);
    expect([...newestOf([a, b, c], true)]).toEqual([12, 10, 4]);
    expect([...newestOf([b], false)]).toEqual([10, 4, 2]);
  });

  it('reads no further into any list than the ids taken', () => {
    let read = 0;
    const counting = (ids: number[]) => ({
      *idsNewestFirst() {
        for (const id of ids) {
          read++;
          yield id;
        }
      },
    });
    const long = Array.from({ length: 10_000 }, (_, at) => 20_000 - 2 * at);
    const merged = newestOf([counting(long), counting(long.map((id) => id - 1))], false);
    const firstThree = [merged.next().value, merged.next().value, merged.next().value];
    expect(firstThree).toEqual([20_000, 19_999, 19_998]);
    expect(read).toBeLessThan(10);
  });
});
