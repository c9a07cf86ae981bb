import { describe, expect, it } from 'vitest';
import { BM25_B, BM25_K1, bm25Idf, bm25Score, bm25TermScore } from './bm25';

describe('BM25', () => {
  it('uses k1 1.2 and b 0.75', () => {
    expect([BM25_K1, BM25_B]).toEqual([1.2, 0.75]);
  });

  it('idf is ln(1 + (N − n + 0.5)/(n + 0.5)), positive even for a word in every passage', () => {
    expect(bm25Idf(4, 1)).toBeCloseTo(Math.log(1 + 3.5 / 1.5), 12);
    expect(bm25Idf(10, 10)).toBeGreaterThan(0);
    expect(bm25Idf(100, 1)).toBeGreaterThan(bm25Idf(100, 50));
  });

  it('a term of an average-length passage scores idf·tf·(k1+1)/(tf+k1)', () => {
    expect(bm25TermScore({ tf: 2, passageLength: 10, averageLength: 10, idf: 1.5 })).toBeCloseTo(
      (1.5 * 2 * 2.2) / (2 + 1.2),
      12,
    );
  });

  it('more occurrences and shorter passages score higher; absent terms add nothing', () => {
    const corpus = { passageCount: 10, totalLength: 100 };
    const score = (tf: number, length: number) =>
      bm25Score([{ tf, documentFrequency: 3 }], { length }, corpus);
    expect(score(2, 10)).toBeGreaterThan(score(1, 10));
    expect(score(1, 5)).toBeGreaterThan(score(1, 20));
    expect(bm25Score([{ tf: 0, documentFrequency: 3 }], { length: 5 }, corpus)).toBe(0);
  });
});
