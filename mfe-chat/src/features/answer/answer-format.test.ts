import { describe, expect, it } from 'vitest';
import { documentsReadLine, filterChips, formatDay, formatMoney } from './answer-format';

describe('answer formatting', () => {
  it('reads a calendar day without shifting it by time zone', () => {
    expect(formatDay('2026-10-01')).toBe('1 Oct 2026');
    expect(formatDay('not a day')).toBe('not a day');
  });

  it('groups rupees the Indian way and other currencies the usual way', () => {
    expect(formatMoney(125000, 'INR')).toBe('₹1,25,000');
    expect(formatMoney(12500.5, 'INR')).toBe('₹12,500.50');
    expect(formatMoney(1999, 'USD')).toBe('$1,999');
    expect(formatMoney(10, 'XYZ')).toMatch(/XYZ\s?10/);
  });

  it('names each understood filter once', () => {
    expect(filterChips({ from: '2026-10-01', to: '2026-10-31', amount_min: 10000, currency: 'INR' })).toEqual(
      ['1 Oct 2026 – 31 Oct 2026', 'Over ₹10,000'],
    );
    expect(filterChips({ from: '2026-03-03', entity: 'Acme' })).toEqual([
      'Since 3 Mar 2026',
      'Mentions Acme',
    ]);
    expect(filterChips({ amount_max: 500, currency: 'USD' })).toEqual(['Under $500']);
    expect(filterChips({})).toEqual([]);
  });

  it('says which documents were read', () => {
    expect(documentsReadLine(['a.pdf'])).toBe('Read 1 document: a.pdf');
    expect(documentsReadLine(['a.pdf', 'b.eml', 'c.eml'])).toBe('Read 3 documents: a.pdf, b.eml and c.eml');
    expect(documentsReadLine([])).toBe('No documents matched.');
  });
});
