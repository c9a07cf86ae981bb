import type { ComputedRow } from '@trove/contracts';
import { describe, expect, it } from 'vitest';
import { cellText, computedColumns, numericColumn, pageOf, sortRows } from './computed-table';

const row = (n: number, amount: string | null, due: string): ComputedRow => ({
  document_id: `d${n}`,
  passage_id: String(n),
  document_name: `invoices #${n}`,
  document_title: `INV-${n}`,
  location: '',
  fields: [
    { name: 'Number', type: 'text', value: `INV-${n}` },
    ...(amount === null ? [] : [{ name: 'Amount', type: 'money' as const, value: amount, currency: 'USD' }]),
    { name: 'Due date', type: 'date', value: due },
  ],
});
const rows = [
  row(1, '900', '2026-03-02'),
  row(2, '10000.5', '2026-01-09'),
  row(3, null, '2026-02-01'),
  row(10, '75', '2026-03-30'),
];

describe('the table of a computed answer', () => {
  it('has a column per field, numbers shown grouped with their currency', () => {
    expect(computedColumns(rows)).toEqual(['Number', 'Amount', 'Due date']);
    expect(cellText(rows[1] as ComputedRow, 'Amount')).toBe('10,000.5 USD');
    expect(cellText(rows[2] as ComputedRow, 'Amount')).toBe('');
    expect(numericColumn(rows, 'Amount')).toBe(true);
    expect(numericColumn(rows, 'Number')).toBe(false);
  });

  it('sorts numbers as numbers and days as days, rows without the field last either way', () => {
    const ids = (sorted: ComputedRow[]) => sorted.map((r) => r.passage_id);
    expect(ids(sortRows(rows, { column: 'Amount', descending: false }))).toEqual(['10', '1', '2', '3']);
    expect(ids(sortRows(rows, { column: 'Amount', descending: true }))).toEqual(['2', '1', '10', '3']);
    expect(ids(sortRows(rows, { column: 'Due date', descending: false }))).toEqual(['2', '3', '1', '10']);
    expect(ids(sortRows(rows, { column: 'Number', descending: false }))).toEqual(['1', '2', '3', '10']);
  });

  it('pages the rows and says which are shown', () => {
    const many = Array.from({ length: 60 }, (_, index) => index);
    expect(pageOf(many, 1)).toMatchObject({ pages: 3, label: 'Rows 26–50 of 60' });
    expect(pageOf(many, 9).label).toBe('Rows 51–60 of 60');
    expect(pageOf([], 0).label).toBe('Rows 0–0 of 0');
  });
});
