import { describe, expect, it } from 'vitest';
import { factChips, isChosenSource, searchParams, withFilter, withSource, withType } from './search-filters';

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

  it('a filter replaces the one of its kind and becomes the API query string', () => {
    const filters = withFilter(
      withFilter([{ kind: 'entity', value: 'Acme Ltd', label: 'Acme Ltd' }], {
        kind: 'entity',
        value: 'Asha Rao',
        label: 'Asha Rao',
      }),
      { kind: 'amount', value: 125000, currency: 'INR', label: '₹1,25,000' },
    );
    const params = searchParams({ q: 'invoice', type: 'pdf', filters, cursor: 'abc' }, 10);
    expect(Object.fromEntries(params)).toEqual({
      q: 'invoice',
      limit: '10',
      type: 'pdf',
      entity: 'Asha Rao',
      amount_min: '125000',
      amount_max: '125000',
      currency: 'INR',
      cursor: 'abc',
    });
  });

  it('a date chip filters to that day', () => {
    const params = searchParams(
      { q: 'x', type: null, filters: [{ kind: 'date', iso: '2026-03-03', label: '3 March' }] },
      10,
    );
    expect([params.get('date_from'), params.get('date_to'), params.has('type')]).toEqual([
      '2026-03-03',
      '2026-03-03',
      false,
    ]);
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
