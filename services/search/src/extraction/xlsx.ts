import { ExtractionError } from './detect-kind';
import { baseName } from './file-name';
import type { DocumentText } from './document-text';
import {
  isEncryptedOffice,
  type OfficePackage,
  openOfficePackage,
  protectedReason,
  resolvePart,
} from './office-package';
import type { Reader } from './reader';
import { MAX_CELLS, moneyText, plainNumber, type Sheet, serialDate, sheetsToText } from './sheet-rows';
import { walkXml } from './xml-events';
import { zipHolds, zipKind } from './zip-kinds';

// XLSX (issue 39 item 1): the workbook's sheets in its order, each cell as its format shows it where that
// matters to a search — dates as dates (Excel keeps them as day numbers), money with its currency, percentages
// — read from the package's XML as events (xml-events.ts).

const WHAT = 'Excel workbook';

/** Relationship ids → targets of a part's .rels. */
export function relationships(xml: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (xml === undefined) return out;
  walkXml(xml, {
    open(name, attributes) {
      if (name === 'Relationship' && attributes.Id && attributes.Target)
        out.set(attributes.Id, attributes.Target);
    },
  });
  return out;
}

export type CellFormat =
  | { kind: 'date' }
  | { kind: 'percent' }
  | { kind: 'money'; currency: string }
  | { kind: 'number' };

// Excel's built-in formats (ECMA-376 §18.8.30) that are dates, percentages or (en-US) money.
const BUILTIN_DATES = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 30, 36, 45, 46, 47, 50, 57]);
const BUILTIN_PERCENT = new Set([9, 10]);
const BUILTIN_MONEY = new Set([5, 6, 7, 8, 42, 44]);

/** What one of Excel's built-in format ids shows a number as (XLSX's styles and XLS's XF records alike). */
export function builtinFormat(id: number): CellFormat {
  if (BUILTIN_DATES.has(id)) return { kind: 'date' };
  if (BUILTIN_PERCENT.has(id)) return { kind: 'percent' };
  if (BUILTIN_MONEY.has(id)) return { kind: 'money', currency: '$' };
  return { kind: 'number' };
}
const SYMBOLS = /[$€£¥₹]/;

/** What a format code shows a number as. */
export function formatOf(code: string): CellFormat {
  const bracketed = /\[\$([^\]-]+)(?:-[0-9A-Fa-f]+)?\]/.exec(code)?.[1];
  const currency = bracketed ?? SYMBOLS.exec(code)?.[0];
  if (currency !== undefined && currency.trim() !== '') return { kind: 'money', currency: currency.trim() };
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[[^\]]*\]/g, '');
  if (/[dy]/i.test(bare) || /m.*[hs]|[hs].*m/i.test(bare)) return { kind: 'date' };
  if (bare.includes('%')) return { kind: 'percent' };
  return { kind: 'number' };
}

