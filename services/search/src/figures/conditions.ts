import { MONTH_NAMES } from '@trove/contracts';
import { compareDecimals, readSmallDecimal, showDecimal } from './decimal';
import type { Comparison, PeriodAsked } from './question-plan';
import type { FieldInfo } from './row-fields';
import { NOT_NUMBER, MISSING, SMALL, type Table } from './table';

// The conditions a question puts on rows (docs/decisions/131), each with the words that show it back: a period on
// a date field, a comparison on a number, a state, a value asked about. A row without the field fails it: an
// invoice with no due date is not overdue, one with no amount is not over $20,000.

export type { RowLike } from './table';

export interface Condition {
  /** As a chip: "Due date in March 2026". */
  chip: string;
  /** As the headline says it: "due in March 2026". */
  phrase: string;
  /** Whether the table's row at this index passes. */
  test: (row: number) => boolean;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const parts = (day: string) => day.split('-').map(Number) as [number, number, number];

/** "5 Mar 2026". */
export function showDay(day: string): string {
  const [year, month, date] = parts(day);
  return `${date} ${MONTHS[month - 1]} ${year}`;
}

/** A period as words: "March 2026", "Q1 2026", "2026", "5 Mar 2026", "5 Mar 2026 – 9 Apr 2026". */
export function showPeriod(from: string, to: string): string {
  const [fy, fm, fd] = parts(from);
  const [ty, tm, td] = parts(to);
  if (fd === 1 && fy === ty && td === lastDay(ty, tm)) {
    if (fm === tm) return `${MONTH_NAMES[fm - 1]} ${fy}`;
    if (fm % 3 === 1 && tm === fm + 2) return `Q${(fm + 2) / 3} ${fy}`;
    if (fm === 1 && tm === 12) return String(fy);
  }
  return from === to ? showDay(from) : `${showDay(from)} – ${showDay(to)}`;
}

/** The same day `years` later; a 29 February that does not exist becomes the 28th (month ends stay ends). */
export function shiftYears(day: string, years: number): string {
  const [year, month, date] = parts(day);
  const end = date === lastDay(year, month);
  const target = year + years;
  const shifted = end ? lastDay(target, month) : Math.min(date, lastDay(target, month));
  return `${target}-${String(month).padStart(2, '0')}-${String(shifted).padStart(2, '0')}`;
}

export function periodCondition(
  table: Table,
  period: Pick<PeriodAsked, 'from' | 'to'>,
  field: FieldInfo,
  timeZone: string | null,
): Condition {
  const days = table.column(field.name).days(timeZone);
  const { from, to } = period;
  const words =
    from !== undefined && to !== undefined
      ? `in ${showPeriod(from, to)}`
      : from !== undefined
        ? `from ${showDay(from)}`
        : `until ${showDay(to ?? '')}`;
  const due = /\bdue\b/i.test(field.name);
  return {
    chip: `${field.name} ${words}`,
    phrase: due ? `due ${words}` : `with ${field.name} ${words}`,
    test: (row) => {
      const day = days[row];
      return day !== undefined && (from === undefined || day >= from) && (to === undefined || day <= to);
    },
  };
}

const OPERATOR_WORDS: Record<Comparison['op'], string> = {
  gt: 'over',
  gte: 'at least',
  lt: 'under',
  lte: 'at most',
  eq: 'of exactly',
  between: 'between',
};

export function comparisonCondition(
  table: Table,
  comparison: Comparison,
  field: FieldInfo,
  measured: boolean,
): Condition {
  const currency = comparison.currency === undefined ? '' : ` ${comparison.currency}`;
  const amount =
    comparison.op === 'between'
      ? `${showDecimal(comparison.value)} and ${showDecimal(comparison.high ?? comparison.value)}${currency}`
      : `${showDecimal(comparison.value)}${currency}`;
  const words = `${OPERATOR_WORDS[comparison.op]} ${amount}`;
  const column = table.column(field.name);
  const amounts = column.amounts();
  // An amount in another currency is not comparable to "$20,000"; one with no currency is taken as asked.
  const comparable = amounts.currencies.map(
    (key) => comparison.currency === undefined || key === '' || key === comparison.currency,
  );
  const low = readSmallDecimal(comparison.value);
  const highText = comparison.high ?? comparison.value;
  const high = readSmallDecimal(highText);
  /** -1, 0 or 1 as the row's value compares to the bound. */
  const order = (row: number, bound: string, small: typeof low) => {
    if (small !== null && amounts.kind[row] === SMALL) {
      const value = amounts.value[row] as number;
      return value === small.value ? 0 : value < small.value ? -1 : 1;
    }
    return compareDecimals(String(column.fields[row]?.value), bound);
  };
  return {
    chip: `${field.name} ${words}`,
    phrase: measured ? words : `with ${field.name} ${words}`,
    test: (row) => {
      const kind = amounts.kind[row];
      if (kind === MISSING || kind === NOT_NUMBER) return false;
      if (!comparable[amounts.currency[row] as number]) return false;
      const against = order(row, comparison.value, low);
      switch (comparison.op) {
        case 'gt':
          return against > 0;
        case 'gte':
          return against >= 0;
        case 'lt':
          return against < 0;
        case 'lte':
          return against <= 0;
        case 'eq':
          return against === 0;
        case 'between':
          return against >= 0 && order(row, highText, high) <= 0;
      }
    },
  };
}

const ORGANISATION_NAME =
  /\b(?:customer|client|vendor|supplier|company|account|payee|merchant|organi[sz]ation)\b/i;

/** A value asked about: "Customer is Stark Industries" (either of several values of one field). */
export function valueCondition(table: Table, field: FieldInfo, values: readonly string[]): Condition {
  const wanted = new Set(values.map((value) => value.toLowerCase()));
  const shown = values.join(' or ');
  return {
    chip: `${field.name}: ${shown}`,
    phrase: ORGANISATION_NAME.test(field.name) ? `for ${shown}` : `with ${field.name} ${shown}`,
    test: table
      .column(field.name)
      .rowsWhere((value) => value.type === 'text' && wanted.has(value.text.toLowerCase())),
  };
}

/** A name no field's values hold whole: rows whose text fields mention it. */
export function mentionCondition(table: Table, words: string): Condition {
  const pattern = new RegExp(
    `(?:^|[^\\p{L}\\p{N}])${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:$|[^\\p{L}\\p{N}])`,
    'iu',
  );
  return {
    chip: `mentions “${words}”`,
    phrase: `mentioning “${words}”`,
    test: (row) =>
      table.rows[row]?.fields.some((field) => field.type === 'text' && pattern.test(field.value)) === true,
  };
}
