import { type ComputedRow, fieldText, type RecordField } from '@trove/contracts';

// The rows of an answer that computes (issue 37 item 3), as its table shows them: a column per field the rows
// hold, in the order they first appear; sorted by a column as its type sorts (numbers as numbers, days as days);
// a page at a time. Pure, so the view and its tests agree.

export const COMPUTED_PAGE_ROWS = 25;

export interface SortBy {
  column: string;
  descending: boolean;
}

/** The columns: every field name the rows hold, in the order they first appear. */
export function computedColumns(rows: readonly ComputedRow[]): string[] {
  const names = new Set<string>();
  for (const row of rows) for (const field of row.fields) names.add(field.name);
  return [...names];
}

const cell = (row: ComputedRow, column: string): RecordField | undefined =>
  row.fields.find((field) => field.name === column);

/** A cell as shown: "7,593.52 USD", "2026-03-22"; '' when the row has none. */
export function cellText(row: ComputedRow, column: string): string {
  const field = cell(row, column);
  return field === undefined ? '' : fieldText(field);
}

/** Whether a column holds numbers (right-aligned). */
export const numericColumn = (rows: readonly ComputedRow[], column: string): boolean =>
  rows.some((row) => {
    const field = cell(row, column);
    return field?.type === 'money' || field?.type === 'number';
  });

function compare(a: RecordField | undefined, b: RecordField | undefined): number {
  // Rows without the field go last whichever way the column is sorted.
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
  if ((a.type === 'money' || a.type === 'number') && (b.type === 'money' || b.type === 'number'))
    return Number(a.value) - Number(b.value);
  return String(a.value).localeCompare(String(b.value), undefined, { numeric: true });
}

export function sortRows(rows: readonly ComputedRow[], by: SortBy | null): ComputedRow[] {
  if (by === null) return [...rows];
  return [...rows].sort((x, y) => {
    const a = cell(x, by.column);
    const b = cell(y, by.column);
    if (a === undefined || b === undefined) return compare(a, b);
    return by.descending ? compare(b, a) : compare(a, b);
  });
}

/** One page of rows (0-based) and the words that say which: "Rows 26–50 of 60". */
export function pageOf<T>(
  rows: readonly T[],
  page: number,
  size = COMPUTED_PAGE_ROWS,
): { rows: T[]; label: string; pages: number } {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const at = Math.min(Math.max(0, page), pages - 1);
  const slice = rows.slice(at * size, at * size + size);
  const first = rows.length === 0 ? 0 : at * size + 1;
  return { rows: slice, pages, label: `Rows ${first}–${at * size + slice.length} of ${rows.length}` };
}
