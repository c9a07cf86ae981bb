import { describe, expect, it } from 'vitest';
import { factsOf, uniquePeople, withoutLongWords } from './facts';

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

  it('takes the dates its reader states for a line, and reads only the other lines (docs/decisions/219)', () => {
    const reference = new Date('2026-11-01T09:00:00Z');
    const text = 'Board meeting\nWhen: Thursday, 12 November 2026\nDeadline: 5 December 2026';
    const stated = new Map([['When: Thursday, 12 November 2026', [{ text: 'stated', iso: '2030-01-01' }]]]);
    // The stated line's dates are the reader's, not chrono's reading of it: the other line is still read.
    expect(factsOf(text, reference, { people: [], organisations: [], statedDates: stated }).dates).toEqual([
      { text: 'stated', iso: '2030-01-01' },
      { text: '5 December 2026', iso: '2026-12-05' },
    ]);
    expect(factsOf(text, reference, { people: [], organisations: [] }).dates.map((d) => d.iso)).toEqual([
      '2026-11-12',
      '2026-12-05',
    ]);
  });

  it('a person named twice is listed once, by their display name', () => {
    expect(
      uniquePeople([
        { name: 'a@acme.com', email: 'a@acme.com' },
        { name: 'Asha Rao', email: 'A@acme.com' },
      ]),
    ).toEqual([{ name: 'Asha Rao', email: 'A@acme.com' }]);
  });

  it('leaves out a word of more than 100 characters, as the pattern that tried every character did', () => {
    const run = (n: number) => '9'.repeat(n);
    expect(
      factsOf(`Paid $${run(100)} and $12`, new Date('2024-03-01'), { people: [], organisations: [] }).amounts,
    ).toEqual([{ text: '$12', currency: 'USD', value: 12 }]);
    expect(
      factsOf(`Paid $${run(99)} today`, new Date('2024-03-01'), { people: [], organisations: [] }).amounts,
    ).toHaveLength(1);
    // Runs at the edges, between tabs, no-break and ideographic spaces, astral characters: the same text out.
    const pieces = ['a', 'é', '😀', ' ', '\t', '\n', '\u00a0', '\u3000', run(60), 'x'.repeat(41)];
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let sample = 0; sample < 300; sample++) {
      const text = Array.from({ length: 4 + (next() % 12) }, () => pieces[next() % pieces.length]).join('');
      expect(withoutLongWords(text)).toBe(text.replace(/[^\s]{101,}/g, ' '));
    }
  });
});
