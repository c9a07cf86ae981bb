import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BLOCK_POSTINGS,
  BlockList,
  compareLexemes,
  decodePage,
  encodePage,
  entryAsList,
  entryList,
  PAGE_BYTES,
  pageHoldsAny,
  type PageEntry,
  pageEntry,
  splitPage,
  decodeBlock,
  emptyList,
  encodeBlocks,
  type EncodedBlock,
  encodePostings,
  lastIdOf,
  spanOf,
  isTitled,
  weightByte,
  weightIn,
  weightOf,
} from './posting-lists';

describe('posting lists', () => {
  it('a weight byte keeps the title flag and the weight within half a step (3.2 %)', () => {
    for (const weight of [0.06, 0.47, 1, 2.5, 5.3, 48, 120]) {
      for (const titled of [false, true]) {
        const byte = weightByte(weight, titled);
        expect(byte).toBeGreaterThanOrEqual(0);
        expect(byte).toBeLessThan(256);
        expect(isTitled(byte)).toBe(titled);
        expect(Math.abs(weightOf(byte) / weight - 1)).toBeLessThan(0.032);
      }
    }
    // Out of range: clamped, never another flag.
    expect(isTitled(weightByte(1e6, false))).toBe(false);
    expect(weightOf(weightByte(0, false))).toBeGreaterThan(0);
  });

  it('blocks decode to the ids and weights encoded, gaps of any size (bigint ids past 2^32)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 2 ** 40 }), { minLength: 1, maxLength: 700 }),
        (raw) => {
          const ids = [...raw].sort((a, b) => a - b);
          const weights = ids.map((id) => id % 256);
          const blocks = encodeBlocks({ ids, weights });
          expect(blocks.length).toBe(Math.ceil(ids.length / BLOCK_POSTINGS));
          const decoded = emptyList();
          for (const block of blocks) {
            expect(block.count).toBeLessThanOrEqual(BLOCK_POSTINGS);
            decodeBlock(block.firstId, block.postings, decoded);
            expect(decoded.ids.at(-1)).toBe(block.lastId);
          }
          expect(decoded).toEqual({ ids, weights });
        },
      ),
    );
  });

  it('bytes appended after a block’s last id continue it', () => {
    const first = encodePostings(100, [100, 130], [1, 2]);
    const more = encodePostings(130, [131, 100_000], [3, 4]);
    const list = emptyList();
    decodeBlock(100, Buffer.concat([first, more]), list);
    expect(list).toEqual({ ids: [100, 130, 131, 100_000], weights: [1, 2, 3, 4] });
    expect(weightIn(list, 131)).toBe(3);
    expect(weightIn(list, 132)).toBe(-1);
  });

  it('a span past an int4 is stored as −1, and the last id is then read from the postings', () => {
    const [near] = encodeBlocks({ ids: [10, 2_000_000_010], weights: [1, 2] });
    const [far] = encodeBlocks({ ids: [10, 3_000_000_010], weights: [1, 2] });
    expect(spanOf(near as EncodedBlock)).toBe(2_000_000_000);
    expect(spanOf(far as EncodedBlock)).toBe(-1);
    expect(lastIdOf(10, 2_000_000_000, near?.postings ?? Buffer.alloc(0))).toBe(2_000_000_010);
    expect(lastIdOf(10, -1, far?.postings ?? Buffer.alloc(0))).toBe(3_000_000_010);
  });

  it('a small gap costs one byte and a posting two', () => {
    expect(encodePostings(10, [10, 11, 137], [0, 0, 0]).length).toBe(6);
  });

  it('refuses ids out of order rather than writing a list it cannot read', () => {
    expect(() => encodePostings(10, [12, 11], [0, 0])).toThrow(/out of order/);
    expect(() => encodePostings(10, [9], [0])).toThrow(/out of order/);
  });
});

describe('BlockList', () => {
  it('looks ids up across blocks and walks them newest first', () => {
    const ids = Array.from({ length: 600 }, (_, index) => 5 + index * 3);
    const weights = ids.map((id) => id % 200);
    const blocks = encodeBlocks({ ids, weights });
    const list = new BlockList(
      blocks.map((block) => block.firstId),
      blocks.map((block) => block.postings.length),
      Buffer.concat(blocks.map((block) => block.postings)),
      ids.length,
    );
    for (const id of [5, 8, 770, 5 + 599 * 3]) expect(list.weightOf(id)).toBe(id % 200);
    for (const id of [4, 6, 771, 5 + 600 * 3]) expect(list.weightOf(id)).toBe(-1);
    expect([...list.idsNewestFirst()]).toEqual([...ids].reverse());
    const titled = ids.filter((id) => isTitled(id % 200));
    expect([...list.idsNewestFirst(true)]).toEqual([...titled].reverse());
    expect(list.titledCount(10)).toBe(Math.min(10, titled.length));
    expect(list.titledCount(10_000)).toBe(titled.length);
  });
});

