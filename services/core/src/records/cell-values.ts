// Cells as typed values (issue 37 item 1, docs/decisions/130-typed-fields.md): the text a database printed or a
// sheet showed, read as a decimal, an amount of money, a day or an instant. Every reader here answers undefined
// rather than guess: a cell it cannot read exactly stays text, so no total is ever made of a misread number.

/** How a column writes its decimals: "1,234.56" (point) or "1.234,56" (comma). */
export type DecimalMark = 'point' | 'comma';
/** How a column writes slashed days: 03/05/2026 as 3 May (dmy) or 5 March (mdy). */
export type DayOrder = 'dmy' | 'mdy';

const GROUPED_POINT = /^\d{1,3}(?:,\d{2,3})+(?:\.\d+)?$/;
const GROUPED_COMMA = /^\d{1,3}(?:[.\s\u00a0\u202f]\d{3})+(?:,\d+)?$/;
const PLAIN_POINT = /^\d+(?:\.\d+)?$/;
const PLAIN_COMMA = /^\d+,\d+$/;
const SPACED_POINT = /^\d{1,3}(?:[\s\u00a0\u202f]\d{3})+(?:\.\d+)?$/;

/** The canonical decimal: no leading zeros, no trailing fractional zeros, "-" for a negative. */
function canonical(negative: boolean, whole: string, fraction: string): string | undefined {
  const w = whole.replace(/^0+(?=\d)/, '');
  const f = fraction.replace(/0+$/, '');
  if (w.length > 30 || f.length > 12) return undefined;
  const body = f === '' ? w : `${w}.${f}`;
  return negative && body !== '0' ? `-${body}` : body;
}

/**
 * The marks a number's text settles, when it settles one: "1,234.56" and "1.234,56" do, "1,234" and "1.234" do not
 * (a thousand, or one and a bit?), "12.5" and "12,5" do.
 */
export function decimalMarkOf(text: string): DecimalMark | undefined {
  const t = text
    .trim()
    .replace(/^[-−(]/, '')
    .replace(/\)$/, '');
  if (/^\d{1,3}(?:,\d{3})+\.\d+$/.test(t) || /^\d{1,3}(?:,\d{2})+,\d{3}(?:\.\d+)?$/.test(t)) return 'point';
  if (/^\d{1,3}(?:\.\d{3})+,\d+$/.test(t)) return 'comma';
  if (/^\d+\.\d{1,2}$/.test(t) || /^\d+\.\d{4,}$/.test(t)) return 'point';
  if (/^\d+,\d{1,2}$/.test(t) || /^\d+,\d{4,}$/.test(t)) return 'comma';
  if (/^\d{1,3}(?:\.\d{3}){2,}$/.test(t)) return 'comma';
  if (/^\d{1,3}(?:,\d{3}){2,}$/.test(t) || /^\d{1,3}(?:,\d{2})+,\d{3}$/.test(t)) return 'point';
  return undefined;
}

/**
 * A decimal as a cell writes it: "7593.52", "1,234.56", "1.234,56" (with mark 'comma'), "6,14,500", "(120.00)" and
 * "-120" for negatives, "1 234,5". Undefined when the text is not one number, or when it could be either of two
 * and no mark is given ("1,234" alone).
 */
export function parseDecimal(text: string, mark?: DecimalMark): string | undefined {
  let t = text.trim();
  let negative = false;
  if (/^\(.*\)$/.test(t)) {
    negative = true;
    t = t.slice(1, -1).trim();
  }
  if (/^[-−]/.test(t)) {
    negative = !negative;
    t = t.slice(1).trim();
  } else if (t.startsWith('+')) {
    t = t.slice(1).trim();
  }
  if (t === '') return undefined;
  const settled = decimalMarkOf(t);
  const use = settled ?? mark;
  if (PLAIN_POINT.test(t) && (!/^\d{1,3}\.\d{3}$/.test(t) || use !== 'comma')) {
    const [whole = '', fraction = ''] = t.split('.');
    return canonical(negative, whole, fraction);
  }
  if (SPACED_POINT.test(t) && use !== 'comma') {
    const [whole = '', fraction = ''] = t.replace(/[\s\u00a0\u202f]/g, '').split('.');
    return canonical(negative, whole, fraction);
  }
  if (GROUPED_POINT.test(t) && use !== 'comma') {
    // "1,234" is a thousand only where the column writes points for decimals (or says nothing else).
    if (/^\d{1,3},\d{3}$/.test(t) && use === undefined) return undefined;
    const [whole = '', fraction = ''] = t.replace(/,/g, '').split('.');
    return canonical(negative, whole, fraction);
  }
  if ((GROUPED_COMMA.test(t) || PLAIN_COMMA.test(t) || /^\d{1,3}\.\d{3}$/.test(t)) && use === 'comma') {
    const [whole = '', fraction = ''] = t.replace(/[.\s\u00a0\u202f]/g, '').split(',');
    return canonical(negative, whole, fraction);
  }
  return undefined;
}

const SYMBOLS: Record<string, string> = {
  $: 'USD',
  US$: 'USD',
  '€': 'EUR',
  '£': 'GBP',
  '₹': 'INR',
  'Rs.': 'INR',
  Rs: 'INR',
  '¥': 'JPY',
};
const CODES = /^(?:USD|EUR|GBP|INR|JPY|CHF|CAD|AUD|SGD|AED|CNY|HKD|NZD|SEK|NOK|DKK|ZAR|BRL|MXN|KRW)$/;

