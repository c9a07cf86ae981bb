import { describe, expect, it } from 'vitest';
import { findDates } from './dates';

const sentOn = new Date('2025-03-03T09:00:00Z'); // a Monday

describe('dates', () => {
  it('an absolute date becomes an ISO date', () => {
    expect(findDates('Payment is due on 15 April 2025.', sentOn)).toEqual([
      { text: '15 April 2025', iso: '2025-04-15' },
    ]);
  });

  it('the shown text is the date alone, without a preposition or a trailing comma', () => {
    expect(
      findDates('The invoices were paid in October, and on 3 March.', sentOn).map((d) => d.text),
    ).toEqual(['October', '3 March']);
  });

  it("relative dates are read from the document's own date", () => {
    expect(findDates('Can we meet next Friday? If not, tomorrow.', sentOn).map((d) => d.iso)).toEqual([
      '2025-03-14',
      '2025-03-04',
    ]);
  });

  it('a date without a year takes the year of the document', () => {
    expect(findDates('Renewal on March 20', sentOn)).toEqual([{ text: 'March 20', iso: '2025-03-20' }]);
  });

  it('a bare clock time is not a date', () => {
    expect(findDates('Call at 10:30 sharp', sentOn)).toEqual([]);
  });
});
