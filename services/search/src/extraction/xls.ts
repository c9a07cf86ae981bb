import * as CFB from 'cfb';
import { ExtractionError } from './detect-kind';
import type { DocumentText } from './document-text';
import { baseName } from './file-name';
import { isCompoundFile, isEncryptedOffice, protectedReason } from './office-package';
import type { Reader } from './reader';
import { MAX_CELLS, moneyText, plainNumber, type Sheet, serialDate, sheetsToText } from './sheet-rows';
import { type CellFormat, builtinFormat, formatOf } from './xlsx';
import { biffRecords, type BiffRecord, rkNumber, unicodeString, sharedStrings } from './xls-records';

// XLS, Excel 97–2003 (issue 39 item 1, docs/decisions/126): the "Workbook" stream of an OLE compound file (read
// by `cfb`, SheetJS's container reader) walked as BIFF8 records — the shared strings, the number formats, each
// sheet's cells — into the same sheets-as-text as XLSX and ODS. Only text, numbers and their formats are read:
// no formulas are evaluated (a formula's cached value is what Excel showed), no charts, no macros.

const WHAT = 'Excel 97–2003 workbook';

/** BIFF8 record types (MS-XLS §2.3). */
const R = {
  BOF: 0x0809,
  EOF: 0x000a,
  FILEPASS: 0x002f,
  DATEMODE: 0x0022,
  BOUNDSHEET: 0x0085,
  FORMAT: 0x041e,
  XF: 0x00e0,
  LABELSST: 0x00fd,
  LABEL: 0x0204,
  NUMBER: 0x0203,
  RK: 0x027e,
  MULRK: 0x00bd,
  BOOLERR: 0x0205,
  FORMULA: 0x0006,
  STRING: 0x0207,
} as const;

/** Columns of a BIFF8 sheet (IV is the 256th): a cell past them is a crafted file's. */
const MAX_COLUMNS = 256;

interface Globals {
  strings: string[];
  /** Each XF's (a cell's `ixfe`) format. */
  formats: CellFormat[];
  date1904: boolean;
  sheets: { name: string; offset: number }[];
}

function readGlobals(records: readonly BiffRecord[]): Globals {
  const codes = new Map<number, string>();
  const xfFormats: number[] = [];
  const globals: Globals = { strings: [], formats: [], date1904: false, sheets: [] };
  for (const record of records) {
    const { type, data } = record;
    if (type === R.FILEPASS) throw new ExtractionError(protectedReason(WHAT));
    if (type === R.DATEMODE && data.length >= 2) globals.date1904 = data.readUInt16LE(0) === 1;
    else if (type === R.FORMAT && data.length >= 5)
      codes.set(data.readUInt16LE(0), unicodeString(data, 2).text);
    else if (type === R.XF && data.length >= 4) xfFormats.push(data.readUInt16LE(2));
    else if (type === 0x00fc) globals.strings = sharedStrings(record);
    else if (type === R.BOUNDSHEET && data.length >= 8) {
      // Worksheets only (dt 0); charts, macro sheets and dialogs hold no cells to read.
      if (data[5] !== 0) continue;
      const length = data[6] ?? 0;
      const high = ((data[7] ?? 0) & 1) === 1;
      const name = high
        ? data.subarray(8, 8 + length * 2).toString('utf16le')
        : data.subarray(8, 8 + length).toString('latin1');
      globals.sheets.push({
        name: name || `Sheet${globals.sheets.length + 1}`,
        offset: data.readUInt32LE(0),
      });
    } else if (type === R.EOF) break;
  }
  globals.formats = xfFormats.map((id) => {
    const code = codes.get(id);
    return code === undefined ? builtinFormat(id) : formatOf(code);
  });
  return globals;
}

interface SheetState {
  rows: Map<number, string[]>;
  cellsLeft: number;
}

function numberText(value: number, ixfe: number, globals: Globals): string {
  const format = globals.formats[ixfe] ?? { kind: 'number' };
  if (format.kind === 'date') return serialDate(value, globals.date1904) ?? plainNumber(value);
  if (format.kind === 'percent') return `${plainNumber(value * 100)}%`;
  if (format.kind === 'money') return moneyText(value, format.currency);
  return plainNumber(value);
}

function put(state: SheetState, row: number, column: number, text: string): void {
  if (column >= MAX_COLUMNS || state.cellsLeft <= 0) return;
  state.cellsLeft -= 1;
  let cells = state.rows.get(row);
  if (cells === undefined) {
    cells = [];
    state.rows.set(row, cells);
  }
  while (cells.length < column) cells.push('');
  cells[column] = text;
}

