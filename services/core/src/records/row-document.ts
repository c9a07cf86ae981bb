import { createHash } from 'node:crypto';
import {
  DATABASE_CELL_MAX_CHARS,
  type DatabaseMapping,
  type DatabasePreviewRow,
  databaseFieldLabel,
  databaseRowFallbackTitle,
  documentKindOf,
  type RecordField,
} from '@trove/contracts';
import { remembered } from './column-memo';
import { rowRecordBlock } from './row-record-block';
import { type ColumnPlan, cellField, RECORD_TEXT_MAX_CHARS, sqlColumnPlan } from './typed-columns';

// A database row as Trove indexes it (issue 22): one document, titled by its title column (or "<table> #<id>"),
// its body columns as labelled fields ("Customer: ACME"). The document is a small HTML page — <title> is
// the title extraction reads, each field a paragraph — because HTML escaping keeps every value exactly as the
// server gave it (Markdown would read "INV_2024_01" as emphasis); extraction then finds dates, amounts,
// people and organisations in it as in any document. Given the columns' types, it also carries the row as typed
// fields (rowFields; docs/decisions/130-typed-fields.md).

/**
 * A cell as the readers hand it over: text as the server printed it, NULL, binary described by size, or the start
 * of a text the reader cut while reading it (bounded-rows.ts).
 */
export type Cell = string | null | { binary: number } | { cut: string };
export type Row = Record<string, Cell>;

const TITLE_MAX_CHARS = 500;

const binaryWords = (bytes: number) =>
  bytes < 1024
    ? `${bytes} bytes`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/**
 * A cell's text in a document: binary is described, not indexed ("[binary, 2.1 KB]"); text past
 * DATABASE_CELL_MAX_CHARS is cut with a note saying how long it was; control characters other than tab and
 * line breaks (and NUL, which PostgreSQL text cannot hold) are dropped.
 */
export function cellText(cell: Cell): string | null {
  if (cell === null) return null;
  if (typeof cell === 'object' && 'binary' in cell) return `[binary, ${binaryWords(cell.binary)}]`;
  if (typeof cell === 'object') {
    const start = cell.cut.replace(/(?![\t\n\r])\p{Cc}/gu, '').slice(0, DATABASE_CELL_MAX_CHARS);
    return `${start} … (cut: more than ${start.length.toLocaleString('en-US')} characters)`;
  }
  const clean = cell.replace(/(?![\t\n\r])\p{Cc}/gu, '');
  if (clean.length <= DATABASE_CELL_MAX_CHARS) return clean;
  return `${clean.slice(0, DATABASE_CELL_MAX_CHARS)} … (cut: ${clean.length.toLocaleString('en-US')} characters in all)`;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface RenderedRow extends DatabasePreviewRow {
  /** The document's file name: "<table> #<id>" (where the result says it was found). */
  name: string;
  /** The document's bytes (text/html). */
  html: Buffer;
  /** SHA-256 of the bytes: a row read again unchanged is not indexed again. */
  sha256: string;
}

/** What a source's rows are called when they have no title: the table, or "Row" for a query. */
export const rowsLabel = (mapping: Pick<DatabaseMapping, 'table'>) => mapping.table ?? 'Row';

/** The document a row becomes. `id` and `changedAt` are the id and changed-at cells as text. */
export function renderRow(
  row: Row,
  mapping: Pick<
    DatabaseMapping,
    'table' | 'id_column' | 'title_column' | 'body_columns' | 'changed_at_column'
  >,
  columns?: readonly { name: string; type: string }[],
): RenderedRow {
  const id = cellText(row[mapping.id_column] ?? null) ?? '';
  const label = rowsLabel(mapping);
  const titleCell = mapping.title_column === null ? null : cellText(row[mapping.title_column] ?? null);
  const titleLine = titleCell?.replace(/\s+/g, ' ').trim().slice(0, TITLE_MAX_CHARS) ?? '';
  const title = titleLine === '' ? databaseRowFallbackTitle(label, id) : titleLine;
  const fields: RenderedRow['fields'] = [];
  for (const column of mapping.body_columns) {
    const value = cellText(row[column] ?? null);
    if (value === null || value.trim() === '') continue;
    fields.push({ column, label: labelOf(column), value });
  }
  const body = fields
    .map((field) => `${field.label}: ${field.value.replace(/\r\n?/g, '\n').replace(/\n/g, '\n    ')}`)
    .join('\n');
  const recordBlock =
    columns === undefined ? '' : `${rowRecordBlock(label, rowFields(row, mapping, columns))}\n`;
  const html = Buffer.from(
    `<!doctype html>\n<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>\n${fields
      .map(
        (field) =>
          `<p>${escapeHtml(field.label)}: ${escapeHtml(field.value).replace(/\r\n?|\n/g, '<br>\n')}</p>`,
      )
      .join('\n')}\n${recordBlock}</body></html>\n`,
    'utf8',
  );
  const changedAt =
    mapping.changed_at_column === null ? null : cellText(row[mapping.changed_at_column] ?? null);
  return {
    id,
    title,
    fields,
    body,
    changed_at: changedAt,
    name: documentName(label, id),
    html,
    sha256: createHash('sha256').update(html).digest('hex'),
  };
}

/**
 * The row's id, title and body columns as typed fields (issue 37 item 1, docs/decisions/130-typed-fields.md): each
 * column's type is the server's, so a numeric "amount" is money and a date is a date, not text that looks like one.
 * NULL, binary and long text cells (RECORD_TEXT_MAX_CHARS) are left out; a cell its type cannot read stays text.
 */
export function rowFields(
  row: Row,
  mapping: Pick<DatabaseMapping, 'id_column' | 'title_column' | 'body_columns'>,
  columns: readonly { name: string; type: string }[],
): RecordField[] {
  const types = new Map(columns.map((column) => [column.name, column.type]));
  const names = [
    ...new Set([
      mapping.id_column,
      ...(mapping.title_column === null ? [] : [mapping.title_column]),
      ...mapping.body_columns,
    ]),
  ];
  return names.flatMap((name) => {
    const cell = row[name] ?? null;
    if (cell === null || typeof cell === 'object') return [];
    const text = cellText(cell) ?? '';
    if (text.trim() === '' || text.length > RECORD_TEXT_MAX_CHARS) return [];
    const type = types.get(name) ?? 'text';
    const plan = remembered(plans, `${type}\u0000${name}`, () => sqlColumnPlan({ name, type }));
    return [cellField(plan, labelOf(name), text.trim())];
  });
}

/** Columns' labels by name and plans by type and name: every row of a table asks for the same few. */
const labels = new Map<string, string>();
const plans = new Map<string, ColumnPlan>();

const labelOf = (name: string) => remembered(labels, name, () => databaseFieldLabel(name));

/**
 * "<table> #<id>", one line. A name that ends like a file of another kind ("orders #notes.pdf") would be read
 * as that kind: such a name gets " (row)" after it.
 */
export function documentName(label: string, id: string): string {
  const name = `${label} #${id}`.replace(/\s+/g, ' ').slice(0, 300);
  return documentKindOf(name, '') === undefined ? name : `${name} (row)`;
}
