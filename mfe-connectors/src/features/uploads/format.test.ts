import { describe, expect, it } from 'vitest';
import { humanSize, moneyLabel, partsLabel, relativeTime } from './format';

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

describe('relative uploaded-at', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  it.each([
    ['2026-11-23T11:59:30Z', 'just now'],
    ['2026-11-23T11:55:00Z', '5 min ago'],
    ['2026-11-23T09:00:00Z', '3 h ago'],
    ['2026-11-22T10:00:00Z', 'yesterday'],
    ['2026-11-19T12:00:00Z', '4 days ago'],
    ['2026-10-01T12:00:00Z', '1 Oct 2026'],
  ])('%s reads "%s"', (iso, text) => expect(relativeTime(iso, now)).toBe(text));
});

describe('money', () => {
  it('rupees in Indian grouping, others in their own symbol', () => {
    expect(moneyLabel(125000, 'INR', '₹1,25,000')).toBe('₹1,25,000');
    expect(moneyLabel(1250.5, 'USD', '$1,250.50')).toBe('$1,250.50');
  });
  it('an unknown code is shown as written', () => {
    expect(moneyLabel(5, 'ZZZZ', '5 ZZZZ')).toBe('5 ZZZZ');
  });
});
