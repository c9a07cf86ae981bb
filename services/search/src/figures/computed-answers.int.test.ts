import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type AssistantChatMessage,
  AskResponseSchema,
  ChatResponseSchema,
  SourceFileResponseSchema,
  SourceResponseSchema,
} from '@trove/contracts';
import { createTestDatabase, type TestDatabase } from '@trove/service-core/testing';
import { testTime, waitUntil } from '@trove/service-core/testing/time';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractDocument } from '../extraction';
import { cents, centsText, type InvoiceRow, invoiceRows, invoicesCsv } from '../records/testing/invoices';
import {
  hasMariadb,
  type SourceServer,
  startMariadb,
} from '../../../../infra/src/testing/sources-and-search';
import {
  type SourcesTestService,
  type SignedInUser,
  startSourcesTestService,
} from '../../../../infra/src/testing/sources-and-search';

// Questions that compute, end to end (issue 37 items 2, 3 and 5): a table of 240 invoices (customer, amount, due
// date, status) in PostgreSQL, MariaDB and SQLite, and the same rows as an uploaded CSV file, each the only
// collection of its own user; the four questions asked through the Chats API, and every figure and set
// compared with the truth computed here in integer cents.

const TODAY = '2026-11-29';
const rows = invoiceRows(240, TODAY);

let service: SourcesTestService;
let postgres: TestDatabase;
let mariadb: SourceServer | undefined;
let sqliteDir: string;
const users = new Map<string, SignedInUser>();

const post = async (user: SignedInUser, path: string, body: unknown) => {
  const res = await service.request(user, path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as unknown };
};

async function syncSource(user: SignedInUser, body: Record<string, unknown>): Promise<void> {
  const created = await post(user, '/api/v1/sources', body);
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const { source } = SourceResponseSchema.parse(created.json);
  await waitUntil(async () => (await service.sources?.syncNow(source.id)) === 'done', {
    timeoutMs: 60_000,
    what: 'the source synced',
  });
}

const mapping = {
  table: 'invoices',
  id_column: 'id',
  title_column: 'number',
  body_columns: ['customer', 'amount', 'due_date', 'status'],
};

const insertSql = (placeholder: (n: number) => string) =>
  `insert into invoices (id, number, customer, amount, due_date, status) values (${[1, 2, 3, 4, 5, 6].map(placeholder).join(', ')})`;
const values = (row: InvoiceRow) => [row.id, row.number, row.customer, row.amount, row.due_date, row.status];

async function seedPostgres(user: SignedInUser): Promise<void> {
  postgres = await createTestDatabase();
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  await client.query(
    'create table invoices (id integer primary key, number text, customer text, amount numeric(12, 2), due_date date, status text)',
  );
  for (const row of rows)
    await client.query(
      insertSql((n) => `$${n}`),
      values(row),
    );
  await client.end();
  const url = new URL(postgres.url);
  await syncSource(user, {
    kind: 'postgres',
    settings: {
      host: '127.0.0.1',
      port: Number(url.port || 5432),
      database: url.pathname.slice(1),
      user: url.username || 'postgres',
      tls: 'disable',
      ...mapping,
    },
    password: 'unused',
  });
}

async function seedMariadb(user: SignedInUser, server: SourceServer): Promise<void> {
  await server.exec('drop table invoices');
  await server.exec(
    'create table invoices (id int primary key, number varchar(20), customer varchar(100), amount decimal(12, 2), due_date date, status varchar(20))',
  );
  for (const row of rows)
    await server.exec(
      insertSql(() => '?'),
      values(row),
    );
  await syncSource(user, {
    kind: 'mysql',
    settings: {
      host: server.host,
      port: server.port,
      database: server.database,
      user: server.reader.user,
      tls: 'disable',
      ...mapping,
    },
    password: server.reader.password,
  });
}

async function seedSqlite(user: SignedInUser): Promise<void> {
  const path = join(sqliteDir, 'billing.db');
  const file = new Sqlite(path);
  file.exec(
    'create table invoices (id integer primary key, number text, customer text, amount numeric(12, 2), due_date date, status text)',
  );
  const insert = file.prepare(insertSql(() => '?'));
  for (const row of rows) insert.run(...values(row));
  file.close();
  const form = new FormData();
  form.append('file', new File([readFileSync(path)], 'billing.db', { type: 'application/octet-stream' }));
  const res = await service.request(user, '/api/v1/sources/files', { method: 'POST', body: form });
  expect(res.status).toBe(201);
  const { file: stored } = SourceFileResponseSchema.parse(await res.json());
  await syncSource(user, { kind: 'sqlite', settings: { file_id: stored.id, ...mapping } });
}