/** Each cell style's (the `s` index) format, from styles.xml. */
function cellFormats(xml: string | undefined): CellFormat[] {
  if (xml === undefined) return [];
  const codes = new Map<number, string>();
  const formats: CellFormat[] = [];
  let inCellXfs = false;
  walkXml(xml, {
    open(name, attributes) {
      if (name === 'numFmt') codes.set(Number(attributes.numFmtId), attributes.formatCode ?? '');
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(attributes.numFmtId ?? 0);
        const code = codes.get(id);
        formats.push(code === undefined ? builtinFormat(id) : formatOf(code));
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return formats;
}

/** The shared strings table: each <si>'s text runs joined (phonetic runs left out). */
function sharedStrings(xml: string | undefined): string[] {
  if (xml === undefined) return [];
  const strings: string[] = [];
  let current: string[] | undefined;
  let inText = false;
  let phonetic = 0;
  walkXml(xml, {
    open(name) {
      if (name === 'si') current = [];
      else if (name === 'rPh') phonetic += 1;
      else if (name === 't' && phonetic === 0) inText = true;
    },
    text(text) {
      if (inText) current?.push(text);
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic -= 1;
      else if (name === 'si') {
        strings.push((current ?? []).join(''));
        current = undefined;
      }
    },
  });
  return strings;
}

/** "AB12" → 27 (0-based column). */
function columnIndex(reference: string | undefined, fallback: number): number {
  const letters = reference === undefined ? undefined : /^[A-Z]+/.exec(reference)?.[0];
  if (letters === undefined) return fallback;
  let index = 0;
  for (const letter of letters) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

interface WorkbookContext {
  strings: string[];
  formats: CellFormat[];
  date1904: boolean;
  cellsLeft: number;
}

function cellText(type: string, raw: string, style: number, context: WorkbookContext): string {
  if (type === 's') return context.strings[Number(raw)] ?? '';
  if (type === 'inlineStr' || type === 'str' || type === 'e') return raw;
  if (type === 'b') return raw === '1' ? 'TRUE' : 'FALSE';
  if (type === 'd') return raw.slice(0, 10);
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value)) return raw;
  const format = context.formats[style] ?? { kind: 'number' };
  if (format.kind === 'date') return serialDate(value, context.date1904) ?? plainNumber(value);
  if (format.kind === 'percent') return `${plainNumber(value * 100)}%`;
  if (format.kind === 'money') return moneyText(value, format.currency);
  return plainNumber(value);
}

/** One worksheet's rows, read as events; stops when the workbook's cells run out. */
function readSheet(xml: string, name: string, context: WorkbookContext): Sheet {
  const rows: Sheet['rows'] = [];
  let row: { number: number; cells: string[] } | undefined;
  let cell: { column: number; type: string; style: number; value: string[] } | undefined;
  let collecting = false;
  walkXml(xml, {
    open(tag, attributes) {
      if (tag === 'row') {
        row = { number: Number(attributes.r ?? rows.length + 1), cells: [] };
      } else if (tag === 'c' && row !== undefined && context.cellsLeft > 0) {
        context.cellsLeft -= 1;
        cell = {
          column: columnIndex(attributes.r, row.cells.length),
          type: attributes.t ?? 'n',
          style: Number(attributes.s ?? 0),
          value: [],
        };
      } else if ((tag === 'v' || tag === 't') && cell !== undefined) collecting = true;
    },
    text(text) {
      if (collecting) cell?.value.push(text);
    },
    close(tag) {
      if (tag === 'v' || tag === 't') collecting = false;
      else if (tag === 'c' && cell !== undefined && row !== undefined) {
        // A column beyond any real sheet's (XFD is 16,384) is a crafted file's, not a reason to fill an array.
        if (cell.column < 16_384) {
          while (row.cells.length < cell.column) row.cells.push('');
          row.cells[cell.column] = cellText(cell.type, cell.value.join(''), cell.style, context);
        }
        cell = undefined;
      } else if (tag === 'row' && row !== undefined) {
        rows.push(row);
        row = undefined;
      }
    },
  });
  return { name, rows };
}

function readWorkbook(pkg: OfficePackage, fallbackTitle: string): DocumentText {
  const workbook = pkg.required('xl/workbook.xml');
  const targets = relationships(pkg.text('xl/_rels/workbook.xml.rels'));
  const sheets: { name: string; part: string }[] = [];
  let date1904 = false;
  walkXml(workbook, {
    open(name, attributes) {
      if (name === 'workbookPr') date1904 = attributes.date1904 === '1' || attributes.date1904 === 'true';
      if (name === 'sheet') {
        const target = targets.get(attributes['r:id'] ?? '');
        if (target !== undefined)
          sheets.push({
            name: attributes.name ?? `Sheet${sheets.length + 1}`,
            part: resolvePart('xl', target),
          });
      }
    },
  });
  const context: WorkbookContext = {
    strings: sharedStrings(pkg.text('xl/sharedStrings.xml')),
    formats: cellFormats(pkg.text('xl/styles.xml')),
    date1904,
    cellsLeft: MAX_CELLS,
  };
  const read = sheets.flatMap(({ name, part }) => {
    const xml = pkg.text(part);
    return xml === undefined ? [] : [readSheet(xml, name, context)];
  });
  const notes =
    context.cellsLeft <= 0
      ? [`Only the first ${MAX_CELLS.toLocaleString('en')} cells of this workbook were read.`]
      : [];
  return sheetsToText(read, fallbackTitle, notes);
}

export const xlsxReader: Reader = {
  accepts(bytes) {
    if (isEncryptedOffice(bytes)) return { accepted: false, reason: protectedReason(WHAT) };
    // A zip whose main part is not visible is this kind damaged (read() says so), not an archive to open.
    return zipHolds(bytes, 'xl/workbook.xml') || zipKind(bytes) === 'zip'
      ? { accepted: true, text: null }
      : { accepted: false };
  },
  async read(input) {
    const pkg = openOfficePackage(input.bytes, WHAT);
    if (!pkg.zip.has('xl/workbook.xml'))
      throw new ExtractionError(`This ${WHAT} is damaged and cannot be read.`);
    return readWorkbook(pkg, baseName(input.fileName));
  },
  limits: [],
};
