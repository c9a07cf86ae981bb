// A seeded table of invoices for the answers' tests and bench (issue 37 item 5): the table a finance person
// connects, generated from a seed so the truth of every question can be computed beside it.

export interface InvoiceRow {
  id: number;
  number: string;
  customer: string;
  /** Two decimals, as numeric(12, 2) prints it. */
  amount: string;
  /** YYYY-MM-DD. */
  due_date: string;
  status: 'paid' | 'open' | 'sent';
}

export const CUSTOMERS = [
  'Stark Industries',
  'Wayne Enterprises',
  'Acme Corporation',
  'Globex GmbH',
  'Initech Ltd',
  'Umbrella Corp',
  'Hooli',
  'Soylent Co',
] as const;

/** A small deterministic generator (mulberry32): the same seed gives the same table on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const DAY_MS = 86_400_000;

/** `count` invoices due from 300 days before `today` to 60 days after it. */
export function invoiceRows(count: number, today: string, seed = 37): InvoiceRow[] {
  const random = seeded(seed);
  const start = Date.parse(`${today}T00:00:00Z`) - 300 * DAY_MS;
  return Array.from({ length: count }, (_, index) => {
    const cents = 50_000 + Math.floor(random() * 4_000_000);
    const status = random() < 0.55 ? 'paid' : random() < 0.5 ? 'open' : 'sent';
    return {
      id: index + 1,
      number: `INV-${String(index + 1).padStart(4, '0')}`,
      customer: CUSTOMERS[Math.floor(random() * CUSTOMERS.length)] ?? 'Hooli',
      amount: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`,
      due_date: new Date(start + Math.floor(random() * 361) * DAY_MS).toISOString().slice(0, 10),
      status,
    };
  });
}

/** The rows as a CSV file with the header a person writes. */
export function invoicesCsv(rows: readonly InvoiceRow[]): string {
  return [
    'Number,Customer,Amount,Due date,Status',
    ...rows.map((row) => `${row.number},${row.customer},${row.amount},${row.due_date},${row.status}`),
  ].join('\n');
}

/** Cents of a two-decimal amount, to sum exactly in a test. */
export const cents = (amount: string): number => Math.round(Number(amount) * 100);

/** Cents as the answers write a sum: "117,091.22". */
export const centsText = (total: number): string =>
  `${Math.floor(total / 100).toLocaleString('en-US')}.${String(total % 100).padStart(2, '0')}`;
