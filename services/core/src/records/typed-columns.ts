import type { FieldType, RecordField } from '@trove/contracts';
import {
  currencyOfName,
  type DayOrder,
  type DecimalMark,
  dayOrderOf,
  decimalMarkOf,
  moneyName,
  parseBoolean,
  parseDay,
  parseDecimal,
  parseMoney,
  parseTimestamp,
} from './cell-values';

// Columns to typed fields (issue 37 item 1, docs/decisions/130-typed-fields.md). A database column's type is
// the server's; a sheet's or CSV file's column is typed by what all of its cells parse as, with the decimal mark
// and day order the column settles as a whole (a column of "1.234,56" reads its "1.234" as a thousand and more).
// A cell that does not parse as its column's type stays text: a total then says it cannot count that row.

/**
 * Text longer than this is no value a question filters, groups or counts by (a note, a description): it stays in the
 * document's searchable text and out of its record, so a row's record never doubles a long cell.
 */
export const RECORD_TEXT_MAX_CHARS = 1_000;

/** A column's type and how to read its cells. */
export interface ColumnPlan {
  name: string;
  type: FieldType;
  mark?: DecimalMark | undefined;
  order?: DayOrder | undefined;
  /** For money: the currency its name or the source names, when its cells carry none. */
  currency?: string | undefined;
}

/** The field type of a database column, from its SQL type and its name (a numeric "amount" is money). */
export function sqlFieldType(sqlType: string, name: string): FieldType {
  const t = sqlType.toLowerCase();
  if (/\bmoney\b/.test(t)) return 'money';
  if (/bool/.test(t) || t === 'bit(1)') return 'boolean';
  if (/timestamp|datetime/.test(t)) return 'timestamp';
  if (/^date$|^date\b|\bdate$/.test(t)) return 'date';
  if (/int|numeric|decimal|real|double|float|serial|number/.test(t))
    return moneyName(name) ? 'money' : 'number';
  return 'text';
}

/** A database column's plan: its type, and for money the currency its name (or the source) gives. */
export function sqlColumnPlan(column: { name: string; type: string }, currency?: string): ColumnPlan {
  const type = sqlFieldType(column.type, column.name);
  // Servers print decimals with a point; PostgreSQL's money type groups with commas ("$7,593.52").
  return { name: column.name, type, mark: 'point', currency: currencyOfName(column.name) ?? currency };
}

/** A cell as the field its column's plan makes of it; text when it does not parse as that type. */
export function cellField(plan: ColumnPlan, label: string, text: string): RecordField {
  const asText: RecordField = { name: label, type: 'text', value: text };
  switch (plan.type) {
    case 'money': {
      const money = parseMoney(text, plan.mark);
      if (money !== undefined) {
        const currency = money.currency ?? plan.currency;
        return currency === undefined
          ? { name: label, type: 'money', value: money.value }
          : { name: label, type: 'money', value: money.value, currency };
      }
      const value = parseDecimal(text, plan.mark);
      if (value === undefined) return asText;
      return plan.currency === undefined
        ? { name: label, type: 'money', value }
        : { name: label, type: 'money', value, currency: plan.currency };
    }
    case 'number': {
      const value = parseDecimal(text, plan.mark);
      return value === undefined ? asText : { name: label, type: 'number', value };
    }
    case 'date': {
      const value = parseDay(text.slice(0, 10), plan.order) ?? parseDay(text, plan.order);
      return value === undefined ? asText : { name: label, type: 'date', value };
    }
    case 'timestamp': {
      const value = parseTimestamp(text);
      if (value !== undefined) return { name: label, type: 'timestamp', value };
      const day = parseDay(text, plan.order);
      return day === undefined ? asText : { name: label, type: 'date', value: day };
    }
    case 'boolean': {
      const value = parseBoolean(text);
      return value === undefined ? asText : { name: label, type: 'boolean', value };
    }
    case 'text':
      return asText;
  }
}

/** The one mark (or order) a column's cells settle; undefined when none does, or when they disagree. */
function settled<T>(cells: readonly string[], of: (cell: string) => T | undefined): T | undefined | 'both' {
  let found: T | undefined;
  for (const cell of cells) {
    const value = of(cell);
    if (value === undefined) continue;
    if (found !== undefined && found !== value) return 'both';
    found = value;
  }
  return found;
}

/** Strips what a money cell adds to its number, to read the mark of the number itself. */
const numberPart = (cell: string) =>
  cell
    .trim()
    .replace(/^[-−(]?\s*(?:US\$|\$|€|£|₹|¥|Rs\.?|[A-Z]{3})\s?/, '')
    .replace(/\s?(?:\$|€|£|₹|¥|[A-Z]{3})$/, '')
    .replace(/^[-−(]/, '')
    .replace(/\)$/, '');

/**
 * A sheet's or CSV file's column typed by its cells (the empty ones aside): every cell a boolean word, a day, an
 * instant, an amount with a currency, or a number. A column whose cells settle both decimal marks (or both day
 * orders) is one a person wrote two ways: its ambiguous cells cannot be read, so the column stays text.
 */
export function sheetColumnPlan(name: string, column: readonly string[]): ColumnPlan {
  const cells = column.map((cell) => cell.trim()).filter((cell) => cell !== '');
  const plan: ColumnPlan = { name, type: 'text' };
  if (cells.length === 0) return plan;
  const mark = settled(cells, (cell) => decimalMarkOf(numberPart(cell)));
  const order = settled(cells, dayOrderOf);
  const useMark = mark === 'both' ? undefined : (mark ?? 'point');
  const useOrder = order === 'both' ? undefined : order;
  const every = (test: (cell: string) => boolean) => cells.every(test);
  if (every((cell) => /^(?:true|false|yes|no)$/i.test(cell))) return { ...plan, type: 'boolean' };
  if (every((cell) => parseDay(cell, useOrder) !== undefined))
    return { ...plan, type: 'date', order: useOrder };
  if (every((cell) => parseTimestamp(cell) !== undefined)) return { ...plan, type: 'timestamp' };
  if (mark === 'both') return plan;
  if (every((cell) => parseMoney(cell, useMark) !== undefined || parseDecimal(cell, useMark) !== undefined)) {
    const anyMoney = cells.some((cell) => parseMoney(cell, useMark) !== undefined);
    if (anyMoney || moneyName(name))
      return { ...plan, type: 'money', mark: useMark, currency: currencyOfName(name) };
    return { ...plan, type: 'number', mark: useMark };
  }
  return plan;
}

/** A sheet's rows as records' fields: each row's non-empty cells under their header, typed by their column. */
export function sheetRecords(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  headerName: (index: number) => string,
): RecordField[][] {
  const width = Math.max(header.length, ...rows.map((row) => row.length));
  const plans: ColumnPlan[] = [];
  for (let index = 0; index < width; index++) {
    const name = header[index]?.trim() || headerName(index);
    plans.push(
      sheetColumnPlan(
        name,
        rows.map((row) => row[index] ?? ''),
      ),
    );
  }
  return rows.map((row) =>
    row.flatMap((cell, index) => {
      const plan = plans[index];
      if (plan === undefined || cell.trim() === '' || cell.length > RECORD_TEXT_MAX_CHARS) return [];
      return [cellField(plan, plan.name, cell.trim())];
    }),
  );
}
