import { describe, expect, it } from 'vitest';
import {
  chosenPeriod,
  isChosenAmount,
  isChosenDate,
  isChosenMention,
  isChosenSender,
  operatorToken,
  periodDays,
  withAmount,
  withMentionedDate,
  withMentions,
  withOperators,
  withPeriod,
  withSender,
} from './query-operators';
import { parseSearchQuery } from './query-syntax';

describe('operators written into a query (issue 42 item 6)', () => {
  it('replaces every token of the operator, quoted or negated, and keeps the rest as typed', () => {
    expect(withOperators('plum -from:bob orchard from:"Asha Rao"', ['from'], 'from:ann')).toBe(
      'plum orchard from:ann',
    );
    expect(withOperators('from:ann', ['from'], null)).toBe('');
    expect(withOperators('', ['type'], 'type:pdf')).toBe('type:pdf');
    // A word that only contains the name is not the operator.
    expect(withOperators('wherefrom:x refrom', ['from'], null)).toBe('wherefrom:x refrom');
  });

  it('quotes a value with a space, dropping its own quotes, so the parser reads it back whole', () => {
    expect(operatorToken('from', 'Asha Rao')).toBe('from:"Asha Rao"');
    expect(operatorToken('from', 'asha@orchard.example')).toBe('from:asha@orchard.example');
    expect(parseSearchQuery(withSender('plum', 'Mr. "FoRK" Jones')).from).toBe('Mr. FoRK Jones');
  });

  it('a sender chip writes from: and reads it back by value or label, any case', () => {
    const q = withSender('plum orchard', 'asha@orchard.example');
    expect(q).toBe('plum orchard from:asha@orchard.example');
    const facet = { value: 'asha@orchard.example', label: 'Asha Rao' };
    expect(isChosenSender(parseSearchQuery(q).from, facet)).toBe(true);
    expect(isChosenSender('asha rao', facet)).toBe(true);
    expect(isChosenSender('asha', facet)).toBe(false);
    expect(isChosenSender(undefined, facet)).toBe(false);
    expect(withSender(q, null)).toBe('plum orchard');
  });

  it('a period chip writes after: and before: (the date operators, never from:/to:)', () => {
    expect(withPeriod('plum', '2026')).toBe('plum after:2026-01-01 before:2026-12-31');
    expect(withPeriod('plum after:2020-05-05', '2024-02')).toBe('plum after:2024-02-01 before:2024-02-29');
    expect(withPeriod('plum after:2024-02-01 before:2024-02-29 from:ann', null)).toBe('plum from:ann');
    expect(periodDays('2026-11')).toEqual({ after: '2026-11-01', before: '2026-11-30' });
    expect(periodDays('2026-13')).toBeUndefined();
    expect(() => withPeriod('plum', 'last week')).toThrow();
  });

  it('reads the chosen period back only when the dates are exactly a year or a month', () => {
    expect(chosenPeriod(parseSearchQuery(withPeriod('x', '2026')))).toBe('2026');
    expect(chosenPeriod(parseSearchQuery(withPeriod('x', '2026-02')))).toBe('2026-02');
    expect(chosenPeriod({ after: '2026-02-01', before: '2026-02-27' })).toBeUndefined();
    expect(chosenPeriod({ after: '2026-01-01' })).toBeUndefined();
  });
});

describe('the fact chips write mentions:, amount: and date: (docs/decisions/230)', () => {
  it('mentions: is written quoted when the name has a space, replaced, read back any case, taken out', () => {
    const q = withMentions('invoice', 'Asha Rao');
    expect(q).toBe('invoice mentions:"Asha Rao"');
    expect(withMentions(`${q} due`, 'Acme')).toBe('invoice due mentions:Acme');
    expect(isChosenMention(parseSearchQuery(q).mentions, 'asha rao')).toBe(true);
    expect(isChosenMention(parseSearchQuery(q).mentions, 'Asha')).toBe(false);
    expect(withMentions(q, null)).toBe('invoice');
  });

  it('amount: is its currency’s code then its value, which the parser reads back as that one amount', () => {
    const q = withAmount('invoice', { value: 125000.5, currency: 'INR' });
    expect(q).toBe('invoice amount:INR125000.5');
    const parsed = parseSearchQuery(q).amount;
    expect(parsed).toEqual({ min: 125000.5, max: 125000.5, currency: 'INR' });
    expect(isChosenAmount(parsed, { value: 125000.5, currency: 'INR' })).toBe(true);
    expect(isChosenAmount(parsed, { value: 125000.5, currency: 'USD' })).toBe(false);
    expect(isChosenAmount(parseSearchQuery('amount:100..200').amount, { value: 100, currency: 'INR' })).toBe(
      false,
    );
    expect(isChosenAmount(parseSearchQuery('amount:100').amount, { value: 100, currency: 'INR' })).toBe(true);
    expect(withAmount('invoice amount:$5 -amount:7', { value: 9, currency: 'EUR' })).toBe(
      'invoice amount:EUR9',
    );
    expect(withAmount(q, null)).toBe('invoice');
  });

  it('date: is the day, never after:/before:, read back only as exactly that day', () => {
    const q = withMentionedDate('invoice after:2026-01-01', '2026-11-03');
    expect(q).toBe('invoice after:2026-01-01 date:2026-11-03');
    const parsed = parseSearchQuery(q);
    expect(parsed.after).toBe('2026-01-01');
    expect(isChosenDate(parsed.date, '2026-11-03')).toBe(true);
    expect(isChosenDate(parseSearchQuery('date:2026-11').date, '2026-11-03')).toBe(false);
    expect(withMentionedDate(q, null)).toBe('invoice after:2026-01-01');
  });
});
