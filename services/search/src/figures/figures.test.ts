import type { RecordField } from '@trove/contracts';
import { testTime } from '@trove/service-core/testing/time';
import { describe, expect, it } from 'vitest';
import { cents, centsText, type InvoiceRow, invoiceRows } from '../records/testing/invoices';
import { computeFigures, type FigureContext } from './figures';
import { planQuestion } from './question-plan';

// Each aggregate, comparison, state and period over 240 generated invoices, the truth computed beside it in
// plain integer cents (issue 37 items 2 and 5).

const today = '2026-11-29';
const invoices = invoiceRows(240, today);
const PAID = new Set(['paid', 'closed', 'done']);
const context: FigureContext = { today, timeZone: null, collection: 'invoices', paidWords: PAID };

const recordOf = (row: InvoiceRow): { fields: RecordField[]; row: InvoiceRow } => ({
  row,
  fields: [
    { name: 'Number', type: 'text', value: row.number },
    { name: 'Customer', type: 'text', value: row.customer },
    { name: 'Amount', type: 'money', value: String(Number(row.amount)), currency: 'USD' },
    { name: 'Due date', type: 'date', value: row.due_date },
    { name: 'Status', type: 'text', value: row.status },
  ],
});
const records = invoices.map(recordOf);

const ask = (question: string, rows = records, on: FigureContext = context) =>
  computeFigures(planQuestion(question, new Date(`${on.today}T12:00:00Z`)), rows, on);
const numbers = (rows: readonly { row: InvoiceRow }[]) => rows.map((r) => r.row.number).sort();
const truth = (keep: (row: InvoiceRow) => boolean) => invoices.filter(keep);
const total = (rows: readonly InvoiceRow[]) => rows.reduce((sum, row) => sum + cents(row.amount), 0);
const figure = (answer: ReturnType<typeof ask>, label: string) =>
  answer.figures.find((f) => f.label === label)?.text;

describe('questions that compute, over typed rows', () => {
  it('a total of the rows due in a month named bare: the latest such month with rows, said', () => {
    const answer = ask('what is the total amount of the invoices due in March?');
    const march = truth((row) => row.due_date.startsWith('2026-03'));
    expect(march.length).toBeGreaterThan(0);
    expect(numbers(answer.rows)).toEqual(march.map((row) => row.number).sort());
    expect(figure(answer, 'Total Amount')).toBe(`${centsText(total(march))} USD`);
    expect(answer.headline).toMatch(
      new RegExp(`^${march.length} invoices due in March 2026: ${centsText(total(march))} USD in total`),
    );
    const open = march.filter((row) => row.status !== 'paid');
    if (open.length > 0 && open.length < march.length)
      expect(answer.headline).toContain(`— ${open.length} open, ${centsText(total(open))} USD`);
  });

  it('a comparison on the amount is strict for “over”', () => {
    const answer = ask('which invoices are over $20,000?');
    const over = truth((row) => cents(row.amount) > 2_000_000);
    expect(numbers(answer.rows)).toEqual(over.map((row) => row.number).sort());
    expect(answer.headline.startsWith(`${over.length} invoices over 20,000 USD`)).toBe(true);
  });

  it('overdue: a due date in the past and a status that is not a paid word', () => {
    const answer = ask('which invoices are overdue?');
    const overdue = truth((row) => row.due_date < today && row.status !== 'paid');
    expect(numbers(answer.rows)).toEqual(overdue.map((row) => row.number).sort());
    expect(answer.understood).toContain(
      'overdue: Due date before 29 Nov 2026 and Status not paid/closed/done',
    );
  });

  it('a customer named in the question, with a count and a sum', () => {
    const answer = ask('how many invoices does Stark Industries have and what do they add up to?');
    const stark = truth((row) => row.customer === 'Stark Industries');
    expect(answer.rows).toHaveLength(stark.length);
    expect(figure(answer, 'Count')).toBe(String(stark.length));
    expect(figure(answer, 'Total Amount')).toBe(`${centsText(total(stark))} USD`);
    expect(answer.headline.startsWith(`${stark.length} invoices for Stark Industries: `)).toBe(true);
  });

  it('average, largest and smallest', () => {
    const all = invoices.map((row) => cents(row.amount));
    const max = Math.max(...all);
    const min = Math.min(...all);
    expect(figure(ask('largest invoice amount'), 'Largest Amount')).toBe(`${centsText(max)} USD`);
    expect(figure(ask('smallest invoice'), 'Smallest Amount')).toBe(`${centsText(min)} USD`);
    const mean = Math.round(all.reduce((a, b) => a + b, 0) / all.length);
    expect(figure(ask('average amount of the invoices'), 'Average Amount')).toBe(`${centsText(mean)} USD`);
  });

  it('groups per customer and by month', () => {
    const answer = ask('total amount per customer');
    const customers = new Set(invoices.map((row) => row.customer));
    expect(answer.groups).toHaveLength(customers.size);
    for (const group of answer.groups) {
      const rows = truth((row) => row.customer === group.key);
      expect(group.count).toBe(rows.length);
      expect(group.figures.find((f) => f.label === 'Total Amount')?.text).toBe(
        `${centsText(total(rows))} USD`,
      );
    }
    const months = ask('invoices by month');
    expect(months.groups.map((g) => g.key)).toEqual(
      [...new Set(invoices.map((r) => r.due_date.slice(0, 7)))].sort(),
    );
  });

  it('between, before and a relative period', () => {
    const between = ask('invoices between $1,000 and $5,000');
    expect(between.rows).toHaveLength(
      truth((r) => cents(r.amount) >= 100_000 && cents(r.amount) <= 500_000).length,
    );
    const before = ask('invoices due before March 2026');
    expect(before.rows).toHaveLength(truth((r) => r.due_date < '2026-03-01').length);
    const last = ask('invoices due last month');
    expect(last.rows).toHaveLength(truth((r) => r.due_date.startsWith('2026-10')).length);
  });

  it('relative periods are the profile’s: late on 31 October in Los Angeles is still October there', () => {
    const la = { ...context, today: '2026-10-31', timeZone: 'America/Los_Angeles' };
    const answer = ask('invoices due this month', records, la);
    expect(answer.rows).toHaveLength(truth((r) => r.due_date.startsWith('2026-10')).length);
  });
});

