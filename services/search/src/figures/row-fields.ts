import type { FieldType, RecordField } from '@trove/contracts';
import { stem } from '../chats/summary';

// Which of a collection's fields a question's words mean (docs/decisions/131): "amount" the Amount column, "due"
// the Due date, "customer" the Customer column; a status the Status column or a Paid boolean. Decided from the
// rows' own fields, never from a list of known tables.

export interface FieldInfo {
  name: string;
  /** The type most of its values have; text when none but text. */
  type: FieldType;
  /** How many rows hold it as each type (a money column with cells that did not read stays counted as text). */
  types: Map<FieldType, number>;
  /** Distinct text values, up to DISTINCT_MAX; more is free text. */
  values: Set<string>;
  /** Whether it has more distinct values than DISTINCT_MAX. */
  many: boolean;
}

export const DISTINCT_MAX = 2_000;

/** The fields of a collection's rows, in the order they first appear. */
export function catalogueOf(rows: readonly { fields: readonly RecordField[] }[]): Map<string, FieldInfo> {
  const fields = new Map<string, FieldInfo>();
  for (const row of rows) {
    for (const field of row.fields) {
      let info = fields.get(field.name);
      if (info === undefined) {
        info = { name: field.name, type: field.type, types: new Map(), values: new Set(), many: false };
        fields.set(field.name, info);
      }
      info.types.set(field.type, (info.types.get(field.type) ?? 0) + 1);
      if (field.type === 'text' && !info.many) {
        info.values.add(field.value);
        if (info.values.size > DISTINCT_MAX) info.many = true;
      }
    }
  }
  for (const info of fields.values()) {
    const typed = [...info.types].filter(([type]) => type !== 'text').sort((a, b) => b[1] - a[1]);
    const text = info.types.get('text') ?? 0;
    // A column is of its parsed type when most of its cells read as it; the rest are cells that did not.
    info.type = typed[0] !== undefined && typed[0][1] >= text ? typed[0][0] : 'text';
  }
  return fields;
}

/** A field's name as stems: "Due date" → ["due", "date"], "totalAmount" → ["total", "amount"]. */
export const nameStems = (name: string): string[] =>
  name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map(stem);

/** Two stems of one word: "invoice" and "invoic" (from "invoiced"). */
export const sameStem = (a: string, b: string): boolean =>
  a === b || (Math.min(a.length, b.length) >= 5 && (a.startsWith(b) || b.startsWith(a)));

/** The field whose name the words name, among those of the types given; the fullest match wins. */
export function fieldNamed(
  words: string,
  fields: Map<string, FieldInfo>,
  types?: readonly FieldType[],
): FieldInfo | undefined {
  const wanted = nameStems(words);
  if (wanted.length === 0) return undefined;
  let best: { info: FieldInfo; score: number } | undefined;
  for (const info of fields.values()) {
    if (types !== undefined && !types.includes(info.type)) continue;
    const stems = nameStems(info.name);
    const shared = wanted.filter((word) => stems.includes(word)).length;
    if (shared === 0) continue;
    const score = shared / Math.max(stems.length, wanted.length);
    if (best === undefined || score > best.score) best = { info, score };
  }
  return best?.info;
}

const TOTAL_NAME = /\b(?:grand total|total|amount due|amount|balance|price|cost|value|sum)\b/;
const DUE_NAME = /\b(?:due|deadline|expir\w*|pay by|payable)\b/;
const DATE_NAME = /\b(?:date|dated|issued|created|on|at|day)\b/;
const STATUS_NAME = /\b(?:status|state|stage|paid|settled|closed|done)\b/;
const words = (name: string) =>
  name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();

const ofTypes = (fields: Map<string, FieldInfo>, types: readonly FieldType[]) =>
  [...fields.values()].filter((info) => types.includes(info.type));

/** The amount a question adds up when it names none: a total-named money field, else the only money field. */
export function defaultMeasure(fields: Map<string, FieldInfo>): FieldInfo | undefined {
  const money = ofTypes(fields, ['money']);
  const named = money.find((info) => TOTAL_NAME.test(words(info.name)));
  if (named !== undefined || money.length === 1) return named ?? money[0];
  if (money.length > 1) return undefined;
  const numbers = ofTypes(fields, ['number']).filter(
    (info) => !/\bid\b|\bno\b|number/.test(words(info.name)),
  );
  return numbers.length === 1 ? numbers[0] : undefined;
}

/** The date a period means: the one the question names ("due"), else a date-named one, else the first. */
export function dateField(fields: Map<string, FieldInfo>, named: string | null): FieldInfo | undefined {
  const dates = ofTypes(fields, ['date', 'timestamp']);
  if (named !== null) {
    const match = dates.find((info) => nameStems(info.name).includes(stem(named)));
    if (match !== undefined) return match;
    if (named === 'due') return dueField(fields);
  }
  return dates.find((info) => DATE_NAME.test(words(info.name))) ?? dates[0];
}

/** The due-like date ("Due date", "deadline", "payable on"), for "overdue" and "due this week". */
export const dueField = (fields: Map<string, FieldInfo>): FieldInfo | undefined =>
  ofTypes(fields, ['date', 'timestamp']).find((info) => DUE_NAME.test(words(info.name)));

/** The field that says whether a row is paid: a status-named text field, else a paid-named boolean. */
export function statusField(fields: Map<string, FieldInfo>): FieldInfo | undefined {
  const candidates = [...fields.values()].filter((info) => STATUS_NAME.test(words(info.name)));
  return (
    candidates.find((info) => info.type === 'text' && !info.many) ??
    candidates.find((info) => info.type === 'boolean')
  );
}

const NOT_PAID = new Set(['not', 'no', 'never', 'partially', 'partly', 'part', 'pending', 'awaiting', 'un']);

/**
 * Whether a status value means paid (closed, done…): one of the paid words, or a Paid box that is true. Given the
 * value's type and text (a table tests each distinct status once, table.ts).
 */
export function isPaidValue(
  value: { type: FieldType; text: string },
  paidWords: ReadonlySet<string>,
): boolean {
  if (value.type === 'boolean') return value.text === 'true';
  const text = value.text.trim().toLowerCase();
  if (paidWords.has(text)) return true;
  // "Paid in full" is paid; "not paid", "partially paid" are not.
  const parts = text.split(/[^\p{L}]+/u);
  return parts.some((word) => paidWords.has(word)) && !parts.some((word) => NOT_PAID.has(word));
}
