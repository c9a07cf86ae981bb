import { describe, expect, it } from 'vitest';
import { humanSize, partsLabel } from './format';

describe('human sizes', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [250 * 1024, '250 KB'],
    [2.45 * 1024 * 1024, '2.5 MB'],
    [25 * 1024 * 1024, '25 MB'],
    [3 * 1024 ** 3, '3 GB'],
  ])('%d bytes is %s', (bytes, text) => expect(humanSize(bytes)).toBe(text));
});

describe('pages or parts', () => {
  it('names what a part is for each kind', () => {
    expect(partsLabel('pdf', 2)).toBe('2 pages');
    expect(partsLabel('pdf', 1)).toBe('1 page');
    expect(partsLabel('csv', 1200)).toBe('1,200 rows');
    expect(partsLabel('docx', 3)).toBe('3 sections');
    expect(partsLabel('eml', 2)).toBe('2 parts');
    expect(partsLabel('md', null)).toBe('—');
  });
});
