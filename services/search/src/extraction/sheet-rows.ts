import { sheetRecords } from '@trove/service-core/records';
import type { DocumentText, TextRecord } from './document-text';
import { MAX_WORDS } from './passages';

// Spreadsheets (XLSX, ODS) as text (issue 39 item 1): each sheet a section, each row a line that names its
// columns ("Amount: $1,250.00; Due: 2024-03-31"), so a row found alone still says what its numbers are, and the
// facts finders read its totals and dates. Rows are packed into passages of at most MAX_WORDS words.

/** Cells of one workbook read at most: a sheet's repeated rows cannot make a small file endless. */
export const MAX_CELLS = 2_000_000;

export interface Sheet {
  name: string;
  /** Rows in order with their 1-based row numbers; cells as display text ('' when empty). */
  rows: { number: number; cells: string[] }[];
}

/**
 * Rows of one file kept as typed fields (issue 37 item 1): past this the rows are still searchable text, and an
 * answer that would count them says what it could not count (the note).
 */
export const MAX_RECORDS = 100_000;

export const recordsNote = (rows: number) =>
  `Only its first ${MAX_RECORDS.toLocaleString('en-US')} of ${rows.toLocaleString('en-US')} rows are kept as typed fields for totals and counts.`;

const wordCount = (line: string) => line.split(/\s+/).filter(Boolean).length;

/** "A", "B", … "AA": a column without a header is named as the sheet names it. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** One row as "Header: value; …", empty cells left out. */
function rowLine(header: readonly string[], cells: readonly string[]): string {
  const pairs: string[] = [];
  cells.forEach((cell, index) => {
    if (cell.trim() === '') return;
    const name = header[index]?.trim() || columnName(index);
    pairs.push(`${name}: ${cell.trim()}`);
  });
  return pairs.join('; ');
}

/** Sheets → blocks: the first non-empty row of a sheet is its header. */
export function sheetsToText(sheets: readonly Sheet[], fallbackTitle: string, notes: string[]): DocumentText {
  const blocks: DocumentText['blocks'] = [];
  const typed: TextRecord[] = [];
  let rowCount = 0;
  const named = sheets.filter((sheet) => sheet.rows.length > 0).length > 1;
  for (const sheet of sheets) {
    const rows = sheet.rows.filter((row) => row.cells.some((cell) => cell.trim() !== ''));
    const [header, ...records] = rows;
    if (header === undefined) continue;
    rowCount += records.length;
    const kept = records.slice(0, Math.max(0, MAX_RECORDS - typed.length));
    const fields = sheetRecords(
      header.cells,
      kept.map((record) => record.cells),
      columnName,
    );
    kept.forEach((record, index) => {
      typed.push({
        // A workbook of several sheets: each sheet's rows are a collection of their own.
        ...(named ? { collection: `${fallbackTitle} › ${sheet.name}` } : {}),
        location: `sheet ${sheet.name}, row ${record.number}`,
        line: rowLine(header.cells, record.cells),
        fields: fields[index] ?? [],
      });
    });
    const headerLine = header.cells.filter((cell) => cell.trim() !== '').join(', ');
    if (records.length === 0) {
      blocks.push({ location: `sheet ${sheet.name}, row ${header.number}`, text: headerLine });
      continue;
    }
    let group: string[] = [];
    let first = records[0]?.number ?? 0;
    let last = first;
    let count = 0;
    const flush = () => {
      if (group.length === 0) return;
      const rowsText = first === last ? `row ${first}` : `rows ${first}–${last}`;
      blocks.push({
        location: `sheet ${sheet.name}, ${rowsText}`,
        text: group.join('\n'),
        title: sheet.name,
      });
      group = [];
      count = 0;
    };
    for (const record of records) {
      const line = rowLine(header.cells, record.cells);
      const words = wordCount(line);
      if (group.length > 0 && count + words > MAX_WORDS) flush();
      if (group.length === 0) first = record.number;
      group.push(line);
      last = record.number;
      count += words;
    }
    flush();
  }
  return {
    title: fallbackTitle,
    parts: sheets.length,
    documentDate: null,
    blocks,
    people: [],
    organisations: [],
    notes: rowCount > MAX_RECORDS ? [...notes, recordsNote(rowCount)] : notes,
    records: typed,
  };
}

/** Excel's serial day (1900 system, with its 29 February 1900; or 1904) as YYYY-MM-DD, with the time if any. */
export function serialDate(serial: number, date1904: boolean): string | undefined {
  if (!Number.isFinite(serial) || serial < 0 || serial > 2_958_465) return undefined;
  const days = date1904 ? serial + 1462 : serial < 60 ? serial + 1 : serial;
  const ms = Math.round((days - 25569) * 86_400_000);
  const iso = new Date(ms).toISOString();
  const time = iso.slice(11, 16);
  return time === '00:00' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${time}`;
}

/** A number as a person reads it in a cell: no float noise ("0.30000000000000004" → "0.3"). */
export function plainNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(12)));
}

// One formatter for every cell: `toLocaleString` with options builds a new Intl.NumberFormat a call, which was
// 18 % of reading a 100,000-cell workbook (bench --extraction's large.xlsx).
const MONEY_DIGITS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A money amount with its currency where the facts finders read it: "$1,250.00", "1,250.00 INR". */
export function moneyText(value: number, currency: string): string {
  const amount = MONEY_DIGITS.format(Math.abs(value));
  const sign = value < 0 ? '-' : '';
  return /^[A-Z]{3}$/.test(currency) ? `${sign}${amount} ${currency}` : `${sign}${currency}${amount}`;
}
