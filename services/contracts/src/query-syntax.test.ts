import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  hasOperators,
  LANDING_SEARCH_EXAMPLE,
  OPERATOR_MESSAGES,
  parseSearchQuery,
  searchQueryReading,
  typeOperatorValue,
} from './query-syntax';
import { DOCUMENT_KINDS } from './search';

describe('the search syntax (issue 19 item 4)', () => {
  it('reads the landing page’s example verbatim', () => {
    const reading = {
      words: ['renewal'],
      phrases: [],
      from: 'finance',
      after: '2024-04-01',
      problems: [],
    };
    expect(parseSearchQuery('"renewal" from:finance after:2024-04-01')).toMatchObject(reading);
    // Its `find` is a verb, as the chats read it, in the search box too.
    expect(parseSearchQuery(LANDING_SEARCH_EXAMPLE)).toMatchObject(reading);
  });

  it('a first "find" before operators is the verb; otherwise, quoted or negated it is a word', () => {
    expect(parseSearchQuery('find bug from:ann')).toMatchObject({ words: ['bug'], from: 'ann' });
    expect(parseSearchQuery('Find invoic* -draft')).toMatchObject({ words: ['invoic'], excluded: ['draft'] });
    // A prefix needs two letters (issue 42: `a*` would stand for a twentieth of every word).
    expect(parseSearchQuery('a* b').problems).toEqual(['word* needs at least 2 letters before the *.']);
    expect(parseSearchQuery('in*')).toMatchObject({ prefixes: ['in'], problems: [] });
    expect(parseSearchQuery('find from:ann').words).toEqual([]);
    // A subject someone remembers ("find the bug") keeps its first word.
    expect(parseSearchQuery('find the bug').words).toEqual(['find', 'the', 'bug']);
    expect(parseSearchQuery('find').words).toEqual(['find']);
    expect(parseSearchQuery('"find" bug from:ann').words).toEqual(['find', 'bug']);
    expect(parseSearchQuery('-find bug from:ann')).toMatchObject({ words: ['bug'], excluded: ['find'] });
    expect(parseSearchQuery('search engines after:2024-01-01').words).toEqual(['search', 'engines']);
  });

  it('phrases, exclusions, prefixes, fields, type, dates and attachments', () => {
    const parsed = parseSearchQuery(
      '"quarterly ledger" -draft -"old copy" invoic* subject:"harbour works" to:ann@acme.in type:email before:2026-11-30 has:attachment',
    );
    expect(parsed).toMatchObject({
      words: ['quarterly', 'ledger', 'invoic', 'harbour', 'works'],
      phrases: ['quarterly ledger'],
      excluded: ['draft', 'old copy'],
      prefixes: ['invoic'],
      subject: ['harbour', 'works'],
      to: 'ann@acme.in',
      type: 'eml',
      before: '2026-11-30',
      hasAttachment: true,
      problems: [],
    });
  });

  it('an unknown x: stays words; an unbalanced quote runs to the end; curly quotes are quotes', () => {
    expect(parseSearchQuery('re:budget note').words).toEqual(['re', 'budget', 'note']);
    expect(parseSearchQuery('"open ended phrase').phrases).toEqual(['open ended phrase']);
    expect(parseSearchQuery('“morris men”').phrases).toEqual(['morris men']);
  });

  it('type: takes every kind by its own name, as the problem lists them (issue 43: type:code)', () => {
    expect(parseSearchQuery('type:code retry backoff')).toMatchObject({
      type: 'code',
      words: ['retry', 'backoff'],
    });
    expect(parseSearchQuery('type:image').type).toBe('image');
    expect(parseSearchQuery('type:ts').type).toBe('code');
  });

  it('operators it cannot take say why, and are not applied', () => {
    const parsed = parseSearchQuery('after:2024-13-45 type:exe has:wings from:""');
    expect(parsed.after).toBeUndefined();
    expect(parsed.type).toBeUndefined();
    expect(parsed.problems).toEqual([
      'after: needs a date like 2024-04-01.',
      'type: can be pdf, docx, odt, rtf, xlsx, xls, ods, csv, pptx, odp, txt, md, html, eml, image, zip, code, json, event.',
      'has: can be attachment.',
      'from: needs a name or an address.',
    ]);
    // A bare "from:" followed by a space is the word it spells.
    expect(parseSearchQuery('from: the team').words).toEqual(['from', 'the', 'team']);
  });

  it('source: names a source, quoted when it has spaces, or uploads; empty says why (issue 21)', () => {
    expect(parseSearchQuery('invoice source:"Work mail"')).toMatchObject({
      words: ['invoice'],
      source: 'Work mail',
    });
    expect(parseSearchQuery('source:uploads invoice').source).toBe('uploads');
    expect(parseSearchQuery('invoice source:""').problems).toEqual([
      "source: needs a source's name, or uploads.",
    ]);
    expect(searchQueryReading('invoice source:uploads')).toEqual(['the word invoice', 'in your uploads']);
    expect(searchQueryReading('invoice source:ada@example.com')).toEqual([
      'the word invoice',
      'from ada@example.com',
    ]);
  });

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 600 }), (query) => {
        const parsed = parseSearchQuery(query);
        for (const word of parsed.words) expect(word).not.toMatch(/\s/);
      }),
      { numRuns: 500 },
    );
  });
});

