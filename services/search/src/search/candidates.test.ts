import { describe, expect, it } from 'vitest';
import { candidates } from './search.service';

const plan = (terms: [string, number][]) => ({
  allWords: 0,
  andBound: Math.min(...terms.map(([, df]) => df)),
  orBound: terms.reduce((sum, [, df]) => sum + df, 0),
  terms: terms.map(([lexeme, documentFrequency]) => ({ lexeme, documentFrequency })),
});

describe('which passages are scored (the candidate cap)', () => {
  it('every match while the words match at most the cap', () => {
    expect(
      candidates(
        'and',
        plan([
          ['kiwi', 600],
          ['list', 900],
        ]),
        1000,
      ),
    ).toEqual({});
    expect(
      candidates(
        'or',
        plan([
          ['kiwi', 400],
          ['list', 600],
        ]),
        1000,
      ),
    ).toEqual({});
  });

  it('AND: the first N when even the rarest word is in more passages', () => {
    expect(
      candidates(
        'and',
        plan([
          ['list', 28000],
          ['mail', 27000],
        ]),
        1000,
      ),
    ).toEqual({ candidateCap: 1000 });
  });

  it('OR: the rarer words while they give at most N, every word still scored', () => {
    expect(
      candidates(
        'or',
        plan([
          ['list', 28000],
          ['zebra', 3],
          ['kiwi', 400],
          ['mango', 700],
        ]),
        1000,
      ),
    ).toEqual({
      candidateLexemes: ['zebra', 'kiwi'],
    });
    expect(
      candidates(
        'or',
        plan([
          ['list', 28000],
          ['nothere', 0],
          ['mail', 27000],
        ]),
        1000,
      ),
    ).toEqual({
      candidateLexemes: ['mail'],
      candidateCap: 1000,
    });
  });
});
