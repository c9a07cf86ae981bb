import { describe, expect, it } from 'vitest';
import {
  createRequest,
  emptyDatabaseForm,
  previewRequest,
  problemField,
  readerRole,
  readOnlyGrant,
  splitColumns,
  toggleBodyColumn,
  withSuggestedMapping,
} from './database-settings';

const columns = ['id', 'customer', 'total'].map((name) => ({
  name,
  type: 'text',
  kind: 'text' as const,
  label: name,
}));
const filled = {
  ...emptyDatabaseForm('postgres'),
  host: 'db.example.org',
  database: 'shop',
  user: 'reader',
  table: 'invoices',
};

describe('the database form’s rules (issue 22)', () => {
  it('body columns are typed comma-separated and ticked in the order chosen', () => {
    expect(splitColumns(' a, b ,, c ')).toEqual(['a', 'b', 'c']);
    expect(toggleBodyColumn('a, b', 'c', true)).toBe('a, b, c');
    expect(toggleBodyColumn('a, b, c', 'b', false)).toBe('a, c');
    expect(toggleBodyColumn('a', 'a', true)).toBe('a');
  });

  it('a suggested mapping fills only what the person left empty', () => {
    const mapping = {
      table: 'invoices',
      query: null,
      id_column: 'id',
      title_column: 'number',
      body_columns: ['customer', 'total'],
      changed_at_column: 'updated_at',
    };
    expect(withSuggestedMapping({ ...filled, titleColumn: 'customer' }, mapping)).toMatchObject({
      idColumn: 'id',
      titleColumn: 'customer',
      body: 'customer, total',
      changedAtColumn: 'updated_at',
    });
    expect(withSuggestedMapping(filled, null)).toBe(filled);
  });

  it('a preview needs no columns; Save needs the id and a body column', () => {
    expect(previewRequest('postgres', filled, null).ok).toBe(true);
    const save = createRequest('postgres', filled, null);
    expect(save.ok).toBe(false);
    expect(save.ok ? null : Object.keys(save.errors).sort()).toEqual(['body', 'idColumn']);
    expect(createRequest('postgres', { ...filled, idColumn: 'id', body: 'customer' }, null).ok).toBe(true);
  });

  it('a SQLite source asks for its file first', () => {
    const checked = previewRequest('sqlite', emptyDatabaseForm('sqlite'), null);
    expect(checked.ok ? null : Object.keys(checked.errors)).toEqual(['file']);
  });

  it('a missing column is the picker whose column the last preview did not list', () => {
    const values = { ...filled, idColumn: 'id', titleColumn: 'subject', body: 'customer' };
    expect(problemField('postgres', 'column', values, columns)).toBe('titleColumn');
    expect(
      problemField('postgres', 'column', { ...values, titleColumn: '', body: 'customer, memo' }, columns),
    ).toBe('body');
    expect(problemField('postgres', 'column', values, null)).toBe('idColumn');
  });

  it('a SQLite file’s problems are the file’s; a server’s the connection field', () => {
    expect(problemField('sqlite', 'database', filled, null)).toBe('file');
    expect(problemField('sqlite', 'auth', filled, null)).toBeNull();
    expect(problemField('mysql', 'auth', filled, null)).toBe('password');
    expect(problemField('mysql', 'timeout', { ...filled, mode: 'query' }, null)).toBe('query');
    expect(problemField('mysql', 'server', filled, null)).toBeNull();
  });

  it('the read-only role is named for the product, and a MySQL database name is quoted', () => {
    expect(readerRole('Trove')).toBe('trove_reader');
    expect(readerRole('Acme Search!')).toBe('acme_search_reader');
    expect(readerRole('—')).toBe('search_reader');
    expect(readOnlyGrant('mysql', 'odd`name', 'trove_reader')).toBe(
      "GRANT SELECT ON `odd``name`.* TO 'trove_reader'@'%';",
    );
    expect(readOnlyGrant('postgres', 'shop', 'trove_reader')).toBe(
      'GRANT SELECT ON ALL TABLES IN SCHEMA public TO trove_reader;',
    );
  });
});
