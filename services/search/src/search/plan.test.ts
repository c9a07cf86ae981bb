import { describe, expect, it } from 'vitest';
import {
  filterShape,
  filterValues,
  PREFIX_EXPANSIONS,
  planTerms,
  type ResolvedTerm,
  resolveTerms,
  type TermRow,
  typedWords,
  wordStart,
} from './plan';
import { encodePage, entryAsList, pageEntry, weightByte } from './posting-lists';

const list = (lexeme: string, ids: number[]) =>
  entryAsList(
    pageEntry(lexeme, {
      ids,
      weights: ids.map(() => weightByte(1, false)),
    }),
  );

const row = (fields: Partial<TermRow>): TermRow => ({
  lexeme: '',
  grp: '',
  excluded: false,
  passage_count: '10',
  prefix: null,
  firsts: null,
  sizes: null,
  postings: null,
  df: null,
  page: null,
  ...fields,
});

describe('the plan of a search', () => {
  it('typed words are lower case, once each, without one-letter words', () => {
    expect(typedWords('Invoice a INVOICE, march-2026 x')).toEqual(['invoice', 'march', '2026']);
  });

  it('a name matches from the start of a word and its punctuation is literal', () => {
    expect(new RegExp(wordStart('ann').replace('[^[:alnum:]]', '[^a-z0-9]'), 'i').test('Joanna')).toBe(false);
    expect(wordStart('a.b')).toBe('(^|[^[:alnum:]])a\\.b');
  });

  it('the filter shape says which filters are present, and their values fill the rest with open ranges', () => {
    const request = { userId: 'u', text: 'x', sender: 'ann', phrases: ['net 30'] };
    expect(filterShape(request)).toMatchObject({ sender: true, phrases: true, dates: false, title: false });
    expect(Object.values(filterShape({ userId: 'u', text: 'x' })).some(Boolean)).toBe(false);
    const values = filterValues(request);
    expect(values.from).toBe('0001-01-01');
    expect(values.to).toBe('9999-12-31');
    expect(values.phrasePatterns).toEqual(['\\mnet[^[:alnum:]]+30\\M']);
    expect(values.senderPattern).toBe(wordStart('ann'));
  });

  it("a prefix's short lists join its group, the most frequent first, up to PREFIX_EXPANSIONS", () => {
    const entries = Array.from({ length: PREFIX_EXPANSIONS + 4 }, (_, at) =>
      pageEntry(`inv${String.fromCharCode(97 + at)}`, {
        ids: Array.from({ length: 1 + (at % 5) }, (_, i) => i + 1),
        weights: Array.from({ length: 1 + (at % 5) }, () => weightByte(1, false)),
      }),
    );
    const page = encodePage(entries);
    const resolved = resolveTerms([row({ lexeme: '', grp: '*inv', prefix: 'inv', page })]);
    expect(resolved).toHaveLength(PREFIX_EXPANSIONS);
    expect(resolved.every((term) => term.grp === '*inv')).toBe(true);
    const counts = resolved.map((term) => term.list?.documentFrequency ?? 0);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('a word in no passage is asked but not known; an excluded word leaves the passages holding it', () => {
    const resolved: ResolvedTerm[] = [
      { lexeme: 'invoic', grp: 'invoic', excluded: false, list: list('invoic', [1, 2, 3]) },
      { lexeme: 'zzz', grp: 'zzz', excluded: false, list: undefined },
      { lexeme: 'draft', grp: '-1', excluded: true, list: list('draft', [2]) },
    ];
    const plan = planTerms(resolved, 10);
    expect(plan.wanted).toBe(2);
    expect(plan.known).toBe(1);
    expect(plan.terms.map((term) => term.lexeme)).toEqual(['invoic']);
    expect(plan.lexemes).toEqual(['invoic', 'zzz']);
    expect([1, 2, 3].map(plan.isExcluded)).toEqual([false, true, false]);
  });

  it('an excluded word in no passage excludes nothing', () => {
    const plan = planTerms([{ lexeme: 'nope', grp: '-1', excluded: true, list: undefined }], 10);
    expect(plan.isExcluded(1)).toBe(false);
  });

  it('a typed word’s corrections weigh as one word, at the idf of the commonest of them', () => {
    const resolved: ResolvedTerm[] = [
      { lexeme: 'busniess', grp: 'busniess', excluded: false, list: undefined },
    ];
    const plan = planTerms(resolved, 100, [
      { grp: 'busniess', lexeme: 'busi', edits: 1, list: list('busi', [1, 2, 3, 4]) },
      { grp: 'busniess', lexeme: 'busy', edits: 1, list: list('busy', [5]) },
    ]);
    const [busi, busy] = plan.terms;
    expect(busi?.idf).toBeGreaterThan(0);
    expect(busy?.idf).toBe(busi?.idf);
  });
});
