import type { AnswerFields } from './chat';

// The columns of an answer's fields table (docs/product/workflows.md#what-a-run-sends). A chat's table has the
// four base columns; a workflow keeps the ones its owner chose, a typed field by name (`field:<name>`, ADR 130).
// One place says what a column's cell and heading are, so the in-app table, the mail and the posts agree.

export const ANSWER_BASE_COLUMNS = ['date', 'total', 'people', 'organisations'] as const;
export type AnswerBaseColumn = (typeof ANSWER_BASE_COLUMNS)[number];
export const ANSWER_FIELD_COLUMN_PREFIX = 'field:';

const BASE_HEADINGS: Record<AnswerBaseColumn, string> = {
  date: 'Date',
  total: 'Total',
  people: 'People',
  organisations: 'Organisations',
};

const isBase = (column: string): column is AnswerBaseColumn =>
  (ANSWER_BASE_COLUMNS as readonly string[]).includes(column);

/** A column as its table's heading says it: "Total", or a typed field's own name ("Due date"). */
export function answerColumnHeading(column: string): string {
  if (isBase(column)) return BASE_HEADINGS[column];
  const name = column.startsWith(ANSWER_FIELD_COLUMN_PREFIX)
    ? column.slice(ANSWER_FIELD_COLUMN_PREFIX.length).trim()
    : column.trim();
  return name === '' ? column : name.charAt(0).toUpperCase() + name.slice(1);
}

/** A row's cell in a column, as text; empty when the row has nothing there. */
export function answerColumnCell(row: AnswerFields, column: string): string {
  switch (column) {
    case 'date':
      return row.date ?? '';
    case 'total':
      return row.total?.text ?? '';
    case 'people':
      return row.people.join(', ');
    case 'organisations':
      return row.organisations.join(', ');
    default: {
      const name = column.slice(ANSWER_FIELD_COLUMN_PREFIX.length).trim().toLowerCase();
      const field = row.fields?.find((candidate) => candidate.name.toLowerCase() === name);
      if (field === undefined) return '';
      return 'currency' in field && field.currency ? `${field.currency} ${field.value}` : String(field.value);
    }
  }
}
