import { describe, expect, it } from 'vitest';
import { MAX_WORDS, paragraphsOf, splitIntoPassages } from './passages';

const words = (n: number, word = 'invoice') => Array.from({ length: n }, () => word).join(' ');
const count = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe('passage splitting', () => {
  it('short paragraphs of one section share a passage', () => {
    const passages = splitIntoPassages([
      { location: 'page 1', text: words(50) },
      { location: 'page 1', text: words(60) },
    ]);
    expect(passages).toHaveLength(1);
    expect(passages[0]?.text).toBe(`${words(50)}\n\n${words(60)}`);
  });

  it('a passage never crosses a page or a section', () => {
    const passages = splitIntoPassages([
      { location: 'page 1', text: 'The end of page one.' },
      { location: 'page 2', text: 'The start of page two.' },
    ]);
    expect(passages.map((p) => [p.ordinal, p.location])).toEqual([
      [0, 'page 1'],
      [1, 'page 2'],
    ]);
  });

  it('paragraphs are not cut while they fit; passages stay within 200 words', () => {
    const passages = splitIntoPassages(
      Array.from({ length: 6 }, (_, i) => ({ location: 'section Terms', text: words(90, `w${i}`) })),
    );
    expect(passages.map((p) => count(p.text))).toEqual([180, 180, 180]);
  });

  it('a long paragraph is cut at sentence boundaries', () => {
    const sentence = `${words(29)} end.`;
    const paragraph = Array.from({ length: 10 }, () => sentence).join(' ');
    const passages = splitIntoPassages([{ location: 'page 1', text: paragraph }]);
    expect(passages.map((p) => count(p.text))).toEqual([180, 120]);
    for (const p of passages) expect(p.text.endsWith('end.')).toBe(true);
  });

  it('an amount after "Rs." is not cut from its number', () => {
    const paragraph = `${words(195)} pay Rs. 4,500 now. ${words(20)}`;
    const passages = splitIntoPassages([{ location: 'page 1', text: paragraph }]);
    expect(passages.map((p) => p.text.includes('Rs. 4,500'))).toEqual([true, false]);
  });

  it('a run-on sentence longer than a passage is cut by words', () => {
    const passages = splitIntoPassages([{ location: 'page 1', text: words(450) }]);
    expect(passages.map((p) => count(p.text))).toEqual([MAX_WORDS, MAX_WORDS, 50]);
  });

  it('plain text paragraphs are separated by blank lines', () => {
    expect(paragraphsOf('One\nline two\r\n\r\nTwo\n\n\n')).toEqual(['One\nline two', 'Two']);
  });
});
