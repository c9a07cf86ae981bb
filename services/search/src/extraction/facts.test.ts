import { describe, expect, it } from 'vitest';
import { factsOf, uniquePeople } from './facts';

describe('facts of a passage', () => {
  it('dates, totals and entities come together', () => {
    const text = 'Please pay ₹1,25,000.50 by next Friday.\n\n--\nPriya Sharma\nFinance, Acme Pvt Ltd';
    const facts = factsOf(text, new Date('2025-03-03T09:00:00Z'), {
      people: [{ name: 'Ravi', email: 'ravi@globex.com' }],
      organisations: ['globex.com'],
    });
    expect(facts).toEqual({
      dates: [{ text: 'next Friday', iso: '2025-03-14' }],
      amounts: [{ text: '₹1,25,000.50', currency: 'INR', value: 125000.5 }],
      people: [{ name: 'Ravi', email: 'ravi@globex.com' }, { name: 'Priya Sharma' }],
      organisations: ['globex.com', 'Acme Pvt Ltd'],
    });
  });

  it('a person named twice is listed once, by their display name', () => {
    expect(
      uniquePeople([
        { name: 'a@acme.com', email: 'a@acme.com' },
        { name: 'Asha Rao', email: 'A@acme.com' },
      ]),
    ).toEqual([{ name: 'Asha Rao', email: 'A@acme.com' }]);
  });
});
