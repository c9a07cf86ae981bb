import type { FieldType, RecordField } from '@trove/contracts';
import { localDay } from '../search/time-zone';
import { readSmallDecimal } from './decimal';
import { catalogueOf, type FieldInfo } from './row-fields';

// A collection's rows as columns, each read once per set of rows (docs/product/chats.md#answers; docs/decisions/225):
// the rows a cache keeps (records-cache.ts) are the same array question after question, so each row's amount is
// parsed, its day read and its text value numbered once, and a question over 100,000 kept rows is a pass over
// typed arrays instead of a lookup of each row's field by name and a parse of its value. Columns are made when a
// question first needs them and live as long as the rows do (a WeakMap on the array; the cache never changes an
// array it handed out, a new version is a new array). Nothing here decides a figure: the conditions and figures
// read these columns with the same rules they read the rows by.

export interface RowLike {
  fields: readonly RecordField[];
}

/** How a row holds a measure: no such field, a decimal of ≤ 15 significant digits, a longer one, not a number. */
export const MISSING = 0;
export const SMALL = 1;
export const LARGE = 2;
export const NOT_NUMBER = 3;

/** A column's decimals (money and number values), each read once. */
export interface Amounts {
  kind: Uint8Array;
  /** For SMALL: value × 10^scale, an integer exact in a double. */
  units: Float64Array;
  scale: Uint8Array;
  /** For SMALL: the value as a double (distinct decimals of ≤ 15 digits are distinct doubles, in order). */
  value: Float64Array;
  /** Index into `currencies`: '' for money with none and for plain numbers. */
  currency: Uint16Array;
  currencies: string[];
}

/** A column's values numbered: rows with one value share its number (statuses, customers, months). */
export interface Keys {
  /** Per row: the index of its value in `distinct`; -1 when the row has no such field. */
  ids: Int32Array;
  /** Each distinct (type, value as text) once, in the order first seen. */
  distinct: { type: FieldType; text: string }[];
}

/** One field name's values, row by row, and what is read from them. */
export class Column {
  private amountsRead: Amounts | undefined;
  private keysRead: Keys | undefined;
  private readonly daysRead = new Map<string, (string | undefined)[]>();

  constructor(
    readonly name: string,
    /** Per row: its first field of this name. */
    readonly fields: readonly (RecordField | undefined)[],
  ) {}

  get length(): number {
    return this.fields.length;
  }

  /** Each row's value as a decimal (money and number fields). */
  amounts(): Amounts {
    if (this.amountsRead !== undefined) return this.amountsRead;
    const n = this.fields.length;
    const read: Amounts = {
      kind: new Uint8Array(n),
      units: new Float64Array(n),
      scale: new Uint8Array(n),
      value: new Float64Array(n),
      currency: new Uint16Array(n),
      currencies: [''],
    };
    const currencyIndex = new Map<string, number>([['', 0]]);
    for (let i = 0; i < n; i++) {
      const field = this.fields[i];
      if (field === undefined) continue;
      if (field.type !== 'money' && field.type !== 'number') {
        read.kind[i] = NOT_NUMBER;
        continue;
      }
      const key = field.type === 'money' ? (field.currency ?? '') : '';
      let index = currencyIndex.get(key);
      if (index === undefined) {
        index = read.currencies.length;
        read.currencies.push(key);
        currencyIndex.set(key, index);
      }
      read.currency[i] = index;
      const small = readSmallDecimal(field.value);
      if (small === null) {
        read.kind[i] = LARGE;
        continue;
      }
      read.kind[i] = SMALL;
      read.units[i] = small.units;
      read.scale[i] = small.scale;
      read.value[i] = small.value;
    }
    this.amountsRead = read;
    return read;
  }

  /** Each row's day (a date field's, or a timestamp's in the time zone); undefined for any other value. */
  days(timeZone: string | null): readonly (string | undefined)[] {
    const key = timeZone ?? '';
    const cached = this.daysRead.get(key);
    if (cached !== undefined) return cached;
    const days = this.fields.map((field) =>
      field?.type === 'date'
        ? field.value
        : field?.type === 'timestamp'
          ? localDay(field.value, timeZone)
          : undefined,
    );
    this.daysRead.set(key, days);
    return days;
  }

  /** Each row's value numbered by (type, text): tests of a value are made once per distinct value. */
  keys(): Keys {
    if (this.keysRead !== undefined) return this.keysRead;
    const ids = new Int32Array(this.fields.length).fill(-1);
    const distinct: Keys['distinct'] = [];
    const numbers = new Map<string, number>();
    for (let i = 0; i < this.fields.length; i++) {
      const field = this.fields[i];
      if (field === undefined) continue;
      const text = String(field.value);
      const key = `${field.type}\u0000${text}`;
      let id = numbers.get(key);
      if (id === undefined) {
        id = distinct.length;
        distinct.push({ type: field.type, text });
        numbers.set(key, id);
      }
      ids[i] = id;
    }
    this.keysRead = { ids, distinct };
    return this.keysRead;
  }

  /** A test of each distinct value, as a test of a row: true only for rows that hold a value it passes. */
  rowsWhere(test: (value: Keys['distinct'][number]) => boolean): (row: number) => boolean {
    const { ids, distinct } = this.keys();
    const passes = Uint8Array.from(distinct, (value) => (test(value) ? 1 : 0));
    return (row) => {
      const id = ids[row] ?? -1;
      return id >= 0 && passes[id] === 1;
    };
  }
}

/** A set of rows, its fields catalogued and its columns made on first use. */
export class Table<Row extends RowLike = RowLike> {
  readonly fields: Map<string, FieldInfo>;
  private readonly columns = new Map<string, Column>();

  constructor(readonly rows: readonly Row[]) {
    this.fields = catalogueOf(rows);
  }

  column(name: string): Column {
    let column = this.columns.get(name);
    if (column === undefined) {
      column = new Column(name, fieldsNamed(this.rows, name));
      this.columns.set(name, column);
    }
    return column;
  }

  /** The rows at these indexes. */
  pick(indexes: readonly number[]): Row[] {
    const picked = new Array<Row>(indexes.length);
    for (let i = 0; i < indexes.length; i++) picked[i] = this.rows[indexes[i] as number] as Row;
    return picked;
  }
}

/**
 * Each row's first field of this name. The rows of one collection hold their fields in one order, so the next
 * row's field is nearly always at the index the last one held it: looked there first.
 */
function fieldsNamed(rows: readonly RowLike[], name: string): (RecordField | undefined)[] {
  let hint = -1;
  return rows.map((row) => {
    const at = row.fields[hint];
    if (at !== undefined && at.name === name && firstNamed(row.fields, name, hint)) return at;
    hint = row.fields.findIndex((field) => field.name === name);
    return hint < 0 ? undefined : row.fields[hint];
  });
}

/** Whether no field before `index` has the name (a row with two fields of one name is read by its first). */
function firstNamed(fields: readonly RecordField[], name: string, index: number): boolean {
  for (let i = 0; i < index; i++) if (fields[i]?.name === name) return false;
  return true;
}

const tables = new WeakMap<readonly RowLike[], Table>();

/** The table of a set of rows: made once for the same array (the rows a cache keeps). */
export function tableOf<Row extends RowLike>(rows: readonly Row[]): Table<Row> {
  let table = tables.get(rows) as Table<Row> | undefined;
  if (table === undefined) {
    table = new Table(rows);
    tables.set(rows, table as Table);
  }
  return table;
}
