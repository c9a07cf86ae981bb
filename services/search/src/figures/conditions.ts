import { MONTH_NAMES, type RecordField } from '@trove/contracts';
import { compareDecimals, showDecimal } from './decimal';
import type { Comparison, PeriodAsked } from './question-plan';
import type { FieldInfo } from './row-fields';

// The conditions a question puts on rows (docs/decisions/131), each with the words that show it back: a period on
// a date field, a comparison on a number, a state, a value asked about. A row without the field fails it: an
// invoice with no due date is not overdue, one with no amount is not over $20,000.

export interface RowLike {
  fields: readonly RecordField[];
}

export interface Condition {
  /** As a chip: "Due date in March 2026". */
  chip: string;
  /** As the headline says it: "due in March 2026". */
  phrase: string;
  test: (row: RowLike) => boolean;
}

// Where each field name was last found in a row: the rows of one collection hold their fields in one order, so
// the next row's field is nearly always at the same index, and a question's pass over 100,000 rows looks each
// one up once instead of walking its fields (docs/decisions/131, "Answer time").
const lastIndex = new Map<string, number>();
const LAST_INDEX_NAMES = 1_000;

export function fieldOf(row: RowLike, name: string): RecordField | undefined {
  const hint = lastIndex.get(name);
  if (hint !== undefined) {
    const field = row.fields[hint];
    if (field !== undefined && field.name === name) return field;
  }
  const index = row.fields.findIndex((field) => field.name === name);
  if (index < 0) return undefined;
  if (lastIndex.size >= LAST_INDEX_NAMES && hint === undefined) lastIndex.clear();
  lastIndex.set(name, index);
  return row.fields[index];
}

const localDays = new Map<string, Intl.DateTimeFormat>();

/** The day an instant falls on in a time zone (the profile's), YYYY-MM-DD; UTC when none or unknown. */
export function localDay(iso: string, timeZone: string | null): string {
  if (timeZone === null) return iso.slice(0, 10);
  let format = localDays.get(timeZone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
    } catch {
      return iso.slice(0, 10);
    }
    localDays.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

/** A row's day in a date or timestamp field. */
export function dayOf(row: RowLike, field: FieldInfo, timeZone: string | null): string | undefined {
  const value = fieldOf(row, field.name);
  if (value?.type === 'date') return value.value;
  if (value?.type === 'timestamp') return localDay(value.value, timeZone);
  return undefined;
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
  period: Pick<PeriodAsked, 'from' | 'to'>,
  field: FieldInfo,
  timeZone: string | null,
): Condition {
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
      const day = dayOf(row, field, timeZone);
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

export function comparisonCondition(comparison: Comparison, field: FieldInfo, measured: boolean): Condition {
  const currency = comparison.currency === undefined ? '' : ` ${comparison.currency}`;
  const amount =
    comparison.op === 'between'
      ? `${showDecimal(comparison.value)} and ${showDecimal(comparison.high ?? comparison.value)}${currency}`
      : `${showDecimal(comparison.value)}${currency}`;
  const words = `${OPERATOR_WORDS[comparison.op]} ${amount}`;
  return {
    chip: `${field.name} ${words}`,
    phrase: measured ? words : `with ${field.name} ${words}`,
    test: (row) => {
      const value = fieldOf(row, field.name);
      if (value === undefined || (value.type !== 'money' && value.type !== 'number')) return false;
      // An amount in another currency is not comparable to "$20,000"; one with no currency is taken as asked.
      if (comparison.currency !== undefined && value.type === 'money' && value.currency !== undefined)
        if (value.currency !== comparison.currency) return false;
      const low = compareDecimals(value.value, comparison.value);
      switch (comparison.op) {
        case 'gt':
          return low > 0;
        case 'gte':
          return low >= 0;
        case 'lt':
          return low < 0;
        case 'lte':
          return low <= 0;
        case 'eq':
          return low === 0;
        case 'between':
          return low >= 0 && compareDecimals(value.value, comparison.high ?? comparison.value) <= 0;
      }
    },
  };
}

const ORGANISATION_NAME =
  /\b(?:customer|client|vendor|supplier|company|account|payee|merchant|organi[sz]ation)\b/i;

/** A value asked about: "Customer is Stark Industries" (either of several values of one field). */
export function valueCondition(field: FieldInfo, values: readonly string[]): Condition {
  const wanted = new Set(values.map((value) => value.toLowerCase()));
  const shown = values.join(' or ');
  return {
    chip: `${field.name}: ${shown}`,
    phrase: ORGANISATION_NAME.test(field.name) ? `for ${shown}` : `with ${field.name} ${shown}`,
    test: (row) => {
      const value = fieldOf(row, field.name);
      return value?.type === 'text' && wanted.has(value.value.toLowerCase());
    },
  };
}

/** A name no field's values hold whole: rows whose text fields mention it. */
export function mentionCondition(words: string): Condition {
  const pattern = new RegExp(
    `(?:^|[^\\p{L}\\p{N}])${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:$|[^\\p{L}\\p{N}])`,
    'iu',
  );
  return {
    chip: `mentions “${words}”`,
    phrase: `mentioning “${words}”`,
    test: (row) => row.fields.some((field) => field.type === 'text' && pattern.test(field.value)),
  };
}
