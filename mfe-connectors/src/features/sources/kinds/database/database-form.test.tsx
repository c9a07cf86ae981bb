// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  DATABASE_MESSAGES,
  type DatabasePreviewResult,
  type DatabaseSource,
  type PreviewSourceInput,
  type Source,
} from '@trove/contracts';
import { KitProviders } from '@trove/kit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DatabaseForm, type DatabaseFormApi } from './database-form';

const columns = [
  { name: 'id', type: 'integer', kind: 'number', label: 'Id' },
  { name: 'customer', type: 'text', kind: 'text', label: 'Customer' },
  { name: 'total', type: 'numeric', kind: 'number', label: 'Total' },
  { name: 'notes', type: 'text', kind: 'text', label: 'Notes' },
  { name: 'updated_at', type: 'timestamp with time zone', kind: 'date', label: 'Updated at' },
] as const;

const tablesOnly: DatabasePreviewResult = {
  ok: true,
  tables: [
    { name: 'invoices', kind: 'table' },
    { name: 'open_tickets', kind: 'view' },
  ],
  columns: [],
  mapping: null,
  rows: [],
  notes: [],
};

const rowsOf = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    id: String(i + 1),
    title: `Invoice ${i + 1}`,
    fields: [
      { column: 'customer', label: 'Customer', value: `Customer ${i + 1}` },
      { column: 'total', label: 'Total', value: `${(i + 1) * 100}.00` },
    ],
    body: `Customer: Customer ${i + 1}\nTotal: ${(i + 1) * 100}.00`,
    changed_at: null,
  }));

const withRows = (changedAt: string | null = null): DatabasePreviewResult => ({
  ok: true,
  tables: tablesOnly.ok ? tablesOnly.tables : [],
  columns: [...columns],
  mapping: {
    table: 'invoices',
    query: null,
    id_column: 'id',
    title_column: null,
    body_columns: ['customer', 'total'],
    changed_at_column: changedAt,
  },
  rows: rowsOf(5),
  notes:
    changedAt === null ? ['No “changed at” column: every sync reads all rows to find what changed.'] : [],
});

const failed = (
  problem: Extract<DatabasePreviewResult, { ok: false }>['problem'],
): DatabasePreviewResult => ({
  ok: false,
  problem,
  reason: `The server said ${problem}.`,
  action: `Fix the ${problem}.`,
});

function renderForm(
  api: Partial<DatabaseFormApi> = {},
  props: { kind?: 'postgres' | 'mysql' | 'sqlite'; source?: DatabaseSource } = {},
) {
  const full: DatabaseFormApi = {
    preview: vi.fn(api.preview ?? (async () => tablesOnly)),
    previewSaved: vi.fn(api.previewSaved ?? (async () => withRows())),
    create: vi.fn(api.create ?? (async () => ({ id: 's1', name: 'invoices' }) as Source)),
    update: vi.fn(api.update ?? (async () => ({ id: 's1', name: 'invoices' }) as Source)),
    upload: vi.fn(
      api.upload ??
        (async () => ({
          file: {
            id: '00000000-0000-4000-8000-0000000000f1',
            name: 'shop.db',
            size_bytes: 8192,
            uploaded_at: '',
          },
          tables: [{ name: 'orders', kind: 'table' as const }],
        })),
    ),
  };
  const onSaved = vi.fn();
  render(
    <KitProviders config={{ name: 'Acme', shortName: 'A', tagline: 'x' }}>
      <DatabaseForm
        kind={props.kind ?? 'postgres'}
        source={props.source}
        api={full}
        onSaved={onSaved}
        onCancel={() => {}}
      />
    </KitProviders>,
  );
  return { api: full, onSaved };
}

const type = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const previewCalls = (api: DatabaseFormApi) =>
  (api.preview as ReturnType<typeof vi.fn>).mock.calls.map((call) => call[0] as PreviewSourceInput);

function fillConnection() {
  type('Host', 'db.example.org');
  type('Database', 'shop');
  type('User', 'acme_reader');
  type('Password', 'secret');
}

afterEach(cleanup);

