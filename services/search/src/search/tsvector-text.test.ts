import { describe, expect, it } from 'vitest';
import { lexemeCounts } from './tsvector-text';

describe('a tsvector read from its text form', () => {
  it("counts each lexeme's positions, and the field's length as their sum", () => {
    const vector = lexemeCounts("'invoic':3,9 'renew':1 'figur':5,6,12");
    expect([...vector.counts]).toEqual([
      ['invoic', 2],
      ['renew', 1],
      ['figur', 3],
    ]);
    expect(vector.length).toBe(6);
  });

  it('reads doubled quotes and escaped backslashes inside a lexeme, and weight letters after positions', () => {
    const vector = lexemeCounts("'o''brien':2A,7 'c:\\\\temp\\\\x':4B 'a b':1");
    expect([...vector.counts]).toEqual([
      ["o'brien", 2],
      ['c:\\temp\\x', 1],
      ['a b', 1],
    ]);
  });

  it('an empty vector has no lexemes, and a stripped one counts each lexeme once', () => {
    expect(lexemeCounts('')).toEqual({ counts: new Map(), length: 0 });
    expect(lexemeCounts("'a' 'b'")).toEqual({
      counts: new Map([
        ['a', 1],
        ['b', 1],
      ]),
      length: 2,
    });
  });
});
