import { z } from 'zod';

// Typed fields (issue 37 item 1; docs/decisions/130-typed-fields.md): one model for what a document says in
// numbers, dates and names, whatever it came from. A database row keeps its columns' types, a spreadsheet or CSV
// row its header and the types its cells parse as, and mail or a PDF the total, date and parties the facts
// extraction finds. Search, chats and the fields table all read fields in this one shape.

export const FIELD_TYPES = ['number', 'money', 'date', 'timestamp', 'boolean', 'text'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** A decimal as text ("-1234.5"): sums over money are exact (a double cannot hold 0.1 + 0.2), so never a float. */
export const DECIMAL = /^-?\d{1,30}(?:\.\d{1,12})?$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const decimal = z.string().regex(DECIMAL);

/**
 * One field. `name` is as the source names it (the column's label, the sheet's header, "Total" for the total a
 * mail's text holds); `value` is typed by `type`: a decimal string for number and money, YYYY-MM-DD for a date,
 * ISO 8601 (UTC) for a timestamp, true/false for a boolean, the text itself otherwise. `currency` (ISO 4217) is
 * set on money where one is known (the column's name, the cell's symbol, the source's setting).
 */
export const RecordFieldSchema = z.discriminatedUnion('type', [
  z.object({ name: z.string(), type: z.literal('number'), value: decimal }),
  z.object({
    name: z.string(),
    type: z.literal('money'),
    value: decimal,
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .optional(),
  }),
  z.object({ name: z.string(), type: z.literal('date'), value: z.string().regex(ISO_DAY) }),
  z.object({ name: z.string(), type: z.literal('timestamp'), value: z.iso.datetime({ offset: true }) }),
  z.object({ name: z.string(), type: z.literal('boolean'), value: z.boolean() }),
  z.object({ name: z.string(), type: z.literal('text'), value: z.string() }),
]);
export type RecordField = z.output<typeof RecordFieldSchema>;

/**
 * A record: one row of a table, sheet or CSV file, or the fields a mail's or PDF's text holds. `collection` is
 * what its rows are called together (a table's name, a CSV file's name): "invoices" in a question names it.
 */
export const DocumentRecordSchema = z.object({
  collection: z.string().max(300),
  /** Where in its document: "row 12", "sheet Q3, row 4"; '' for a document that is one record. */
  location: z.string().max(300),
  fields: z.array(RecordFieldSchema).max(500),
});
export type DocumentRecord = z.output<typeof DocumentRecordSchema>;

/** The media type of the block a database row's HTML document carries its typed record in. */
export const ROW_RECORD_MEDIA_TYPE = 'application/vnd.trove.record+json';

/** A field's value as a person reads it: "7,593.52 USD", "2026-03-22", "yes". */
export function fieldText(field: RecordField): string {
  switch (field.type) {
    case 'money':
      return `${groupDecimal(field.value)}${field.currency ? ` ${field.currency}` : ''}`;
    case 'number':
      return groupDecimal(field.value);
    case 'boolean':
      return field.value ? 'yes' : 'no';
    default:
      return field.value;
  }
}

/** "1234567.5" → "1,234,567.5": digits grouped by thousands, the decimals as given. */
export function groupDecimal(value: string): string {
  const negative = value.startsWith('-');
  const [whole = '0', fraction] = (negative ? value.slice(1) : value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** Rows an answer that computes carries (the table pages through them); the figures count every row. */
export const COMPUTED_ROWS_MAX = 500;

/** A figure of an answer that computes: "Total Amount: 117,091.22 USD". `value` is a decimal. */
export const FigureSchema = z.object({
  label: z.string(),
  value: z.string(),
  currency: z.string().optional(),
  /** As shown: "117,091.22 USD". */
  text: z.string(),
});
export type Figure = z.output<typeof FigureSchema>;

/** A row an answer counted, cited: the passage that holds it opens it. */
export const ComputedRowSchema = z.object({
  document_id: z.string(),
  passage_id: z.string().nullable(),
  document_name: z.string(),
  document_title: z.string().nullable(),
  location: z.string(),
  fields: z.array(RecordFieldSchema),
});
export type ComputedRow = z.output<typeof ComputedRowSchema>;

/**
 * An answer computed over typed rows (issue 37 items 2 and 3; docs/decisions/131): the figure first, how it was
 * computed, the question as understood (chips), groups when asked "per …", and the rows counted. When a figure
 * cannot be computed exactly, `cannot` says why and no figure is given.
 */
export const ComputedAnswerSchema = z.object({
  headline: z.string(),
  how: z.string(),
  collection: z.string(),
  understood: z.array(z.string()),
  figures: z.array(FigureSchema),
  groups: z.array(z.object({ key: z.string(), count: z.number().int(), figures: z.array(FigureSchema) })),
  row_count: z.number().int(),
  rows: z.array(ComputedRowSchema).max(COMPUTED_ROWS_MAX),
  cannot: z.string().nullable(),
  notes: z.array(z.string()),
});
export type ComputedAnswer = z.output<typeof ComputedAnswerSchema>;
