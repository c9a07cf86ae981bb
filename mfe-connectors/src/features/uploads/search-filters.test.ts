import { describe, expect, it } from 'vitest';
import { parseSearchQuery } from '@trove/contracts';
import {
  activeFacts,
  factChips,
  isChosenFact,
  isChosenSource,
  searchParams,
  withFact,
  withoutFact,
  withSource,
  withType,
} from './search-filters';

describe('facts as chips and filters', () => {
  it('dates, then amounts, then people and organisations, each once', () => {
    const chips = factChips({
      dates: [{ text: '3 March 2026', iso: '2026-03-03' }],
      amounts: [{ text: '₹1,25,000', currency: 'INR', value: 125000 }],
      people: [{ name: 'Asha Rao', email: 'asha@acme.example' }, { name: 'asha rao' }],
      organisations: ['Acme Ltd'],
    });
    expect(chips.map((chip) => [chip.kind, chip.label])).toEqual([
      ['date', '3 March 2026'],
      ['amount', '₹1,25,000'],
      ['entity', 'Asha Rao'],
      ['entity', 'Acme Ltd'],
    ]);
  });

  it('addresses and bare domains are not shown as names', () => {
    const chips = factChips({
      people: [{ name: 'me@example.com' }, { name: 'Asha Rao' }],
      organisations: ['harbour.example', 'Harbour Works Pvt Ltd'],
    });
    expect(chips.map((chip) => chip.label)).toEqual(['Asha Rao', 'Harbour Works Pvt Ltd']);
  });
});

describe('the fact chips write operators (docs/decisions/230)', () => {
  const asha = { kind: 'entity', value: 'Asha Rao', label: 'Asha Rao' } as const;
  const rupees = { kind: 'amount', value: 125000, currency: 'INR', label: '₹1,25,000' } as const;
  const march = { kind: 'date', iso: '2026-03-03', label: '3 March 2026' } as const;

  it('each writes its operator, replacing the one of its kind; the API gets the query alone', () => {
    const q = withFact(withFact(withFact('invoice mentions:acme', asha), rupees), march);
    expect(q).toBe('invoice mentions:"Asha Rao" amount:INR125000 date:2026-03-03');
    expect(withFact(q, { ...march, iso: '2026-04-01' })).toBe(
      'invoice mentions:"Asha Rao" amount:INR125000 date:2026-04-01',
    );
    expect(withoutFact(q, 'amount')).toBe('invoice mentions:"Asha Rao" date:2026-03-03');
    const params = searchParams({ q, type: 'pdf', cursor: 'abc' }, 10);
    expect(Object.fromEntries(params)).toEqual({ q, limit: '10', type: 'pdf', cursor: 'abc' });
  });

  it('reads back which facts the query chose, and lists its fact operators as active filters', () => {
    const parsed = parseSearchQuery('invoice mentions:"asha rao" amount:INR125000 date:2026-03-03');
    expect([asha, rupees, march].map((fact) => isChosenFact(parsed, fact))).toEqual([true, true, true]);
    expect(isChosenFact(parsed, { ...rupees, currency: 'USD' })).toBe(false);
    expect(activeFacts(parsed)).toEqual([
      { kind: 'entity', label: 'asha rao' },
      { kind: 'amount', label: '₹1,25,000' },
      { kind: 'date', label: '3 Mar 2026' },
    ]);
    expect(activeFacts(parseSearchQuery('x amount:100..500 date:2026')).map((fact) => fact.label)).toEqual([
      '100 to 500',
      '2026',
    ]);
    expect(activeFacts(parseSearchQuery('x date:2026-11')).map((fact) => fact.label)).toEqual(['Nov 2026']);
    expect(activeFacts(parseSearchQuery('x amount:$5.. date:2026-01-05..')).map((f) => f.label)).toEqual([
      'at least $5',
    ]);
    expect(activeFacts(parseSearchQuery('x from:ann after:2026-01-01'))).toEqual([]);
  });
});

describe('source facets in the query (issue 21)', () => {
  const work = { value: '6b1f…', label: 'Work mail' };
  const uploads = { value: 'uploads', label: 'Uploads' };

  it('sets one source:, replacing any, quoted when the name has spaces; null takes it out', () => {
    expect(withSource('invoice', work)).toBe('invoice source:"Work mail"');
    expect(withSource('invoice source:"Work mail" due', uploads)).toBe('invoice due source:uploads');
    expect(withSource('invoice -source:x source:uploads', null)).toBe('invoice');
    expect(withSource('', { value: 'a1', label: 'ada@example.com' })).toBe('source:ada@example.com');
  });

  it('tells the chosen facet by its label, any case; uploads by uploads or upload', () => {
    expect(isChosenSource('work MAIL', work)).toBe(true);
    expect(isChosenSource('upload', uploads)).toBe(true);
    expect(isChosenSource(undefined, uploads)).toBe(false);
    expect(isChosenSource('Work', work)).toBe(false);
  });
});

describe('withType (issue 42 item 6: the chips write operators)', () => {
  it('sets, replaces and takes out the query’s type:', () => {
    expect(withType('invoice', 'pdf')).toBe('invoice type:pdf');
    expect(withType('invoice type:eml from:asha', 'pdf')).toBe('invoice from:asha type:pdf');
    expect(withType('invoice -type:png', null)).toBe('invoice');
    expect(withType('', 'md')).toBe('type:md');
  });
});
