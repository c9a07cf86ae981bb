import { describe, expect, it } from 'vitest';
import { normaliseFileName, normaliseQueryText } from './query-text';

describe('normaliseQueryText', () => {
  it('turns control characters (NUL included) into spaces and collapses white space', () => {
    expect(normaliseQueryText(' tax\u0000invoice\n\t2024 ')).toBe('tax invoice 2024');
    expect(normaliseQueryText('\u0002\u0003')).toBe('');
  });

  it('keeps every other character, punctuation and scripts included', () => {
    expect(normaliseQueryText('₹1,00,000 "quoted" -not नमस्ते')).toBe('₹1,00,000 "quoted" -not नमस्ते');
  });
});

describe('normaliseFileName', () => {
  it('drops control characters, caps the length and never ends empty', () => {
    expect(normaliseFileName('a\u0000b.txt')).toBe('ab.txt');
    expect(normaliseFileName('x'.repeat(300))).toHaveLength(255);
    expect(normaliseFileName('\u0001 ')).toBe('untitled');
  });
});