/** An amount of money in a cell: "$7,593.52", "₹6,14,500", "1.234,56 €", "7593.52 USD". */
export function parseMoney(
  text: string,
  mark?: DecimalMark,
): { value: string; currency: string | undefined } | undefined {
  const t = text.trim();
  const match =
    /^([-−(]?)\s*(US\$|\$|€|£|₹|¥|Rs\.?|[A-Z]{3})\s?(.+)$/.exec(t) ??
    /^(.+?)\s?(\$|€|£|₹|¥|[A-Z]{3})$/.exec(t);
  if (match === null) return undefined;
  let sign = '';
  let word: string;
  let digits: string;
  if (match.length === 4) {
    sign = match[1] ?? '';
    word = match[2] ?? '';
    digits = match[3] ?? '';
  } else {
    digits = match[1] ?? '';
    word = match[2] ?? '';
  }
  const currency = SYMBOLS[word] ?? (CODES.test(word) ? word : undefined);
  if (currency === undefined) return undefined;
  const value = parseDecimal(`${sign}${digits}`, mark);
  return value === undefined ? undefined : { value, currency };
}

const MONTH_NAMES = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
] as const;

function isoDay(year: number, month: number, day: number): string | undefined {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1000 || year > 9999) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return undefined;
  return date.toISOString().slice(0, 10);
}

const monthIndex = (word: string) =>
  MONTH_NAMES.indexOf(word.slice(0, 3).toLowerCase() as (typeof MONTH_NAMES)[number]) + 1;

/** What a slashed day settles: 25/03/2026 is day-first, 03/25/2026 month-first, 03/05/2026 neither. */
export function dayOrderOf(text: string): DayOrder | undefined {
  const m = /^(\d{1,2})[/.](\d{1,2})[/.]\d{4}$/.exec(text.trim());
  if (m === null) return undefined;
  const [a, b] = [Number(m[1]), Number(m[2])];
  if (a > 12 && b <= 12) return 'dmy';
  if (b > 12 && a <= 12) return 'mdy';
  return undefined;
}

/**
 * A day as a cell writes it: "2026-03-05", "2026/03/05", "5 Mar 2026", "March 5, 2026", "05/03/2026" (with the
 * column's day order; undefined without one when both readings are days).
 */
export function parseDay(text: string, order?: DayOrder): string | undefined {
  const t = text.trim();
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(t);
  if (m) return isoDay(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(t);
  if (m) {
    const [a, b, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const use = dayOrderOf(t) ?? order ?? (a === b ? 'dmy' : undefined);
    if (use === undefined) return undefined;
    return use === 'dmy' ? isoDay(year, b, a) : isoDay(year, a, b);
  }
  m = /^(\d{1,2})(?:st|nd|rd|th)?[\s-]+([A-Za-z]{3,9})\.?[\s-,]+(\d{4})$/.exec(t);
  if (m && monthIndex(m[2] ?? '') > 0) return isoDay(Number(m[3]), monthIndex(m[2] ?? ''), Number(m[1]));
  m = /^([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/.exec(t);
  if (m && monthIndex(m[1] ?? '') > 0) return isoDay(Number(m[3]), monthIndex(m[1] ?? ''), Number(m[2]));
  return undefined;
}

/**
 * An instant as a database prints it ("2026-01-30 12:00:00+00", "2026-01-30T12:00:00.5Z"), in ISO 8601 UTC. One
 * without an offset is taken as UTC (MySQL's DATETIME and SQLite's text carry none).
 */
export function parseTimestamp(text: string): string | undefined {
  const m =
    /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i.exec(
      text.trim(),
    );
  if (m === null) return undefined;
  let offset = m[3] ?? 'Z';
  if (/^[+-]\d{2}$/.test(offset)) offset = `${offset}:00`;
  else if (/^[+-]\d{4}$/.test(offset)) offset = `${offset.slice(0, 3)}:${offset.slice(3)}`;
  const time = (m[2] ?? '').replace(/(\.\d{3})\d+$/, '$1');
  const ms = Date.parse(`${m[1]}T${time.length === 5 ? `${time}:00` : time}${offset}`);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

/** A boolean as PostgreSQL ("t"), MySQL ("1") or a sheet ("TRUE", "yes") writes it. */
export function parseBoolean(text: string): boolean | undefined {
  const t = text.trim().toLowerCase();
  if (['t', 'true', 'yes', 'y', '1'].includes(t)) return true;
  if (['f', 'false', 'no', 'n', '0'].includes(t)) return false;
  return undefined;
}

/** Words that name an amount of money in a column's name ("amount", "total_usd", "Price (€)"). */
const MONEY_NAME =
  /\b(?:amount|amt|total|subtotal|price|cost|costs|balance|fee|fees|paid|payment|revenue|salary|tax|vat|gst|spend|budget|invoiced|billed|due)\b/i;

/** The currency a column's name gives ("amount_usd", "Amount (₹)", "Total EUR"), if any. */
export function currencyOfName(name: string): string | undefined {
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_\-()[\]]/g, ' ');
  for (const word of words.split(/\s+/)) {
    const upper = word.toUpperCase();
    if (CODES.test(upper)) return upper;
    const symbol = SYMBOLS[word];
    if (symbol !== undefined) return symbol;
  }
  return undefined;
}

/** Whether a column's name says its numbers are money. */
export const moneyName = (name: string): boolean =>
  MONEY_NAME.test(name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]/g, ' ')) ||
  currencyOfName(name) !== undefined;
