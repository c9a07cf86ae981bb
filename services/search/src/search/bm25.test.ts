import { describe, expect, it } from 'vitest';
import { BM25_B, BM25_K1, bm25fFrequency, bm25fTermScore, bm25Idf, SEARCH_FIELDS } from './bm25';

describe('BM25F', () => {
  it('uses k1 1.2 and the body b 0.75', () => {
    expect([BM25_K1, BM25_B, SEARCH_FIELDS.body.b]).toEqual([1.2, 0.75, 0.75]);
  });

  it('idf is ln(1 + (N − n + 0.5)/(n + 0.5)), positive even for a word in every passage', () => {
    expect(bm25Idf(4, 1)).toBeCloseTo(Math.log(1 + 3.5 / 1.5), 12);
    expect(bm25Idf(10, 10)).toBeGreaterThan(0);
    expect(bm25Idf(100, 1)).toBeGreaterThan(bm25Idf(100, 50));
  });

  it('a body of the reference length gives tf~ = tf, and the score idf·tf~·(k1+1)/(tf~+k1)', () => {
    const frequency = bm25fFrequency({ body: { tf: 2, length: SEARCH_FIELDS.body.referenceLength } });
    expect(frequency).toBeCloseTo(2, 12);
    expect(bm25fTermScore(frequency, 1.5)).toBeCloseTo((1.5 * 2 * 2.2) / (2 + 1.2), 12);
  });

  it('more occurrences and shorter fields weigh more; absent terms add nothing', () => {
    const body = (tf: number, length: number) => bm25fFrequency({ body: { tf, length } });
    expect(body(2, 10)).toBeGreaterThan(body(1, 10));
    expect(body(1, 5)).toBeGreaterThan(body(1, 20));
    expect(bm25fFrequency({ body: { tf: 0, length: 5 } })).toBe(0);
    expect(bm25fTermScore(0, 3)).toBe(0);
  });

  it('a word in the title weighs more than in the text, and quoted text less than the own text', () => {
    const once = (field: 'title' | 'body' | 'quoted' | 'people' | 'name', length: number) =>
      bm25fFrequency({ [field]: { tf: 1, length } });
    // Each at a length usual for it: a subject of 6 words, a passage of 40.
    expect(once('title', 6)).toBeGreaterThan(once('body', 40));
    expect(once('people', 6)).toBeGreaterThan(once('body', 40));
    expect(once('quoted', 40)).toBeLessThan(once('body', 40));
    // Fields add up before saturating: title and body together beat either alone, but by less than the sum.
    const both = bm25fFrequency({ title: { tf: 1, length: 6 }, body: { tf: 1, length: 40 } });
    const scoreOf = (frequency: number) => bm25fTermScore(frequency, 1);
    expect(scoreOf(both)).toBeGreaterThan(scoreOf(once('title', 6)));
    expect(scoreOf(both)).toBeLessThan(scoreOf(once('title', 6)) + scoreOf(once('body', 40)));
  });
});
