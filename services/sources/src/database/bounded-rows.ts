import { DATABASE_CELL_MAX_CHARS, type DatabaseColumnKind } from '@trove/contracts';
import type { Cell, Row } from '@trove/service-core/records';

// Every row a source's server sends is bounded while it is read, not after (issue 34 item 3;
// docs/decisions/081-bounded-database-reads.md). A page is one statement that
// - selects only the mapped columns, each text cell cut by the server to the characters a document keeps (left()
//   / substr()), binary cells as their size alone: a 300 MB cell is cut where it lies, and never crosses the wire;
// - cuts the id and changed-at keys too (an id longer than KEY_MAX_CHARS cannot be a document's key: refused);
// - measures each row's bytes on the server and keeps the rows whose running total, before them, is under the
//   batch's byte cap (a window over the page, which the server computes on the page alone): a page of a
//   thousand rows of 100,000 characters each stops at SOURCE_DB_BATCH_MAX_BYTES, the next page goes on from its
//   last row.

/** The longest id or changed-at value a row may have (characters); longer cannot be a key. */
export const KEY_MAX_CHARS = 1_000;

export const KEY_CHANGED = '__trove_changed';
export const KEY_ID = '__trove_id';
const PAGE_COUNT = '__trove_count';

/** How one server's SQL writes what a page needs. */
export interface Dialect {
  quote(name: string): string;
  param(index: number): string;
  /**
   * The expression that reads a cell of this column cut to `chars` + 1 characters (one more: "it was cut"), or
   * its size alone when `binary`.
   */
  cell(expression: string, column: ColumnType, chars: number): { expression: string; binary: boolean };
  /** A value as text, cut to `chars` + 1 characters (the keys). */
  keyText(expression: string, chars: number): string;
  /** The bytes of an expression's value as text, 0 for NULL. */
  bytes(expression: string): string;
}

/** A column's type as the server names it, and its family. */
export interface ColumnType {
  type: string;
  kind: DatabaseColumnKind;
}

/** Kinds whose values are short by their type (numbers, dates, booleans): read as they are. */
export const SHORT_KINDS: ReadonlySet<DatabaseColumnKind> = new Set(['number', 'date', 'boolean']);

export interface PageLimits {
  /** SOURCE_DB_ROW_MAX_BYTES: a row's cells together (their characters are cut to fit, 4 bytes a character). */
  rowMaxBytes: number;
  /** SOURCE_DB_BATCH_MAX_BYTES: the rows of one read together, measured by the server. */
  batchMaxBytes: number;
}

export interface Keyset {
  /** The changed-at column, or null for id order alone (full scans). */
  changedAt: string | null;
  id: string;
}

export interface PageRequest {
  keyset: Keyset;
  after: { changedAt: string | null; id: string } | null;
  /** At most this many rows (SOURCE_DB_BATCH_ROWS, the preview's 5). */
  limit: number;
  /** The columns to read (the mapping's); a column of unknown type is read as text. */
  columns: readonly string[];
}

/** A page's rows; `more`: the page was full (by rows or bytes), so rows may follow its last. */
export interface Page {
  rows: Row[];
  more: boolean;
}

/** The characters each cell of a row of `count` columns keeps: the document's cap, less in a wide row. */
export function cellChars(count: number, limits: PageLimits): number {
  return Math.max(
    1,
    Math.min(DATABASE_CELL_MAX_CHARS, Math.floor(limits.rowMaxBytes / (4 * Math.max(1, count)))),
  );
}

function keysetSql(
  request: Pick<PageRequest, 'keyset' | 'after'>,
  dialect: Dialect,
): { where: string; order: string[]; values: string[] } {
  const { keyset, after } = request;
  const id = `t.${dialect.quote(keyset.id)}`;
  // A row without an id cannot be a document (nothing identifies it again): never read.
  if (keyset.changedAt === null)
    return {
      where:
        after === null
          ? `where ${id} is not null`
          : `where ${id} is not null and ${id} > ${dialect.param(1)}`,
      order: [id],
      values: after === null ? [] : [after.id],
    };
  const changed = `t.${dialect.quote(keyset.changedAt)}`;
  // Rows with no changed-at cannot be placed in the keyset (docs/decisions/052, "Limits we accept").
  const present = `${changed} is not null and ${id} is not null`;
  const start = after === null || after.changedAt === null;
  return {
    where: start
      ? `where ${present}`
      : `where ${present} and (${changed}, ${id}) > (${dialect.param(1)}, ${dialect.param(2)})`,
    order: [changed, id],
    values: start ? [] : [after.changedAt as string, after.id],
  };
}

/**
 * The page's statement: the keyset page of at most `limit` rows (its cells cut), then the rows whose bytes
 * before them are under the cap. The window orders by the keys as the server types them, as the page does.
 */