describe('pages of short lists', () => {
  const entry = (lexeme: string, ids: number[]) =>
    pageEntry(lexeme, { ids, weights: ids.map((id) => id % 256) });

  it('a page keeps each entry: lexeme (any script), count, first id and postings', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 12, unit: 'grapheme' }), { maxLength: 30 }),
        fc.array(fc.integer({ min: 1, max: 2 ** 40 }), { minLength: 1, maxLength: 15 }),
        (lexemes, rawIds) => {
          const ids = [...new Set(rawIds)].sort((a, b) => a - b);
          const entries = lexemes
            .map((lexeme) => entry(lexeme, ids))
            .sort((a, b) => compareLexemes(a.lexeme, b.lexeme));
          const decoded = decodePage(encodePage(entries));
          expect(decoded.map((e) => e.lexeme)).toEqual(entries.map((e) => e.lexeme));
          for (const e of decoded) {
            expect(e.count).toBe(ids.length);
            expect(entryList(e).ids).toEqual(ids);
            expect(entryAsList(e).weightOf(ids[0] as number)).toBe((ids[0] as number) % 256);
          }
        },
      ),
    );
  });

  it('orders lexemes by their UTF-8 bytes, as PostgreSQL\'s "C" collation orders the pages\' keys', () => {
    // U+FF5E sorts before U+1F600 in UTF-8 (and in code points), after it in UTF-16 code units.
    const words = ['zebra', '\u{1F600}x', '\uFF5Ey', 'apple', 'äpfel', 'apple1'];
    const sorted = [...words].sort(compareLexemes);
    expect(sorted).toEqual(
      [...words].sort((a, b) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'))),
    );
    expect(sorted.indexOf('\uFF5Ey')).toBeLessThan(sorted.indexOf('\u{1F600}x'));
  });

  it('a page that fits stays one; a bigger one is cut in order into parts of at most PAGE_BYTES', () => {
    const few = ['kiwi', 'lime', 'mango'].map((word) => entry(word, [1, 2, 3]));
    expect(splitPage(few)).toHaveLength(1);
    const many: PageEntry[] = Array.from({ length: 80 }, (_, at) =>
      entry(`word${String(at).padStart(3, '0')}`, [at + 1, at + 9]),
    );
    const parts = splitPage(many);
    expect(parts.length).toBeGreaterThan(1);
    const back = parts.flatMap((part) => decodePage(part.bytes));
    expect(back.map((e) => e.lexeme)).toEqual(many.map((e) => e.lexeme));
    for (const part of parts) {
      expect(part.bytes.length).toBeLessThanOrEqual(PAGE_BYTES);
      expect(part.firstLexeme).toBe(decodePage(part.bytes)[0]?.lexeme);
    }
    // One entry bigger than a page is a page of its own.
    const huge = entry('x'.repeat(PAGE_BYTES * 2), [5]);
    expect(splitPage([huge]).map((part) => decodePage(part.bytes).length)).toEqual([1]);
  });

  it('a page says whether it holds any of some ids without decoding its lexemes', () => {
    const bytes = encodePage([
      entry('ash', [3, 40, 41]),
      entry('birch', [7, 90]),
      entry('cedar', [500, 900]),
    ]);
    expect(pageHoldsAny(bytes, new Set([40]), 40, 40)).toBe(true);
    expect(pageHoldsAny(bytes, new Set([90, 91]), 90, 91)).toBe(true);
    expect(pageHoldsAny(bytes, new Set([42, 89]), 42, 89)).toBe(false);
    expect(pageHoldsAny(bytes, new Set([901]), 901, 901)).toBe(false);
    expect(pageHoldsAny(bytes, new Set([1, 2]), 1, 2)).toBe(false);
    expect(pageHoldsAny(Buffer.alloc(0), new Set([1]), 1, 1)).toBe(false);
  });

  it('an entry read from a page is written back byte for byte', () => {
    const entries = ['ash', 'birch', 'cedar'].map((word, at) => entry(word, [at + 1, at + 100, at + 70_000]));
    const bytes = encodePage(entries);
    expect(encodePage(decodePage(bytes)).equals(bytes)).toBe(true);
  });
});