async function seedCsv(user: SignedInUser): Promise<void> {
  const res = await service.upload(user, [
    { name: 'invoices.csv', type: 'text/csv', text: invoicesCsv(rows) },
  ]);
  expect(res.status).toBe(202);
  const worker = service.worker(extractDocument);
  while (await worker.runOnce()) {
    // the upload's job
  }
}

beforeAll(async () => {
  sqliteDir = mkdtempSync(join(tmpdir(), 'trove-answers-test-'));
  [service, mariadb] = await Promise.all([
    startSourcesTestService({
      sources: { allowedHosts: '127.0.0.1' },
      chats: { now: () => new Date(`${TODAY}T15:00:00Z`) },
    }),
    hasMariadb() ? startMariadb() : Promise.resolve(undefined),
  ]);
  for (const name of ['postgres', 'mariadb', 'sqlite', 'csv']) users.set(name, await service.signUp());
  const user = (name: string) => users.get(name) as SignedInUser;
  await seedPostgres(user('postgres'));
  if (mariadb !== undefined) await seedMariadb(user('mariadb'), mariadb);
  await seedSqlite(user('sqlite'));
  await seedCsv(user('csv'));
}, testTime(240_000));

afterAll(async () => {
  await service?.close();
  await postgres?.drop();
  await mariadb?.stop();
  if (sqliteDir) rmSync(sqliteDir, { recursive: true, force: true });
});

async function ask(user: SignedInUser, text: string): Promise<AssistantChatMessage> {
  const chat = await post(user, '/api/v1/chats', {});
  const { chat: made } = ChatResponseSchema.parse(chat.json);
  const asked = await post(user, `/api/v1/chats/${made.id}/messages`, { text });
  expect(asked.status, JSON.stringify(asked.json)).toBe(201);
  return AskResponseSchema.parse(asked.json).answer;
}

const sum = (set: readonly InvoiceRow[]) =>
  centsText(set.reduce((total, row) => total + cents(row.amount), 0));
const numbersOf = (answer: AssistantChatMessage) =>
  (answer.computed?.rows ?? [])
    .map((row) => String(row.fields.find((field) => field.name === 'Number')?.value))
    .sort();

describe.each(['postgres', 'mariadb', 'sqlite', 'csv'])('answers that compute over %s rows', (backend) => {
  const user = () => {
    const found = users.get(backend);
    if (found === undefined || (backend === 'mariadb' && mariadb === undefined))
      throw new Error(`${backend} is not available`);
    return found;
  };

  it('the total of the invoices due in March, the total first, every row cited', async () => {
    const answer = await ask(user(), 'what is the total amount of the invoices due in March?');
    const march = rows.filter((row) => row.due_date.startsWith('2026-03'));
    expect(answer.computed?.row_count).toBe(march.length);
    expect(numbersOf(answer)).toEqual(march.map((row) => row.number).sort());
    expect(answer.summary[0]?.text).toMatch(
      new RegExp(
        `^${march.length} invoices due in March 2026: ${sum(march).replace(/[.]/g, '\\.')} USD in total|^${march.length} invoices due in March 2026: ${sum(march).replace(/[.]/g, '\\.')} in total`,
      ),
    );
    expect(answer.fields).toHaveLength(march.length);
    expect(answer.fields.every((field) => field.total !== undefined)).toBe(true);
    expect(answer.passages.length).toBeGreaterThan(0);
    expect(answer.computed?.understood).toContain('Due date in March 2026');
  });

  it('the invoices over $20,000, counted first', async () => {
    const answer = await ask(user(), 'which invoices are over $20,000?');
    const over = rows.filter((row) => cents(row.amount) > 2_000_000);
    expect(numbersOf(answer)).toEqual(over.map((row) => row.number).sort());
    expect(answer.summary[0]?.text.startsWith(`${over.length} invoices over 20,000 USD`)).toBe(true);
  });

  it('the overdue invoices: past due and not paid', async () => {
    const answer = await ask(user(), 'which invoices are overdue?');
    const overdue = rows.filter((row) => row.due_date < TODAY && row.status !== 'paid');
    expect(numbersOf(answer)).toEqual(overdue.map((row) => row.number).sort());
    expect(answer.summary[0]?.text.startsWith(`${overdue.length} invoices overdue: ${sum(overdue)}`)).toBe(
      true,
    );
  });

  it('how many invoices one customer has and what they add up to', async () => {
    const answer = await ask(
      user(),
      'how many invoices does Stark Industries have and what do they add up to?',
    );
    const stark = rows.filter((row) => row.customer === 'Stark Industries');
    expect(answer.computed?.row_count).toBe(stark.length);
    expect(answer.computed?.figures.find((figure) => figure.label === 'Total Amount')?.text).toMatch(
      new RegExp(`^${sum(stark).replace(/[.]/g, '\\.')}`),
    );
  });
});
