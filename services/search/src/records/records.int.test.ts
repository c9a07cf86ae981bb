import { SourceResponseSchema } from '@trove/contracts';
import { createTestDatabase, type TestDatabase } from '@trove/service-core/testing';
import { waitUntil } from '@trove/service-core/testing/time';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractDocument } from '../extraction';
import {
  type SourcesTestService,
  type SignedInUser,
  startSourcesTestService,
} from '../../../../infra/src/testing/sources-and-search';
import { computedAnswer, FIGURE_DEFAULTS } from '../figures/computed-answer';
import { RecordsCache } from '../figures/records-cache';
import { recordCollections } from './records.repository';
import { cents, centsText, invoiceRows, invoicesCsv } from './testing/invoices';

// Typed fields end to end (issue 37 item 1, docs/decisions/130): a PostgreSQL table's rows and a CSV file's rows
// reach document_records with their types, read by the sync and by the extraction job alike.

let service: SourcesTestService;
let source: TestDatabase;
let ada: SignedInUser;
const rows = invoiceRows(30, '2026-11-29');
const NOW = new Date('2026-11-29T12:00:00Z');

beforeAll(async () => {
  [service, source] = await Promise.all([
    startSourcesTestService({ sources: { allowedHosts: '127.0.0.1', databases: { idScanMinutes: 0 } } }),
    createTestDatabase(),
  ]);
  ada = await service.signUp();
  const client = new pg.Client({ connectionString: source.url });
  await client.connect();
  await client.query(`create table invoices (
    id integer primary key, number text not null, customer text, amount numeric(12, 2), due_date date,
    status text, paid boolean, created_at timestamptz not null default '2026-01-02 03:04:05+00')`);
  for (const row of rows)
    await client.query(
      'insert into invoices (id, number, customer, amount, due_date, status, paid) values ($1, $2, $3, $4, $5, $6, $7)',
      [row.id, row.number, row.customer, row.amount, row.due_date, row.status, row.status === 'paid'],
    );
  await client.end();
});

afterAll(async () => {
  await service?.close();
  await source?.drop();
});

const recordsOf = async (userId: string) =>
  (
    await sql<{ collection: string; location: string; fields: unknown }>`
      select collection, location, fields from document_records where user_id = ${userId}
      order by collection, document_id, ordinal`.execute(service.db)
  ).rows;

describe('typed fields reach the index', () => {
  it('a database row keeps its columns’ types', async () => {
    const url = new URL(source.url);
    const created = await service.request(ada, '/api/v1/sources', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        kind: 'postgres',
        settings: {
          host: '127.0.0.1',
          port: Number(url.port || 5432),
          database: url.pathname.slice(1),
          user: url.username || 'postgres',
          tls: 'disable',
          table: 'invoices',
          id_column: 'id',
          title_column: 'number',
          body_columns: ['customer', 'amount', 'due_date', 'status', 'paid', 'created_at'],
        },
        password: 'unused',
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { source: made } = SourceResponseSchema.parse(await created.json());
    await waitUntil(async () => (await service.sources?.syncNow(made.id)) === 'done', {
      timeoutMs: 60_000,
      what: 'the source synced',
    });
    const stored = await recordsOf(ada.userId);
    expect(stored).toHaveLength(rows.length);
    const first = rows[0];
    expect(stored).toContainEqual({
      collection: 'invoices',
      location: '',
      fields: [
        { name: 'Id', type: 'number', value: '1' },
        { name: 'Number', type: 'text', value: first?.number },
        { name: 'Customer', type: 'text', value: first?.customer },
        { name: 'Amount', type: 'money', value: String(Number(first?.amount)) },
        { name: 'Due date', type: 'date', value: first?.due_date },
        { name: 'Status', type: 'text', value: first?.status },
        { name: 'Paid', type: 'boolean', value: first?.status === 'paid' },
        { name: 'Created at', type: 'timestamp', value: '2026-01-02T03:04:05.000Z' },
      ],
    });
  });

  it('a CSV file’s rows keep their header and cell types, through the extraction job', async () => {
    const bob = await service.signUp();
    const res = await service.upload(bob, [
      { name: 'ledger.csv', type: 'text/csv', text: invoicesCsv(rows) },
    ]);
    expect(res.status).toBe(202);
    const worker = service.worker(extractDocument);
    while (await worker.runOnce()) {
      // the upload's job
    }
    const stored = await recordsOf(bob.userId);
    expect(stored).toHaveLength(rows.length);
    expect(stored[1]).toEqual({
      collection: 'ledger',
      location: 'row 3',
      fields: [
        { name: 'Number', type: 'text', value: rows[1]?.number },
        { name: 'Customer', type: 'text', value: rows[1]?.customer },
        { name: 'Amount', type: 'money', value: String(Number(rows[1]?.amount)) },
        { name: 'Due date', type: 'date', value: rows[1]?.due_date },
        { name: 'Status', type: 'text', value: rows[1]?.status },
      ],
    });
  });

  it('keeps each user’s collections by trigger, and the rows cache follows their version', async () => {
    const [collection] = await recordCollections(service.db, ada.userId);
    expect(collection).toMatchObject({
      collection: 'invoices',
      records: rows.length,
      fieldNames: ['Id', 'Number', 'Customer', 'Amount', 'Due date', 'Status', 'Paid', 'Created at'],
    });
    if (collection === undefined) throw new Error('a collection');
    const cache = new RecordsCache(1_000);
    const first = await cache.rows(service.db, ada.userId, collection, 1_000);
    expect(first).toHaveLength(rows.length);
    expect(await cache.rows(service.db, ada.userId, collection, 1_000)).toBe(first);
    // The total over the kept rows, twice: the second reads the columns the first made (docs/decisions/225).
    const settings = { ...FIGURE_DEFAULTS, cache };
    const total = async () => {
      const answer = await computedAnswer(
        service.db,
        ada.userId,
        'total amount of the invoices',
        NOW,
        settings,
      );
      return answer?.figures.find((figure) => figure.label === 'Total Amount')?.value;
    };
    const all = centsText(rows.reduce((sum, row) => sum + cents(row.amount), 0)).replace(/,/g, '');
    expect(await total()).toBe(all.replace(/\.?0+$/, ''));
    expect(await total()).toBe(all.replace(/\.?0+$/, ''));
    // One record gone (its document deleted): the count and the version move, and the cache reads again.
    const gone = await sql<{ fields: { name: string; value: unknown }[] }>`
      select fields from document_records where user_id = ${ada.userId} order by document_id limit 1`.execute(
      service.db,
    );
    const goneAmount = String(gone.rows[0]?.fields.find((field) => field.name === 'Amount')?.value);
    await sql`delete from documents where id = (select document_id from document_records
      where user_id = ${ada.userId} order by document_id limit 1)`.execute(service.db);
    const [after] = await recordCollections(service.db, ada.userId);
    expect(after?.records).toBe(rows.length - 1);
    expect(after?.version).not.toBe(collection.version);
    if (after === undefined) throw new Error('a collection');
    expect(await cache.rows(service.db, ada.userId, after, 1_000)).toHaveLength(rows.length - 1);
    // The figures are the new rows': no column of the old rows is read for them.
    const left = centsText(rows.reduce((sum, row) => sum + cents(row.amount), 0) - cents(goneAmount)).replace(
      /,/g,
      '',
    );
    expect(await total()).toBe(left.replace(/\.?0+$/, ''));
  });
});