export function pageSql(
  from: string,
  request: PageRequest,
  types: ReadonlyMap<string, ColumnType>,
  dialect: Dialect,
  limits: PageLimits,
): { text: string; values: string[]; binary: Set<string>; chars: number } {
  const { where, order, values } = keysetSql(request, dialect);
  const columns = [...new Set(request.columns)];
  const chars = cellChars(columns.length, limits);
  const binary = new Set<string>();
  const cells = columns.map((name) => {
    const cell = dialect.cell(
      `t.${dialect.quote(name)}`,
      types.get(name) ?? { type: 'text', kind: 'text' },
      chars,
    );
    if (cell.binary) binary.add(name);
    return { name, ...cell };
  });
  const { keyset } = request;
  const changed =
    keyset.changedAt === null
      ? 'null'
      : dialect.keyText(`t.${dialect.quote(keyset.changedAt)}`, KEY_MAX_CHARS);
  const sizes = cells.filter((cell) => !cell.binary).map((cell) => dialect.bytes(cell.expression));
  const orderKeys = order.map((_, index) => `__trove_k${index}`);
  const inner = [
    ...cells.map((cell) => `${cell.expression} as ${dialect.quote(cell.name)}`),
    `${changed} as ${KEY_CHANGED}`,
    `${dialect.keyText(`t.${dialect.quote(keyset.id)}`, KEY_MAX_CHARS)} as ${KEY_ID}`,
    `(${sizes.length === 0 ? '0' : sizes.join(' + ')}) as __trove_bytes`,
    ...order.map((expression, index) => `${expression} as ${orderKeys[index]}`),
  ];
  const outer = [
    ...columns.map((name) => `x.${dialect.quote(name)}`),
    `x.${KEY_CHANGED}`,
    `x.${KEY_ID}`,
    `x.${PAGE_COUNT}`,
  ];
  const windowOrder = orderKeys.map((key) => `p.${key}`).join(', ');
  const text = `select ${outer.join(', ')} from (
      select p.*, sum(p.__trove_bytes) over (order by ${windowOrder} rows between unbounded preceding and current row)
               - p.__trove_bytes as __trove_before,
             count(*) over () as ${PAGE_COUNT}
      from (select ${inner.join(', ')} from ${from} ${where} order by ${order.join(', ')}
            limit ${Math.floor(request.limit)}) p
    ) x where x.__trove_before < ${Math.floor(limits.batchMaxBytes)} order by ${orderKeys.map((key) => `x.${key}`).join(', ')}`;
  return { text, values, binary, chars };
}

/**
 * Rows a sync counts at most before it starts (issue 34 item 7): the card's "of N". Past it the count says
 * nothing a person needs ("so far" is as good), and a view that never ends is cut here like a page is.
 */
export const COUNT_MAX = 10_000_000;

/** A count answers within this, or not at all (the card then says "so far"): it must not hold up the rows. */
export const COUNT_TIMEOUT_MS = 5_000;

/** The statement counting the rows a sync has still to read: those after `after` in keyset order, capped. */
export function countSql(
  from: string,
  request: Pick<PageRequest, 'keyset' | 'after'>,
  dialect: Dialect,
): { text: string; values: string[] } {
  const { where, values } = keysetSql(request, dialect);
  return {
    text: `select count(*) as n from (select 1 as one from ${from} ${where} limit ${COUNT_MAX}) c`,
    values,
  };
}

/** A count's answer: the rows, or null when it reached COUNT_MAX (a count that went no further). */
export function countOf(value: unknown): number | null {
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 0 && n < COUNT_MAX ? n : null;
}

/** A cell of a page as a reader hands it over: cut text says so, binary is its size. */
function pageCell(value: unknown, binary: boolean, chars: number): Cell {
  if (value === null || value === undefined) return null;
  if (binary) return { binary: Number(value) };
  if (Buffer.isBuffer(value)) return { binary: value.byteLength };
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.length > chars ? { cut: text.slice(0, chars) } : text;
}

/** The page's raw rows as {@link Row}s, checking the keys fit. */
export function pageOf(
  raw: Record<string, unknown>[],
  page: { binary: Set<string>; chars: number },
  limit: number,
  tooLong: (what: string) => Error,
): Page {
  const rows = raw.map((record) => {
    const row: Row = {};
    for (const [key, value] of Object.entries(record)) {
      if (key === PAGE_COUNT) continue;
      if (key === KEY_ID || key === KEY_CHANGED) {
        const text = value === null || value === undefined ? null : String(value);
        if (text !== null && text.length > KEY_MAX_CHARS) throw tooLong(key === KEY_ID ? 'id' : 'changed-at');
        row[key] = text;
      } else row[key] = pageCell(value, page.binary.has(key), page.chars);
    }
    return row;
  });
  const count = Number(raw[0]?.[PAGE_COUNT] ?? 0);
  return { rows, more: count >= limit };
}
