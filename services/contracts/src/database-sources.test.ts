import { describe, expect, it } from 'vitest';
import {
  DATABASE_MESSAGES,
  DATABASE_PROBLEMS,
  DATABASE_SOURCE_PATHS,
  DatabasePreviewResultSchema,
  databaseFieldLabel,
  databaseSyncMode,
  PreviewSavedSourceSchema,
  PreviewSourceSchema,
} from './database-sources';
import {
  CreateSourceSchema,
  SOURCE_KINDS,
  SOURCE_PROBLEMS,
  SourceSchema,
  UpdateSourceSchema,
} from './sources';

const connection = { host: 'DB.example.com', port: 5432, database: 'billing', user: 'trove_reader' };
const mapping = {
  table: 'invoices',
  id_column: 'id',
  title_column: 'number',
  body_columns: ['customer', 'total'],
};
const message = (result: { error?: { issues: { message: string }[] } | undefined }) =>
  result.error?.issues[0]?.message;

describe('database sources in CreateSourceSchema', () => {
  it('a PostgreSQL source: host lower-cased, TLS verified by default, no changed-at column, no query', () => {
    expect(
      CreateSourceSchema.parse({ kind: 'postgres', settings: { ...connection, ...mapping }, password: 'pw' }),
    ).toEqual({
      kind: 'postgres',
      settings: {
        host: 'db.example.com',
        port: 5432,
        database: 'billing',
        user: 'trove_reader',
        tls: 'verify',
        table: 'invoices',
        query: null,
        id_column: 'id',
        title_column: 'number',
        body_columns: ['customer', 'total'],
        changed_at_column: null,
      },
      password: 'pw',
    });
  });

  it('a MySQL source with a query and an empty password (a server that asks none)', () => {
    const parsed = CreateSourceSchema.parse({
      kind: 'mysql',
      settings: {
        ...connection,
        tls: 'disable',
        query: 'select id, subject, body from tickets;',
        id_column: 'id',
        body_columns: ['body', 'body'],
        changed_at_column: 'updated_at',
      },
      password: '',
    });
    expect(parsed.kind).toBe('mysql');
    if (parsed.kind !== 'mysql') return;
    expect(parsed.settings.table).toBeNull();
    expect(parsed.settings.body_columns).toEqual(['body']);
    expect(parsed.settings.changed_at_column).toBe('updated_at');
  });

  it('a SQLite source names its uploaded file and takes no password', () => {
    const file_id = '00000000-0000-4000-8000-000000000009';
    expect(CreateSourceSchema.parse({ kind: 'sqlite', settings: { file_id, ...mapping } }).kind).toBe(
      'sqlite',
    );
    expect(
      message(
        CreateSourceSchema.safeParse({ kind: 'sqlite', settings: { file_id, ...mapping }, password: 'x' }),
      ),
    ).toBe('Unknown field: password');
    expect(
      message(CreateSourceSchema.safeParse({ kind: 'sqlite', settings: { file_id: 'nope', ...mapping } })),
    ).toBe(DATABASE_MESSAGES.badFileId);
  });

  it('needs exactly one of table and query, an id column and a body column', () => {
    const create = (settings: Record<string, unknown>) =>
      message(CreateSourceSchema.safeParse({ kind: 'postgres', settings, password: 'pw' }));
    expect(create({ ...connection, ...mapping, query: 'select 1' })).toBe(DATABASE_MESSAGES.tableOrQuery);
    expect(create({ ...connection, ...mapping, table: null })).toBe(DATABASE_MESSAGES.tableOrQuery);
    expect(create({ ...connection, ...mapping, id_column: ' ' })).toBe(DATABASE_MESSAGES.idRequired);
    expect(create({ ...connection, ...mapping, body_columns: [] })).toBe(DATABASE_MESSAGES.bodyRequired);
    expect(create({ ...connection, ...mapping, table: 'a.b.c' })).toBe(DATABASE_MESSAGES.badTable);
    expect(create({ ...connection, ...mapping, host: 'postgres://db' })).toBe(DATABASE_MESSAGES.badHost);
    expect(create({ ...connection, ...mapping, tls: 'prefer' })).toBe(DATABASE_MESSAGES.badTls);
    expect(create({ ...connection, ...mapping, sslmode: 'require' })).toBe('Unknown field: sslmode');
  });

  it('every database kind is a source kind, and every database problem a card problem', () => {
    expect(SOURCE_KINDS).toEqual(['imap', 'postgres', 'mysql', 'sqlite', 'webdav', 'git', 'calendar']);
    for (const problem of DATABASE_PROBLEMS) expect(SOURCE_PROBLEMS).toContain(problem);
  });
});

