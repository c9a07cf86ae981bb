import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BLOCK_POSTINGS,
  BlockList,
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