describe('a large table', () => {
  // A generous bound: linear work takes seconds on a loaded machine; copying a group per row took minutes.
  it(
    'adds up and groups 100,000 rows exactly, each row looked at once (no copying per row)',
    () => {
      const large = invoiceRows(100_000, today, 5);
      const answer = ask('total amount per customer', large.map(recordOf));
      const customers = new Map<string, number>();
      for (const row of large)
        customers.set(row.customer, (customers.get(row.customer) ?? 0) + cents(row.amount));
      expect(answer.groups).toHaveLength(customers.size);
      for (const group of answer.groups)
        expect(group.figures.find((f) => f.label === 'Total Amount')?.text).toBe(
          `${centsText(customers.get(group.key) ?? 0)} USD`,
        );
    },
    testTime(60_000),
  );
});

describe('what cannot be computed is said, never guessed', () => {
  it('an amount that did not read as a number stops the total', () => {
    const broken = records.map((record, index) =>
      index === 3
        ? {
            ...record,
            fields: record.fields.map((f) =>
              f.name === 'Amount' ? { name: 'Amount', type: 'text' as const, value: '12,34.5' } : f,
            ),
          }
        : record,
    );
    const answer = ask('total amount of the invoices', broken);
    expect(answer.figures.find((f) => f.label === 'Total Amount')).toBeUndefined();
    expect(answer.cannot).toContain('not a number');
    expect(answer.cannot).toContain('12,34.5');
  });

  it('mixed currencies are summed apart', () => {
    const mixed = records.map((record, index) =>
      index % 2 === 0
        ? {
            ...record,
            fields: record.fields.map((f) => (f.type === 'money' ? { ...f, currency: 'EUR' } : f)),
          }
        : record,
    );
    const answer = ask('total of the invoices', mixed);
    const totals = answer.figures.filter((f) => f.label === 'Total Amount');
    expect(totals.map((f) => f.currency).sort()).toEqual(['EUR', 'USD']);
    const eur = invoices.filter((_, index) => index % 2 === 0);
    expect(totals.find((f) => f.currency === 'EUR')?.text).toBe(`${centsText(total(eur))} EUR`);
    expect(answer.notes.join(' ')).toContain('2 currencies');
  });

  it('no group-by over free text', () => {
    const notes = records.map((record, index) => ({
      ...record,
      fields: [...record.fields, { name: 'Notes', type: 'text' as const, value: `note ${index}` }],
    }));
    const answer = ask('total per notes', notes);
    expect(answer.cannot).toMatch(/free text/);
    expect(answer.groups).toEqual([]);
  });

  it('no amount column, no total', () => {
    const bare = records.map((record) => ({
      ...record,
      fields: record.fields.filter((f) => f.type !== 'money'),
    }));
    expect(ask('total of the invoices', bare).cannot).toMatch(/no amount column/);
  });
});