/** A formula's cached value: a number, or a marker for the STRING record that follows it. */
function formulaValue(data: Buffer, ixfe: number, globals: Globals): string | 'string' {
  if (data.length < 14) return '';
  if (data.readUInt16LE(12) !== 0xffff) return numberText(data.readDoubleLE(6), ixfe, globals);
  const type = data[6];
  if (type === 0) return 'string';
  if (type === 1) return data[8] === 1 ? 'TRUE' : 'FALSE';
  return '';
}

/** One sheet's cells, from its BOF to its EOF. */
function readSheet(records: readonly BiffRecord[], name: string, globals: Globals, state: SheetState): Sheet {
  state.rows = new Map();
  let pendingString: { row: number; column: number } | undefined;
  for (const record of records) {
    const { type, data } = record;
    if (type === R.EOF) break;
    if (data.length < 6 && type !== R.STRING) continue;
    const row = data.readUInt16LE(0);
    const column = data.readUInt16LE(2);
    const ixfe = data.length >= 6 ? data.readUInt16LE(4) : 0;
    if (type === R.LABELSST && data.length >= 10)
      put(state, row, column, globals.strings[data.readUInt32LE(6)] ?? '');
    else if (type === R.LABEL && data.length >= 9) put(state, row, column, unicodeString(data, 6).text);
    else if (type === R.NUMBER && data.length >= 14)
      put(state, row, column, numberText(data.readDoubleLE(6), ixfe, globals));
    else if (type === R.RK && data.length >= 10)
      put(state, row, column, numberText(rkNumber(data.readInt32LE(6)), ixfe, globals));
    else if (type === R.MULRK) {
      for (let at = 4, col = column; at + 6 <= data.length - 2; at += 6, col += 1)
        put(state, row, col, numberText(rkNumber(data.readInt32LE(at + 2)), data.readUInt16LE(at), globals));
    } else if (type === R.BOOLERR && data.length >= 8) {
      if (data[7] === 0) put(state, row, column, data[6] === 1 ? 'TRUE' : 'FALSE');
    } else if (type === R.FORMULA) {
      const value = formulaValue(data, ixfe, globals);
      if (value === 'string') pendingString = { row, column };
      else if (value !== '') put(state, row, column, value);
    } else if (type === R.STRING && pendingString !== undefined) {
      put(state, pendingString.row, pendingString.column, unicodeString(data, 0).text);
      pendingString = undefined;
    }
  }
  const rows = [...state.rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([number, cells]) => ({ number: number + 1, cells }));
  return { name, rows };
}

/** The workbook stream's bytes: BIFF8's "Workbook"; BIFF5's "Book" (Excel 5/95) is said to be too old. */
function workbookStream(bytes: Uint8Array): Buffer {
  let container: CFB.CFB$Container;
  try {
    container = CFB.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { type: 'buffer' });
  } catch {
    throw new ExtractionError(`This ${WHAT} is damaged and cannot be read.`);
  }
  const entry = CFB.find(container, 'Workbook');
  if (entry?.content === undefined || entry.content.length === 0) {
    if (CFB.find(container, 'Book') !== null)
      throw new ExtractionError(
        'This is an Excel 5.0/95 workbook, older than Trove reads. Save it as .xlsx and upload it again.',
      );
    throw new ExtractionError(`This ${WHAT} is damaged and cannot be read.`);
  }
  return Buffer.from(entry.content as Uint8Array);
}

export function readXls(bytes: Uint8Array, fallbackTitle: string): DocumentText {
  const stream = workbookStream(bytes);
  const records = biffRecords(stream, 0);
  const bof = records[0];
  if (bof?.type !== R.BOF || bof.data.length < 2 || bof.data.readUInt16LE(0) !== 0x0600)
    throw new ExtractionError(
      'This Excel workbook is in an older format than Excel 97 (BIFF8). Save it as .xlsx and upload it again.',
    );
  const globals = readGlobals(records);
  const state: SheetState = { rows: new Map(), cellsLeft: MAX_CELLS };
  const sheets = globals.sheets.flatMap(({ name, offset }) => {
    if (offset <= 0 || offset >= stream.length) return [];
    return [readSheet(biffRecords(stream, offset), name, globals, state)];
  });
  const notes =
    state.cellsLeft <= 0
      ? [`Only the first ${MAX_CELLS.toLocaleString('en')} cells of this workbook were read.`]
      : [];
  return sheetsToText(sheets, fallbackTitle, notes);
}

export const xlsReader: Reader = {
  accepts(bytes) {
    if (isEncryptedOffice(bytes)) return { accepted: false, reason: protectedReason(WHAT) };
    return isCompoundFile(bytes) ? { accepted: true, text: null } : { accepted: false };
  },
  read: async (input) => readXls(input.bytes, baseName(input.fileName)),
  limits: [],
};
