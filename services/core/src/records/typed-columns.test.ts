import { describe, expect, it } from 'vitest';
import { cellField, sheetColumnPlan, sheetRecords, sqlColumnPlan, sqlFieldType } from './typed-columns';

/** A sheet's column letters (A, B, … Z, AA), as the search service's sheet reader names them. */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

describe('a database column’s type', () => {
  it.each([
    ['numeric(12,2)', 'amount', 'money'],
    ['numeric', 'quantity', 'number'],
    ['money', 'price', 'money'],
    ['date', 'due_date', 'date'],
    ['timestamp with time zone', 'paid_at', 'timestamp'],
    ['datetime', 'created', 'timestamp'],
    ['boolean', 'paid', 'boolean'],
    ['text', 'amount', 'text'],
    ['bigint', 'id', 'number'],
  ] as const)('%s %s is %s', (sqlType, name, type) => {
    expect(sqlFieldType(sqlType, name)).toBe(type);
  });

  it('a cell becomes its column’s typed field, and text when it does not read as that type', () => {
    const amount = sqlColumnPlan({ name: 'amount_usd', type: 'numeric' });
    expect(cellField(amount, 'Amount usd', '7593.52')).toEqual({
      name: 'Amount usd',
      type: 'money',
      value: '7593.52',
      currency: 'USD',
    });
    expect(cellField(amount, 'Amount usd', 'NaN')).toEqual({
      name: 'Amount usd',
      type: 'text',
      value: 'NaN',
    });
    const money = sqlColumnPlan({ name: 'price', type: 'money' });
    expect(cellField(money, 'Price', '$7,593.52')).toMatchObject({ value: '7593.52', currency: 'USD' });
    const due = sqlColumnPlan({ name: 'due', type: 'date' });
    expect(cellField(due, 'Due', '2026-01-30')).toEqual({ name: 'Due', type: 'date', value: '2026-01-30' });
    const paid = sqlColumnPlan({ name: 'paid', type: 'boolean' });
    expect(cellField(paid, 'Paid', 'f')).toEqual({ name: 'Paid', type: 'boolean', value: false });
  });
});

describe('a sheet’s or CSV file’s column typed by its cells', () => {
  it('money, numbers, days and text', () => {
    expect(sheetColumnPlan('Amount', ['$1,250.00', '$99.5', ''])).toMatchObject({ type: 'money' });
    expect(sheetColumnPlan('Amount', ['1250', '99.5'])).toMatchObject({ type: 'money' });
    expect(sheetColumnPlan('Qty', ['3', '12'])).toMatchObject({ type: 'number' });
    expect(sheetColumnPlan('Due', ['2026-03-05', '5 Mar 2026', '25/03/2026'])).toMatchObject({
      type: 'date',
      order: 'dmy',
    });
    expect(sheetColumnPlan('Customer', ['Acme', '12'])).toMatchObject({ type: 'text' });
  });

  it('a column that writes its decimals two ways stays text rather than be misread', () => {
    expect(sheetColumnPlan('Amount', ['1,234.50', '1.234,50', '1,234'])).toMatchObject({ type: 'text' });
  });

  it('a column of comma decimals reads its ambiguous cells the same way', () => {
    const [first, second] = sheetRecords(['Amount'], [['1.234,50'], ['1.234']], columnName);
    expect(first).toEqual([{ name: 'Amount', type: 'money', value: '1234.5' }]);
    expect(second).toEqual([{ name: 'Amount', type: 'money', value: '1234' }]);
  });

  it('a column without a header is named as the sheet names it', () => {
    const [row] = sheetRecords(['Customer'], [['Acme', '3']], columnName);
    expect(row).toEqual([
      { name: 'Customer', type: 'text', value: 'Acme' },
      { name: 'B', type: 'number', value: '3' },
    ]);
  });
});

describe('long text', () => {
  it('stays out of a record: a note is searched, not counted', () => {
    const [row] = sheetRecords(['Customer', 'Notes'], [['Acme', 'x'.repeat(2_000)]], columnName);
    expect(row).toEqual([{ name: 'Customer', type: 'text', value: 'Acme' }]);
  });
});
