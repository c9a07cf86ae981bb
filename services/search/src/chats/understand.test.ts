import { describe, expect, it } from 'vitest';
import { layoutFor, searchWords, understandQuestion, withEntity } from './understand';

const NOW = new Date('2026-11-23T10:00:00Z');

describe('understandQuestion', () => {
  it('reads the issue’s example into words, an amount and a date range', () => {
    const understood = understandQuestion('find invoices over ₹10,000 last month', NOW);
    expect(understood.command).toEqual({ verb: 'find', query: 'invoices', destination: null });
    expect(understood.filters).toEqual({
      date_from: '2026-10-01',
      date_to: '2026-10-31',
      amount_min: 10000,
      currency: 'INR',
    });
  });

  it('reads a plain question as find and keeps its words', () => {
    expect(understandQuestion('Which contracts mention late fees?', NOW).command).toEqual({
      verb: 'find',
      query: 'Which contracts late fees',
      destination: null,
    });
  });

  it('takes the destination after the arrow, with no placeholder address', () => {
    expect(understandQuestion('summarize invoices -> email me@x.com', NOW).command).toEqual({
      verb: 'summarize',
      query: 'invoices',
      destination: { kind: 'email', address: 'me@x.com' },
    });
    expect(understandQuestion('extract totals → teams "Finance Ops"', NOW).command.destination).toEqual({
      kind: 'teams',
      channel: 'Finance Ops',
    });
    expect(understandQuestion('find receipts -> email', NOW).command.destination).toEqual({
      kind: 'email',
      address: '',
    });
  });

  it('turns a candidate the caller confirmed into the entity filter', () => {
    const understood = understandQuestion('find invoices from Acme since 3 March', NOW);
    expect(understood.candidates.map((c) => c.name)).toEqual(['Acme']);
    const confirmed = withEntity(understood, understood.candidates[0]);
    expect(confirmed.command.query).toBe('invoices');
    expect(confirmed.filters).toEqual({ date_from: '2026-03-03', entity: 'Acme' });
  });

  it('keeps the words when no candidate is confirmed', () => {
    const understood = understandQuestion('find invoices from Acme', NOW);
    expect(withEntity(understood, undefined).command.query).toBe('invoices Acme');
  });
});

describe('searchWords and layoutFor', () => {
  it('drops asking words and edge punctuation', () => {
    expect(searchWords('show me all documents mentioning "late fees"?')).toBe('me all late fees');
  });

  it('puts the table first for extract and export only', () => {
    expect(layoutFor('extract')).toBe('table-first');
    expect(layoutFor('export')).toBe('table-first');
    expect(layoutFor('summarize')).toBe('summary-first');
    expect(layoutFor('find')).toBe('summary-first');
  });
});

describe('a question in the search syntax (issue 19 item 4)', () => {
  it('the landing page’s example goes to the search as typed; its operators are the filters shown', () => {
    const understood = understandQuestion(
      'find "renewal" from:finance after:2024-04-01',
      new Date('2026-11-25'),
    );
    expect(understood.command).toMatchObject({
      verb: 'find',
      query: '"renewal" from:finance after:2024-04-01',
    });
    expect(understood.filters).toEqual({ date_from: '2024-04-01', entity: 'finance' });
    expect(understood.candidates).toEqual([]);
  });

  it('mentions:, amount: and date: go to the search as typed and are the filters shown (docs/decisions/230)', () => {
    const understood = understandQuestion(
      'summarize invoices from:finance mentions:"Asha Rao" amount:INR125000 date:2026-11',
      NOW,
    );
    expect(understood.command).toMatchObject({
      verb: 'summarize',
      query: 'invoices from:finance mentions:"Asha Rao" amount:INR125000 date:2026-11',
    });
    expect(understood.filters).toEqual({
      entity: 'Asha Rao',
      amount_min: 125000,
      amount_max: 125000,
      currency: 'INR',
      date_from: '2026-11-01',
      date_to: '2026-11-30',
    });
    expect(understandQuestion('mentions:acme amount:..500', NOW).filters).toEqual({
      entity: 'acme',
      amount_max: 500,
    });
  });
});

describe('kind words and bare periods (issue 37 item 2)', () => {
  it('“mail”, “emails”, “messages” are a type filter, not words to look for', () => {
    const mail = understandQuestion('summarize mail from Dana Whitfield', NOW);
    expect(mail.filters).toEqual({ type: 'eml' });
    expect(mail.command.query).toBe('Dana Whitfield');
    expect(understandQuestion('summarize emails from Acme since March', NOW).filters).toMatchObject({
      type: 'eml',
      date_from: '2026-03-01',
    });
    expect(understandQuestion('contracts in PDFs', NOW).filters).toEqual({ type: 'pdf' });
    // Two kinds name no one kind: both words stay.
    expect(understandQuestion('mail and PDFs about leases', NOW).filters).toEqual({});
  });

  it('a month or quarter without a year is marked bare; with a year or “last” it is not', () => {
    expect(understandQuestion('the Q3 budget', NOW).barePeriod).toBe(true);
    expect(understandQuestion('invoices in March', NOW).barePeriod).toBe(true);
    expect(understandQuestion('invoices in March 2025', NOW).barePeriod).toBe(false);
    expect(understandQuestion('invoices last quarter', NOW).barePeriod).toBe(false);
    expect(understandQuestion('invoices', NOW).barePeriod).toBe(false);
  });
});
