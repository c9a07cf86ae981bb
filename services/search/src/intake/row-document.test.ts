import { DATABASE_CELL_MAX_CHARS } from '@trove/contracts';
import { describe, expect, it } from 'vitest';
import { extractDocument } from '../extraction';
import { cellText, documentName, renderRow, rowFields } from '@trove/service-core/records';

const mapping = {
  table: 'invoices',
  id_column: 'id',
  title_column: 'number',
  body_columns: ['customer_name', 'totalAmount', 'scan', 'notes'],
  changed_at_column: 'updated_at',
};

describe('renderRow', () => {
  it('titles the row by its title column and labels each body column', () => {
    const row = renderRow(
      {
        id: '7',
        number: 'INV-7',
        customer_name: 'ACME <Corp> & Sons',
        totalAmount: '1200.50',
        scan: { binary: 2150 },
        notes: 'line one\nline two',
        updated_at: '2026-11-25 10:00:00.123456',
      },
      mapping,
    );
    expect(row).toMatchObject({
      id: '7',
      title: 'INV-7',
      name: 'invoices #7',
      changed_at: '2026-11-25 10:00:00.123456',
    });
    expect(row.body).toBe(
      'Customer name: ACME <Corp> & Sons\nTotal amount: 1200.50\nScan: [binary, 2.1 KB]\nNotes: line one\n    line two',
    );
    // HTML-escaped in the document, so the value reads back exactly.
    expect(row.html.toString()).toContain('<title>INV-7</title>');
    expect(row.html.toString()).toContain('Customer name: ACME &lt;Corp&gt; &amp; Sons');
  });

  it('a NULL or empty title falls back to "<table> #<id>"; NULL and empty body cells are left out', () => {
    const row = renderRow(
      { id: '3', number: null, customer_name: null, totalAmount: '', notes: 'x' },
      mapping,
    );
    expect(row.title).toBe('invoices #3');
    expect(row.fields.map((field) => field.column)).toEqual(['notes']);
    expect(renderRow({ id: '4', number: '   ', notes: 'x' }, mapping).title).toBe('invoices #4');
    expect(renderRow({ id: '5', notes: 'x' }, { ...mapping, table: null, title_column: null }).title).toBe(
      'Row #5',
    );
  });

  it('the same row renders the same bytes (unchanged rows are not indexed again); a change changes them', () => {
    const a = renderRow({ id: '1', number: 'A', notes: 'x' }, mapping);
    expect(renderRow({ id: '1', number: 'A', notes: 'x' }, mapping).sha256).toBe(a.sha256);
    expect(renderRow({ id: '1', number: 'A', notes: 'y' }, mapping).sha256).not.toBe(a.sha256);
  });

  it('is read by extraction as a titled document with its fields as text', async () => {
    const row = renderRow(
      { id: '9', number: 'INV-9', customer_name: 'Globex', notes: 'Due 2026-12-01' },
      mapping,
    );
    const extracted = await extractDocument({ fileName: row.name, mediaType: 'text/html', bytes: row.html });
    expect(extracted.kind).toBe('html');
    expect(extracted.title).toBe('INV-9');
    const text = extracted.passages.map((passage) => passage.text).join('\n');
    expect(text).toContain('Customer name: Globex');
    expect(extracted.passages.flatMap((passage) => passage.facts.dates.map((date) => date.iso))).toContain(
      '2026-12-01',
    );
  });
});

describe('cellText', () => {
  it('cuts a 10 MB cell with a note saying how long it was', () => {
    const text = cellText('a'.repeat(10 * 1024 * 1024)) ?? '';
    expect(text.length).toBeLessThan(DATABASE_CELL_MAX_CHARS + 100);
    expect(text).toMatch(/… \(cut: 10,485,760 characters in all\)$/);
  });

  it('drops control characters (NUL included) but keeps tabs and line breaks', () => {
    expect(cellText('a\u0000b\u0007c\td\ne')).toBe('abc\td\ne');
  });
});

describe('documentName', () => {
  it('never ends like a file of another kind', () => {
    expect(documentName('orders', '12')).toBe('orders #12');
    expect(documentName('files', 'report.pdf')).toBe('files #report.pdf (row)');
  });
});

describe('a row’s typed fields (issue 37 item 1)', () => {
  const columns = [
    { name: 'id', type: 'integer' },
    { name: 'number', type: 'text' },
    { name: 'customer_name', type: 'text' },
    { name: 'totalAmount', type: 'numeric(12,2)' },
    { name: 'due_on', type: 'date' },
    { name: 'paid', type: 'boolean' },
    { name: 'scan', type: 'bytea' },
  ];
  const typedMapping = {
    ...mapping,
    body_columns: ['customer_name', 'totalAmount', 'due_on', 'paid', 'scan'],
  };
  const row = {
    id: '7',
    number: 'INV-7',
    customer_name: '</script><b>Acme</b>',
    totalAmount: '1200.50',
    due_on: '2026-01-30',
    paid: 'f',
    scan: { binary: 10 },
    updated_at: '2026-11-25 10:00:00',
  };

  it('keeps each column’s type as the server gave it, binary left out', () => {
    expect(rowFields(row, typedMapping, columns)).toEqual([
      { name: 'Id', type: 'number', value: '7' },
      { name: 'Number', type: 'text', value: 'INV-7' },
      { name: 'Customer name', type: 'text', value: '</script><b>Acme</b>' },
      { name: 'Total amount', type: 'money', value: '1200.5' },
      { name: 'Due on', type: 'date', value: '2026-01-30' },
      { name: 'Paid', type: 'boolean', value: false },
    ]);
  });

  it('the row’s document carries them, and reading the document gives them back exactly', async () => {
    const rendered = renderRow(row, typedMapping, columns);
    // A value cannot end the block early.
    expect(rendered.html.toString()).not.toContain('"</script>');
    const extracted = await extractDocument({
      bytes: rendered.html,
      fileName: rendered.name,
      mediaType: 'text/html',
    });
    expect(extracted.records).toEqual([
      { collection: 'invoices', location: '', passage: 0, fields: rowFields(row, typedMapping, columns) },
    ]);
    // The block is no text of the row's.
    expect(extracted.passages.map((passage) => passage.text).join(' ')).not.toContain('collection');
  });

  it('without the columns’ types (the preview) the document is as before', () => {
    expect(renderRow(row, typedMapping).html.toString()).not.toContain('<script');
  });
});