describe('searchQueryReading', () => {
  it('reads the landing page’s example part by part, with the search’s own parser', () => {
    expect(searchQueryReading(LANDING_SEARCH_EXAMPLE)).toEqual([
      'the word renewal',
      'sent by finance',
      'on or after 1 Apr 2024',
    ]);
  });

  it('reads every operator, plain words first', () => {
    expect(
      searchQueryReading('budget invo* -draft to:ann subject:q3 type:pdf before:2024-12-31 has:attachment'),
    ).toEqual([
      'the words budget, invo',
      'words starting “invo”',
      'without “draft”',
      'sent to ann',
      '“q3” in the subject',
      'PDF files',
      'on or before 31 Dec 2024',
      'with an attachment',
    ]);
  });
});

describe('typeOperatorValue (issue 42 item 6)', () => {
  it('writes each kind as type: reads it back, and nothing for a kind the syntax has no word for', () => {
    for (const kind of DOCUMENT_KINDS) {
      const value = typeOperatorValue(kind);
      expect(value, kind).toBeDefined();
      expect(parseSearchQuery(`x type:${value}`).type, kind).toBe(kind);
    }
    expect(typeOperatorValue('pdf')).toBe('pdf');
    expect(typeOperatorValue('row')).toBeUndefined();
  });
});

describe('the fact operators: mentions:, amount:, date: (docs/decisions/230)', () => {
  it('mentions: takes a name quoted or not; like the other operators a minus before it is not read', () => {
    expect(parseSearchQuery('invoice mentions:"Asha Rao"')).toMatchObject({
      words: ['invoice'],
      mentions: 'Asha Rao',
      problems: [],
    });
    expect(parseSearchQuery('mentions:acme').mentions).toBe('acme');
    expect(parseSearchQuery('-mentions:acme')).toMatchObject({ mentions: 'acme', excluded: [] });
    expect(parseSearchQuery('x mentions:""').problems).toEqual([OPERATOR_MESSAGES.mentions]);
    expect(parseSearchQuery(`x mentions:${'a'.repeat(101)}`).problems).toEqual([OPERATOR_MESSAGES.mentions]);
  });

  it('amount: is a value or a range, its currency a code or a symbol before (or after) it', () => {
    const amount = (q: string) => parseSearchQuery(q).amount;
    expect(amount('amount:INR125000')).toEqual({ min: 125000, max: 125000, currency: 'INR' });
    expect(amount('amount:inr1,25,000')).toEqual({ min: 125000, max: 125000, currency: 'INR' });
    expect(amount('amount:$12.50')).toEqual({ min: 12.5, max: 12.5, currency: 'USD' });
    expect(amount('amount:12.50EUR')).toEqual({ min: 12.5, max: 12.5, currency: 'EUR' });
    expect(amount('amount:Rs.500')).toEqual({ min: 500, max: 500, currency: 'INR' });
    expect(amount('amount:"₹ 1,200"')).toEqual({ min: 1200, max: 1200, currency: 'INR' });
    expect(amount('amount:100..500')).toEqual({ min: 100, max: 500 });
    expect(amount('amount:GBP100..')).toEqual({ min: 100, currency: 'GBP' });
    expect(amount('amount:..500')).toEqual({ max: 500 });
  });

  it('amount: with no number, a backward range, two currencies or an unknown one is a problem, not a word', () => {
    for (const bad of ['abc', '..', '500..100', 'INR5USD', 'XYZ5', '-5', '5k', '1.000,50']) {
      const parsed = parseSearchQuery(`invoice amount:${bad}`);
      expect(parsed.problems, bad).toEqual([OPERATOR_MESSAGES.amount]);
      expect(parsed.amount, bad).toBeUndefined();
    }
  });

  it('date: is a day, a month or a year; anything else is a problem', () => {
    expect(parseSearchQuery('date:2026-11-03').date).toEqual({ from: '2026-11-03', to: '2026-11-03' });
    expect(parseSearchQuery('date:2024-02').date).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(parseSearchQuery('date:2026').date).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    for (const bad of ['2026-02-30', '2026-13', 'yesterday', '03/11/2026']) {
      expect(parseSearchQuery(`x date:${bad}`).problems, bad).toEqual([OPERATOR_MESSAGES.date]);
    }
    // after:/before: stay the document's own dates.
    expect(parseSearchQuery('date:2026-11-03')).not.toHaveProperty('after');
  });

  it('the fact operators alone are a search in the syntax (they list what matches), and read in words', () => {
    for (const q of ['mentions:"Asha Rao"', 'amount:INR500', 'date:2026-11']) {
      expect(hasOperators(parseSearchQuery(q)), q).toBe(true);
      expect(parseSearchQuery(q).words, q).toEqual([]);
    }
    expect(searchQueryReading('mentions:"Asha Rao" amount:INR125000 date:2026-11-03')).toEqual([
      'mentioning Asha Rao',
      'an amount of 125,000 INR',
      'mentioning 3 Nov 2026',
    ]);
    expect(searchQueryReading('amount:100..500 date:2026')).toEqual([
      'an amount from 100 to 500',
      'mentioning a date from 1 Jan 2026 to 31 Dec 2026',
    ]);
    expect(searchQueryReading('amount:$5..')).toEqual(['an amount of at least 5 USD']);
  });
});
