import { describe, expect, it } from 'vitest';
import { copyOf } from './corpus';
import { latencyQueries, percentile, reciprocalRank, seededRandom, wordsOf } from './queries';

const message = (id: string, subject: string, body: string) => ({
  id,
  group: 'easy-ham-1',
  eml: `From: a@example.com\nSubject: ${subject}\n\n${body}\n`,
});

const corpus = [
  message('1', 'Quarterly zebra budget review meeting', 'the budget for the zebra enclosure is ready'),
  message('2', 'Re: budget meeting', 'meeting moved to friday, budget attached'),
  message('3', 'Lunch', 'pizza or sushi today'),
  message('4', 'Falcon launch window moved again', 'the falcon launch is now next week'),
];

describe('the search bench query sets', () => {
  it('are the same for the same seed', () => {
    expect(latencyQueries(corpus, 20, 7)).toEqual(latencyQueries(corpus, 20, 7));
    expect(seededRandom(1)()).toBe(seededRandom(1)());
  });

  it('latency queries are 1–3 words of a message body', () => {
    for (const query of latencyQueries(corpus, 30, 3)) {
      const words = query.split(' ');
      expect(words.length).toBeGreaterThanOrEqual(1);
      expect(words.length).toBeLessThanOrEqual(3);
      expect(corpus.some((m) => wordsOf(m.eml).join(' ').includes(query))).toBe(true);
    }
  });

  it('copies differ by one header field', () => {
    expect(copyOf(corpus[0] as (typeof corpus)[number], 3)).toBe(`X-Trove-Bench-Copy: 3\n${corpus[0]?.eml}`);
    expect(copyOf(corpus[0] as (typeof corpus)[number], 0)).toBe(corpus[0]?.eml);
  });

  it('reciprocal rank and percentiles', () => {
    expect(reciprocalRank(['a', 'b', 'c'], 'b')).toBe(0.5);
    expect(reciprocalRank(['a'], 'z')).toBe(0);
    expect(percentile([5, 1, 3, 2, 4], 0.5)).toBe(3);
    expect(
      percentile(
        Array.from({ length: 100 }, (_, i) => i + 1),
        0.95,
      ),
    ).toBe(95);
  });
});
