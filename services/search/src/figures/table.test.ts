import type { RecordField } from '@trove/contracts';
import { describe, expect, it } from 'vitest';
import { computeFigures, type FigureContext } from './figures';
import { measureFigures } from './measure-figures';
import { planQuestion } from './question-plan';
import { LARGE, MISSING, NOT_NUMBER, SMALL, tableOf } from './table';

// The rows as columns read once (docs/decisions/225): what a kept collection's second question reuses, and the
// values a column cannot hold as small decimals, which are still added up exactly.

const today = '2026-11-29';
const context: FigureContext = {
  today,
  timeZone: null,
  collection: 'invoices',
  paidWords: new Set(['paid', 'closed']),
};
const ask = (question: string, rows: readonly { fields: RecordField[] }[], on = context) =>
  computeFigures(planQuestion(question, new Date(`${on.today}T12:00:00Z`)), rows, on);

const money = (value: string, currency?: string): RecordField => ({
  name: 'Amount',
  type: 'money',
  value,
  ...(currency === undefined ? {} : { currency }),
});
const row = (...fields: RecordField[]) => ({ fields });
const status = (value: string): RecordField => ({ name: 'Status', type: 'text', value });

describe('a set of rows read as columns', () => {
  it('is read once per array: the same table and the same parsed amounts for the next question', () => {
    const rows = [row(money('10.50')), row(money('2'))];
    const table = tableOf(rows);
    expect(tableOf(rows)).toBe(table);
    expect(table.column('Amount')).toBe(table.column('Amount'));
    expect(table.column('Amount').amounts()).toBe(table.column('Amount').amounts());
    // A copy of the rows (the cache's next version) is read again, not taken from the old one.
    expect(tableOf([...rows])).not.toBe(table);
  });

  it('tells small decimals, longer ones, missing values and values that are not numbers apart', () => {
    const rows = [
      row(money('10.50', 'USD')),
      row(money('123456789012345678.25')),
      row(status('open')),
      row({ name: 'Amount', type: 'text', value: '1.234,56' }),
    ];
    const amounts = tableOf(rows).column('Amount').amounts();
    expect([...amounts.kind]).toEqual([SMALL, LARGE, MISSING, NOT_NUMBER]);
    expect(amounts.units[0]).toBe(1050);
    expect(amounts.scale[0]).toBe(2);
    expect(amounts.currencies[amounts.currency[0] as number]).toBe('USD');
  });

  it('reads a row with two fields of one name by its first, as the fields table does', () => {
    const rows = [
      row(money('1'), status('open')),
      row(status('paid'), money('2'), money('99')),
      row(money('3'), money('4')),
    ];
    const column = tableOf(rows).column('Amount');
    expect(column.fields.map((field) => field?.value)).toEqual(['1', '2', '3']);
  });

  it('gives each time zone its own days of the same timestamps', () => {
    const rows = [row({ name: 'Paid at', type: 'timestamp', value: '2026-10-31T23:30:00Z' })];
    const column = tableOf(rows).column('Paid at');
    expect(column.days(null)).toEqual(['2026-10-31']);
    expect(column.days('Asia/Kolkata')).toEqual(['2026-11-01']);
    expect(column.days('America/Los_Angeles')).toEqual(['2026-10-31']);
  });

  it('tests a status once per distinct value, for every row that holds it', () => {
    const rows = ['paid', 'open', 'Paid in full', 'not paid', 'paid', 'closed'].map((s) => row(status(s)));
    const test = tableOf(rows)
      .column('Status')
      .rowsWhere((value) => /paid in full|^paid$|closed/i.test(value.text));
    expect(rows.map((_, index) => test(index))).toEqual([true, false, true, false, true, true]);
    expect(tableOf(rows).column('Status').keys().distinct).toHaveLength(5);
  });
});

describe('figures over columns stay exact past doubles', () => {
  it('adds values of more than 15 digits in BigInts', () => {
    const rows = [row(money('123456789012345678.25')), row(money('0.75')), row(money('1'))];
    const table = tableOf(rows);
    const sum = measureFigures(table, [0, 1, 2], table.fields.get('Amount') ?? fail(), ['sum']);
    expect(sum.figures[0]?.value).toBe('123456789012345680');
  });

  it('adds in BigInts once a partial sum of units leaves the doubles’ exact range', () => {
    // 9,007,199,254,740.99 is 15 digits (a small decimal); eleven of them are past 2^53 units, where doubles
    // stop counting by one.
    const rows = [...Array.from({ length: 11 }, () => row(money('9007199254740.99'))), row(money('0.01'))];
    const table = tableOf(rows);
    expect(table.column('Amount').amounts().kind[0]).toBe(SMALL);
    const all = rows.map((_, index) => index);
    const sum = measureFigures(table, all, table.fields.get('Amount') ?? fail(), ['sum']);
    expect(sum.figures[0]?.value).toBe('99079191802150.9');
  });

  it('compares with a bound of more than 15 digits, and takes the largest of long values', () => {
    const rows = [row(money('1000000000000000.01')), row(money('1000000000000000.02')), row(money('5'))];
    const over = ask('invoices over 1000000000000000.01', rows);
    expect(over.rows).toEqual([rows[1]]);
    expect(ask('largest invoice', rows).figures.find((f) => f.label === 'Largest Amount')?.value).toBe(
      '1000000000000000.02',
    );
  });

  it('compares amounts only in the currency asked, or with none', () => {
    const rows = [row(money('30000', 'EUR')), row(money('30000', 'USD')), row(money('30000'))];
    expect(ask('invoices over $20,000', rows).rows).toEqual([rows[1], rows[2]]);
  });
});

function fail(): never {
  throw new Error('no Amount field');
}