describe('the database form (issue 22)', () => {
  it('defaults the port to each engine’s (5432, 3306) and recommends a read-only role with its GRANT', () => {
    renderForm();
    expect((screen.getByLabelText('Port') as HTMLInputElement).value).toBe('5432');
    expect(screen.getByText('GRANT SELECT ON ALL TABLES IN SCHEMA public TO acme_reader;')).toBeTruthy();
    cleanup();
    renderForm({}, { kind: 'mysql' });
    expect((screen.getByLabelText('Port') as HTMLInputElement).value).toBe('3306');
    type('Database', 'shop');
    expect(screen.getByText("GRANT SELECT ON `shop`.* TO 'acme_reader'@'%';")).toBeTruthy();
  });

  it('shows the contracts’ message beside each wrong field and previews nothing', () => {
    const { api } = renderForm();
    type('Host', 'https://db.example.org');
    type('Port', '70000');
    press('Preview');
    expect(screen.getByText(DATABASE_MESSAGES.badHost)).toBeTruthy();
    expect(screen.getByText(DATABASE_MESSAGES.badPort)).toBeTruthy();
    expect(screen.getByText(DATABASE_MESSAGES.databaseRequired)).toBeTruthy();
    expect(screen.getByText(DATABASE_MESSAGES.userRequired)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Host'));
    expect(api.preview).not.toHaveBeenCalled();
  });

  it('Preview without a table lists the tables; choosing one previews its columns and 5 rows as indexed', async () => {
    const { api } = renderForm({
      preview: vi
        .fn<DatabaseFormApi['preview']>()
        .mockResolvedValueOnce(tablesOnly)
        .mockResolvedValue(withRows()),
    });
    fillConnection();
    press('Preview');
    await screen.findByText(/Connected\. Choose the table or view to index\./);
    expect(previewCalls(api)[0]).toMatchObject({
      kind: 'postgres',
      settings: {
        host: 'db.example.org',
        port: 5432,
        database: 'shop',
        user: 'acme_reader',
        tls: 'verify',
        table: null,
      },
      password: 'secret',
    });
    const table = screen.getByLabelText('Table or view') as HTMLSelectElement;
    expect([...table.options].map((option) => option.textContent)).toEqual([
      'Choose a table or view…',
      'invoices',
      'open_tickets (view)',
    ]);
    fireEvent.change(table, { target: { value: 'invoices' } });
    const rows = await screen.findByRole('list', { name: 'Preview of invoices' });
    expect(within(rows).getAllByRole('listitem')).toHaveLength(5);
    expect(within(rows).getByText('Invoice 1')).toBeTruthy();
    expect(within(rows).getAllByText('Customer:')).toHaveLength(5);
    expect(within(rows).getByText('Customer 3')).toBeTruthy();
    // The pickers are the real columns now, set to the suggested mapping.
    expect((screen.getByLabelText('Id column') as HTMLSelectElement).value).toBe('id');
    const body = screen.getByRole('group', { name: /Body columns/ });
    expect((within(body).getByRole('checkbox', { name: /customer/ }) as HTMLInputElement).checked).toBe(true);
    expect((within(body).getByRole('checkbox', { name: /notes/ }) as HTMLInputElement).checked).toBe(false);
    // Only times and numbers can say when a row changed.
    const changed = screen.getByLabelText('Changed-at column') as HTMLSelectElement;
    expect([...changed.options].map((option) => option.value)).toEqual(['', 'id', 'total', 'updated_at']);
    // Without a changed-at column, the full scans are said in plain words.
    expect(screen.getByText(/every sync reads all rows/)).toBeTruthy();
  });

  it('picking another column previews again with it, and Save sends exactly what was previewed', async () => {
    const { api, onSaved } = renderForm({ preview: async () => withRows() });
    fillConnection();
    type('Table or view', 'invoices');
    press('Preview');
    await screen.findByRole('list', { name: 'Preview of invoices' });
    fireEvent.click(screen.getByRole('checkbox', { name: /notes/ }));
    await waitFor(() => expect(previewCalls(api)).toHaveLength(2));
    expect(previewCalls(api)[1]?.settings).toMatchObject({ body_columns: ['customer', 'total', 'notes'] });
    await screen.findByRole('list', { name: 'Preview of invoices' });
    fireEvent.change(screen.getByLabelText('Changed-at column'), { target: { value: 'updated_at' } });
    await waitFor(() => expect(previewCalls(api)).toHaveLength(3));
    await screen.findByRole('list', { name: 'Preview of invoices' });
    press('Save');
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect((api.create as ReturnType<typeof vi.fn>).mock.calls[0]?.[0]).toEqual({
      kind: 'postgres',
      settings: {
        host: 'db.example.org',
        port: 5432,
        database: 'shop',
        user: 'acme_reader',
        tls: 'verify',
        table: 'invoices',
        query: null,
        id_column: 'id',
        title_column: null,
        body_columns: ['customer', 'total', 'notes'],
        changed_at_column: 'updated_at',
      },
      password: 'secret',
    });
  });

  it('a name typed is the source’s name', async () => {
    const { api, onSaved } = renderForm({ preview: async () => withRows() });
    fillConnection();
    type('Table or view', 'invoices');
    press('Preview');
    await screen.findByRole('list', { name: 'Preview of invoices' });
    type('Name', ' Invoices ');
    press('Save');
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect((api.create as ReturnType<typeof vi.fn>).mock.calls[0]?.[0]).toMatchObject({ name: 'Invoices' });
  });

  // Issue 38: picking a column previews again; a Save pressed before that preview answered did nothing.
  it('Save pressed while a picked column previews again saves what that preview shows', async () => {
    let answer: (result: DatabasePreviewResult) => void = () => {};
    const { api, onSaved } = renderForm({ preview: async () => withRows() });
    fillConnection();
    type('Table or view', 'invoices');
    press('Preview');
    await screen.findByRole('list', { name: 'Preview of invoices' });
    (api.preview as ReturnType<typeof vi.fn>).mockImplementation(
      () => new Promise<DatabasePreviewResult>((resolve) => (answer = resolve)),
    );
    fireEvent.change(screen.getByLabelText('Changed-at column'), { target: { value: 'updated_at' } });
    press('Save');
    await waitFor(() => expect(api.preview).toHaveBeenCalledTimes(2));
    expect(api.create).not.toHaveBeenCalled();
    answer(withRows('updated_at'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect((api.create as ReturnType<typeof vi.fn>).mock.calls[0]?.[0]).toMatchObject({
      settings: { changed_at_column: 'updated_at' },
    });
  });

  it('a change while a preview reads drops it: Save previews again instead of waiting forever', async () => {
    const { api } = renderForm({ preview: async () => withRows() });
    fillConnection();
    type('Table or view', 'invoices');
    press('Preview');
    await screen.findByRole('list', { name: 'Preview of invoices' });
    (api.preview as ReturnType<typeof vi.fn>).mockImplementationOnce(() => new Promise(() => {}));
    fireEvent.change(screen.getByLabelText('Changed-at column'), { target: { value: 'updated_at' } });
    type('Database', 'shop2');
    press('Save');
    await waitFor(() => expect(api.preview).toHaveBeenCalledTimes(3));
    await screen.findByRole('list', { name: 'Preview of invoices' });
  });

  it('Save before a preview previews first and saves nothing', async () => {
    const { api } = renderForm({ preview: async () => withRows() });
    fillConnection();
    type('Table or view', 'invoices');
    press('Save');
    await screen.findByRole('list', { name: 'Preview of invoices' });
    expect(api.create).not.toHaveBeenCalled();
  });

  it.each([
    ['dns', 'Host'],
    ['refused', 'Host'],
    ['tcp', 'Port'],
    ['tls', 'Encryption'],
    ['auth', 'Password'],
    ['database', 'Database'],
    ['table', 'Table or view'],
    ['permission', 'Table or view'],
  ] as const)('a preview failing at %s says so beside %s', async (problem, label) => {
    renderForm({ preview: async () => failed(problem) });
    fillConnection();
    type('Table or view', 'invoices');
    press('Preview');
    const words = await screen.findByText(`The server said ${problem}. Fix the ${problem}.`);
    const control = screen.getByLabelText(label);
    expect(control.getAttribute('aria-invalid')).toBe('true');
    expect(control.getAttribute('aria-describedby')).toContain(words.closest('p')?.id);
    expect(document.activeElement).toBe(control);
  });

  it('a refused query shows beside the query, and the query is sent instead of a table', async () => {
    const { api } = renderForm({ preview: async () => failed('query') });
    fillConnection();
    fireEvent.click(screen.getByRole('tab', { name: 'A SELECT query' }));
    type('Query', 'DELETE FROM invoices');
    press('Preview');
    await screen.findByText('The server said query. Fix the query.');
    expect(screen.getByLabelText('Query').getAttribute('aria-invalid')).toBe('true');
    expect(previewCalls(api)[0]?.settings).toMatchObject({ table: null, query: 'DELETE FROM invoices' });
  });

  it('a missing column is shown beside the picker that chose it', async () => {
    const { api } = renderForm({
      preview: vi
        .fn<DatabaseFormApi['preview']>()
        .mockResolvedValueOnce(withRows())
        .mockResolvedValue(failed('column')),
    });
    fillConnection();
    type('Table or view', 'invoices');
    press('Preview');
    await screen.findByRole('list', { name: 'Preview of invoices' });
    fireEvent.change(screen.getByLabelText('Title column'), { target: { value: 'customer' } });
    await waitFor(() => expect(api.preview).toHaveBeenCalledTimes(2));
    // Every chosen column is in the last preview's list, so the id column is the one to look at.
    await screen.findByText('The server said column. Fix the column.');
    expect(screen.getByLabelText('Id column').getAttribute('aria-invalid')).toBe('true');
  });

  it('SQLite: the file is uploaded, its one table previewed at once, and saved with the file’s id', async () => {
    const preview = vi.fn<DatabaseFormApi['preview']>(async () => ({
      ...withRows(),
      tables: [{ name: 'orders', kind: 'table' as const }],
    }));
    const { api, onSaved } = renderForm({ preview }, { kind: 'sqlite' });
    expect(screen.queryByLabelText('Host')).toBeNull();
    const input = screen.getByLabelText('SQLite file') as HTMLInputElement;
    const file = new File(['SQLite format 3\0'], 'shop.db', { type: 'application/x-sqlite3' });
    fireEvent.change(input, { target: { files: [file] } });
    await screen.findByText(/shop\.db · 8/);
    await screen.findByRole('list', { name: 'Preview of orders' });
    expect(previewCalls(api)[0]).toEqual({
      kind: 'sqlite',
      settings: {
        file_id: '00000000-0000-4000-8000-0000000000f1',
        table: 'orders',
        query: null,
        id_column: null,
        title_column: null,
        body_columns: null,
        changed_at_column: null,
      },
    });
    press('Save');
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect((api.create as ReturnType<typeof vi.fn>).mock.calls[0]?.[0]).toMatchObject({
      kind: 'sqlite',
      settings: { file_id: '00000000-0000-4000-8000-0000000000f1', id_column: 'id' },
    });
  });

  it('SQLite: a file the service refuses says why beside the file', async () => {
    const { ApiError } = await import('@trove/kit');
    renderForm(
      {
        upload: async () => {
          throw new ApiError('Bad Request', 400, { error: DATABASE_MESSAGES.notSqlite, code: 'bad_request' });
        },
      },
      { kind: 'sqlite' },
    );
    fireEvent.change(screen.getByLabelText('SQLite file'), {
      target: { files: [new File(['hello'], 'notes.db')] },
    });
    await screen.findByText(DATABASE_MESSAGES.notSqlite);
    expect(screen.getByLabelText('SQLite file').getAttribute('aria-invalid')).toBe('true');
  });

  it('Edit previews the saved source with the form’s settings, and saves them with PATCH', async () => {
    const saved = {
      id: 's9',
      kind: 'postgres',
      name: 'Invoices',
      settings: {
        host: 'db.example.org',
        port: 5432,
        database: 'shop',
        user: 'acme_reader',
        tls: 'require',
        table: 'invoices',
        query: null,
        id_column: 'id',
        title_column: null,
        body_columns: ['customer'],
        changed_at_column: null,
      },
      sync: { mode: 'full', note: '' },
      status: { state: 'up_to_date', last_sync_at: '2026-01-01T00:00:00Z', next_sync_at: null },
      documents: 3,
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
    } as DatabaseSource;
    const { api, onSaved } = renderForm({}, { source: saved });
    expect((screen.getByLabelText('Encryption') as HTMLSelectElement).value).toBe('require');
    expect((screen.getByLabelText('Body columns') as HTMLInputElement).value).toBe('customer');
    press('Save');
    await screen.findByRole('list', { name: 'Preview of invoices' });
    expect((api.previewSaved as ReturnType<typeof vi.fn>).mock.calls[0]).toEqual([
      's9',
      {
        settings: {
          host: 'db.example.org',
          port: 5432,
          database: 'shop',
          user: 'acme_reader',
          tls: 'require',
          table: 'invoices',
          query: null,
          id_column: 'id',
          title_column: null,
          body_columns: ['customer'],
          changed_at_column: null,
        },
      },
    ]);
    press('Save');
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect((api.update as ReturnType<typeof vi.fn>).mock.calls[0]?.[1]).not.toHaveProperty('password');
  });
});
