import { describe, expect, it } from 'vitest';
import { joinPhraseMarks, MARK_START, MARK_STOP, snippetParts } from './snippet';

describe('snippetParts', () => {
  it('cuts the marked text into runs, the matches marked, the text as the file had it (no escaping)', () => {
    expect(snippetParts(`a <b> & "c" ${MARK_START}kiwi${MARK_STOP}'s`)).toEqual([
      { text: 'a <b> & "c" ', marked: false },
      { text: 'kiwi', marked: true },
      { text: "'s", marked: false },
    ]);
  });

  it('joins neighbouring runs of one kind and drops empty ones', () => {
    expect(snippetParts(`${MARK_START}in${MARK_STOP}${MARK_START}voice${MARK_STOP}`)).toEqual([
      { text: 'invoice', marked: true },
    ]);
    expect(snippetParts('')).toEqual([]);
  });
});

describe('joinPhraseMarks (issue 38)', () => {
  const mark = (word: string) => `${MARK_START}${word}${MARK_STOP}`;
  it('marks a quoted phrase the passage holds as one run, whatever the case and the punctuation between', () => {
    const text = `The ${mark('Plum')} ${mark('orchard')}, then ${mark('plum')} and ${mark('orchard')}.`;
    expect(snippetParts(joinPhraseMarks(text, ['plum orchard']))).toEqual([
      { text: 'The ', marked: false },
      { text: 'Plum orchard', marked: true },
      { text: ', then ', marked: false },
      { text: 'plum', marked: true },
      { text: ' and ', marked: false },
      { text: 'orchard', marked: true },
      { text: '.', marked: false },
    ]);
    expect(joinPhraseMarks(`${mark('ACME')}, ${mark('Inc')}`, ['acme, inc.'])).toBe(mark('ACME, Inc'));
  });

  it('leaves words alone outside a phrase, and a one-word phrase as it is', () => {
    const text = `${mark('kiwi')} ${mark('mango')}`;
    expect(joinPhraseMarks(text, [])).toBe(text);
    expect(joinPhraseMarks(text, ['kiwi'])).toBe(text);
    expect(joinPhraseMarks(text, ['mango kiwi'])).toBe(text);
    expect(joinPhraseMarks(text, ['a.b (c)*'])).toBe(text);
  });
});