describe('PreviewSourceSchema', () => {
  it('takes a connection alone (lists the tables), or a table with a partial mapping', () => {
    const bare = PreviewSourceSchema.parse({ kind: 'postgres', settings: connection, password: 'pw' });
    expect(bare.settings.table).toBeUndefined();
    const partial = PreviewSourceSchema.parse({
      kind: 'mysql',
      settings: { ...connection, table: 'tickets', id_column: null },
      password: 'pw',
    });
    expect(partial.settings.table).toBe('tickets');
  });

  it('refuses a table and a query together, and a server kind without its password', () => {
    expect(
      message(
        PreviewSourceSchema.safeParse({
          kind: 'postgres',
          settings: { ...connection, table: 't', query: 'select 1' },
          password: '',
        }),
      ),
    ).toBe(DATABASE_MESSAGES.tableOrQuery);
    expect(PreviewSourceSchema.safeParse({ kind: 'postgres', settings: connection }).success).toBe(false);
    expect(PreviewSourceSchema.safeParse({ kind: 'imap', settings: connection, password: '' }).success).toBe(
      false,
    );
  });

  it('a saved source previews with or without changes', () => {
    expect(PreviewSavedSourceSchema.parse({})).toEqual({});
    expect(PreviewSavedSourceSchema.parse({ settings: { table: null, query: 'select 1' } }).settings).toEqual(
      {
        table: null,
        query: 'select 1',
      },
    );
    expect(DATABASE_SOURCE_PATHS.savedPreview('abc')).toBe('/api/v1/sources/abc/preview');
  });
});

describe('UpdateSourceSchema', () => {
  it('takes a database settings change as well as an IMAP one', () => {
    expect(UpdateSourceSchema.parse({ settings: { changed_at_column: 'updated_at' } }).settings).toEqual({
      changed_at_column: 'updated_at',
    });
    expect(message(UpdateSourceSchema.safeParse({ settings: { colour: 'red' } }))).toBe(
      'settings holds fields no source has.',
    );
  });
});

describe('the answers', () => {
  it('a failed preview names its problem; an ok one its rows', () => {
    expect(
      DatabasePreviewResultSchema.parse({
        ok: false,
        problem: 'query',
        reason: 'It writes.',
        action: 'Fix it.',
      }).ok,
    ).toBe(false);
    const ok = DatabasePreviewResultSchema.parse({
      ok: true,
      tables: [{ name: 'invoices', kind: 'table' }],
      columns: [{ name: 'id', type: 'integer', kind: 'number', label: 'Id' }],
      mapping: null,
      rows: [],
      notes: [],
    });
    expect(ok.ok).toBe(true);
  });

  it('a database source says how it syncs; a SQLite source which file it reads', () => {
    const base = {
      id: 's1',
      name: 'Invoices',
      status: { state: 'connected', next_sync_at: null },
      documents: 0,
      created_at: '2026-11-26T00:00:00.000Z',
      updated_at: '2026-11-26T00:00:00.000Z',
    };
    const settings = {
      file_id: '00000000-0000-4000-8000-000000000009',
      ...mapping,
      query: null,
      changed_at_column: null,
    };
    const parsed = SourceSchema.parse({
      ...base,
      kind: 'sqlite',
      settings: { ...settings, title_column: null },
      sync: databaseSyncMode(settings),
      file: { id: settings.file_id, name: 'crm.db', size_bytes: 4096, uploaded_at: base.created_at },
    });
    expect(parsed.kind === 'sqlite' && parsed.sync.mode).toBe('full');
    expect(databaseSyncMode({ changed_at_column: 'updated_at' }).mode).toBe('delta');
    expect(databaseSyncMode({ changed_at_column: null }).note).toMatch(/every sync reads all rows/);
  });
});

describe('databaseFieldLabel', () => {
  it('turns column names into labels', () => {
    expect(databaseFieldLabel('customer_name')).toBe('Customer name');
    expect(databaseFieldLabel('totalAmount')).toBe('Total amount');
    expect(databaseFieldLabel('Amount')).toBe('Amount');
    expect(databaseFieldLabel('VAT_ID')).toBe('VAT ID');
    expect(databaseFieldLabel('__')).toBe('__');
  });
});
