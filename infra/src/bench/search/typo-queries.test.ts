import { describe, expect, it } from 'vitest';
import { seededRandom } from './queries';
import type { KnownDocument } from './relevance-queries';
import { misspell, TYPO_KINDS, typoQueries } from './typo-queries';

const documents: KnownDocument[] = Array.from({ length: 40 }, (_, at) => ({
  id: `d${at}`,
  title: `Quarterly mortgage statement ${'abcdefghij'[at % 10]}${'klmnopqrst'[Math.floor(at / 10)]}zed reminder`,
  sender: 'ann',
  body: `body ${at}`,
  day: null,
}));

describe('typo queries', () => {
  it('a misspelling keeps the first letter and is one swap, drop, double or neighbouring key away', () => {
    const random = seededRandom(1);
    for (let round = 0; round < 200; round++) {
      for (const kind of TYPO_KINDS) {
        const typo = misspell('mortgage', kind, random);
        if (typo === undefined) continue;
        expect(typo[0]).toBe('m');
        const lengths = { swap: 0, drop: -1, double: 1, neighbour: 0 } as const;
        expect(typo.length - 'mortgage'.length).toBe(lengths[kind]);
      }
    }
  });

  it('two subject words, the longer misspelt, asked of one message only, the same every run', () => {
    const queries = typoQueries(documents, 20, 7);
    expect(queries.length).toBeGreaterThan(0);
    expect(typoQueries(documents, 20, 7)).toEqual(queries);
    for (const query of queries) {
      expect(query.kind).toBe('typo');
      expect(query.query.split(' ')).toHaveLength(2);
      expect(query.relevant).toHaveLength(1);
      const title = new Set(
        documents
          .find((d) => d.id === query.relevant[0])
          ?.title.toLowerCase()
          .split(' '),
      );
      const [a, b] = query.query.split(' ') as [string, string];
      // Exactly one of the two words is not in the subject as typed: the misspelt one.
      expect([title.has(a), title.has(b)].filter(Boolean)).toHaveLength(1);
    }
  });
});
