import { describe, expect, it } from 'vitest';
import { splitQuoted } from './quoted-text';

describe('splitQuoted', () => {
  it('puts "> " lines and their attribution apart from the mail’s own lines, markers removed', () => {
    const text = 'Sounds good.\n\nOn Mon, 2 Sep 2002, Ann Lee wrote:\n> Shall we meet?\n>> At noon\nSee you.';
    expect(splitQuoted(text)).toEqual({
      own: 'Sounds good.\n\nSee you.',
      quoted: 'On Mon, 2 Sep 2002, Ann Lee wrote:\nShall we meet?\nAt noon',
    });
  });

  it('a text without quotes is all its own', () => {
    expect(splitQuoted('a > b is fine\nnot a quote')).toEqual({
      own: 'a > b is fine\nnot a quote',
      quoted: '',
    });
  });
});
