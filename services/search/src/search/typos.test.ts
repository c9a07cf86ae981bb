import { describe, expect, it } from 'vitest';
import {
  allowedEdits,
  corrections,
  editDistance,
  spelledAs,
  typoDistance,
  typoWords,
  writtenForms,
} from './typos';

/** typoDistance as it was written first: every written form's distance from scratch (the oracle). */
function typoDistanceFromScratch(word: string, stem: string, lexeme: string, limit: number) {
  let edits = Math.min(editDistance(stem, lexeme, limit), limit + 1);
  let forms: string[] = [];
  for (const form of writtenForms(lexeme)) {
    if (form === word || Math.abs([...form].length - [...word].length) > limit) continue;
    const distance = editDistance(word, form, limit);
    if (distance < edits) {
      edits = distance;
      forms = [form];
    } else if (distance === edits && distance <= limit) forms.push(form);
  }
  return edits > limit ? { edits: limit + 1, forms: [] } : { edits, forms };
}

describe('typo tolerance rules', () => {
  it('a lexeme’s forms share their base’s rows: the same distances and forms as each form from scratch', () => {
    const lexemes = [
      'run',
      'make',
      'privaci',
      'investig',
      'go',
      'get',
      'wed',
      'mortgag',
      'hot',
      'septic',
      'abl',
    ];
    const typed = [
      'runnkng',
      'makijg',
      'privay',
      'investigstor',
      'goingg',
      'gettnig',
      'weddiing',
      'morgages',
      'hotest',
      'septtic',
      'ables',
      'runing',
      'mkaing',
      'investigatr',
      'gos',
      'getst',
    ];
    let compared = 0;
    for (const lexeme of lexemes)
      for (const word of typed)
        for (const limit of [1, 2]) {
          const stem = word.slice(0, Math.max(2, word.length - 2));
          expect(typoDistance(word, stem, lexeme, limit)).toEqual(
            typoDistanceFromScratch(word, stem, lexeme, limit),
          );
          compared++;
        }
    expect(compared).toBe(lexemes.length * typed.length * 2);
  });

  it('5–8 letters allow one edit, 9 or more two, fewer none; a word with digits none', () => {
    expect(['razr', 'razor', 'mortgage', 'agreement'].map(allowedEdits)).toEqual([0, 1, 1, 2]);
    expect(allowedEdits('invoice2026')).toBe(0);
  });

  it('a swap of neighbouring letters is one edit (Damerau), as are a drop, a double and a wrong key', () => {
    expect(editDistance('mortgage', 'motrgage', 2)).toBe(1);
    expect(editDistance('mortgage', 'morgage', 2)).toBe(1);
    expect(editDistance('mortgage', 'mortgagge', 2)).toBe(1);
    expect(editDistance('mortgage', 'mortgahe', 2)).toBe(1);
    expect(editDistance('agreement', 'aggreemnet', 2)).toBe(2);
    // Past the limit it answers limit + 1 without finishing.
    expect(editDistance('mortgage', 'xyz', 1)).toBe(2);
  });

  it('a 4-letter word may take one edit, only should the index not hold it; 3 letters none', () => {
    expect(typoWords({ words: ['razr', 'rzr', 'razor'], phrases: [], subject: [], prefixes: [] })).toEqual([
      { word: 'razr', edits: 1, unknownOnly: true },
      { word: 'razor', edits: 1 },
    ]);
  });

  it('only plain words are corrected: not phrases, operator values or prefixes', () => {
    const words = typoWords({
      words: ['morgage', 'rates', 'quoted', 'phrase', 'subjectword', 'prefixed', 'a1b2c3d'],
      phrases: ['quoted phrase'],
      subject: ['subjectword'],
      prefixes: ['prefixed'],
    });
    expect(words).toEqual([
      { word: 'morgage', edits: 1 },
      { word: 'rates', edits: 1 },
    ]);
  });

  it('a correction keeps the first letter and stays within the edits the typed word allows', () => {
    const found = corrections(
      [{ word: 'morgage', edits: 1 }],
      [
        { word: 'morgage', stem: 'morgag', lexeme: 'mortgag' },
        { word: 'morgage', stem: 'morgag', lexeme: 'norgag' },
        { word: 'morgage', stem: 'morgag', lexeme: 'morgag' },
        { word: 'morgage', stem: 'morgag', lexeme: 'mortgagor' },
      ],
    );
    expect(found).toEqual([
      { word: 'morgage', stem: 'morgag', lexeme: 'mortgag', edits: 1, forms: ['mortgage'] },
    ]);
  });

  it('a typo of a word the stemmer cuts is measured against the word, not its stem', () => {
    // "investigator" is indexed as "investig", four edits from the typo as typed and as stemmed.
    expect(typoDistance('investigstor', 'investigstor', 'investig', 2)).toEqual({
      edits: 1,
      forms: ['investigator'],
    });
    expect(typoDistance('runnkng', 'runnkng', 'run', 1)).toEqual({ edits: 1, forms: ['running'] });
    expect(typoDistance('makijg', 'makijg', 'make', 1)).toEqual({ edits: 1, forms: ['making'] });
    expect(typoDistance('privay', 'privay', 'privaci', 1)).toEqual({ edits: 1, forms: ['privacy'] });
    expect(writtenForms('secur')).toContain('security');
    // A form spelt exactly as typed ("sept" doubled, then "ic") is the endings' guess, not a word: never 0 edits.
    expect(typoDistance('septtic', 'septtic', 'sept', 1)).toEqual({ edits: 1, forms: ['septic'] });
    // Still never the first letter, and no further than the word allows.
    expect(
      corrections(
        [{ word: 'nvestigator', edits: 2 }],
        [{ word: 'nvestigator', stem: 'nvestig', lexeme: 'investig' }],
      ),
    ).toEqual([]);
    expect(typoDistance('invstgator', 'invstgat', 'investig', 1).edits).toBe(2);
  });

  it('a corrected stem reads as the results write it', () => {
    expect(spelledAs('mortgag', ['Mortgage rates', 'mortgages and a mortgage'])).toBe('mortgage');
    expect(spelledAs('zzzz', ['nothing here'])).toBe('zzzz');
    // A short stem has many forms: the one nearest the word as typed, then the commonest (ADR 232).
    expect(spelledAs('go', ['Here we go, go, go', 'going again'], 'goingg')).toBe('going');
    expect(spelledAs('go', ['Here we go, go, go', 'going again'])).toBe('go');
  });
});
