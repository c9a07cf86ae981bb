import { describe, expect, it } from 'vitest';
import { MARK_START, MARK_STOP, snippetParts } from './snippet';

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
