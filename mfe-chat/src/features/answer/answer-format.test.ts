import { describe, expect, it } from 'vitest';
import { documentsReadLine, filterChips, formatDay, formatTotal } from './answer-format';

describe('answer formatting', () => {
  it('reads a calendar day without shifting it by time zone', () => {
    expect(formatDay('2026-10-01')).toBe('1 Oct 2026');
    expect(formatDay('not a day')).toBe('not a day');
  });

  it('shows a total in its currency, or as the document wrote it when the code is unknown', () => {
    expect(formatTotal({ value: 125000, currency: 'INR', text: 'INR 1,25,000.00' })).toBe('₹1,25,000');
    expect(formatTotal({ value: 10, currency: 'ZZZZ', text: '10 ZZZZ' })).toBe('10 ZZZZ');
  });

  it('names each understood filter once', () => {
    expect(
      filterChips({ date_from: '2026-10-01', date_to: '2026-10-31', amount_min: 10000, currency: 'INR' }),
    ).toEqual(['1 Oct 2026 – 31 Oct 2026', 'Over ₹10,000']);
    expect(filterChips({ date_from: '2026-03-03', entity: 'Acme' })).toEqual([
      'Since 3 Mar 2026',
      'Mentions Acme',
    ]);
    expect(filterChips({ amount_max: 500, currency: 'USD' })).toEqual(['Under $500']);
    expect(filterChips({})).toEqual([]);
    expect(filterChips({ type: 'eml', entity: 'Dana Whitfield' })).toEqual([
      'Mentions Dana Whitfield',
      'In mail',
    ]);
  });

  it('says which documents were read', () => {
    expect(documentsReadLine(['a.pdf'])).toBe('Read 1 document: a.pdf');
    expect(documentsReadLine(['a.pdf', 'b.eml', 'c.eml'])).toBe('Read 3 documents: a.pdf, b.eml and c.eml');
    expect(documentsReadLine([])).toBe('No documents matched.');
  });
});
