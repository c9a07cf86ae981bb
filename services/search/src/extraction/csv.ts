import { sheetRecords } from '@trove/service-core/records';
import type { DocumentText } from './document-text';
import { MAX_WORDS } from './passages';
import { columnName, MAX_RECORDS, recordsNote } from './sheet-rows';

/** The characters that end or quote a field: everything between them is taken as one slice. */
const SPECIAL = /[",\r\n]/g;

/**
 * RFC 4180 records: quoted fields may hold commas, quotes ("") and line breaks. Runs of plain characters are
 * sliced whole rather than added a character at a time (1 MB of one letter took 4.7 s that way: issue 35 item 5).
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endRow = () => {
    // A blank line is no record: not kept, so a file of line breaks holds no million empty rows.
    if (row.length > 0 || field !== '') {
      row.push(field);
      rows.push(row);
    }
    row = [];
    field = '';
  };
  while (i < text.length) {
    if (quoted) {
      const close = text.indexOf('"', i);
      if (close < 0) {
        field += text.slice(i);
        break;
      }
      field += text.slice(i, close);
      if (text[close + 1] === '"') {
        field += '"';
        i = close + 2;
      } else {
        quoted = false;
        i = close + 1;
      }
      continue;
    }
    SPECIAL.lastIndex = i;
    const found = SPECIAL.exec(text);
    const at = found === null ? text.length : found.index;
    field += text.slice(i, at);
    if (found === null) break;
    const char = text[at];
    i = at + 1;
    if (char === '"') {
      if (field === '') quoted = true;
      else field += '"';
    } else if (char === ',') {
      row.push(field);
      field = '';
    } else {
      if (char === '\r' && text[i] === '\n') i += 1;
      endRow();
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
}

const words = (line: string) => line.split(/\s+/).filter(Boolean).length;

/**
 * Rows grouped into passages of at most MAX_WORDS words, each starting with the header row so a passage
 * found alone still says what its columns mean (issue 10 part 2). Locations count the header as row 1.
 */
export function readCsv(text: string, fallbackTitle: string): DocumentText {
  const [header, ...records] = parseCsv(text.replace(/^\uFEFF/, ''));
  const headerLine = (header ?? []).join(', ');
  const blocks: DocumentText['blocks'] = [];
  let group: string[] = [];
  let first = 2;
  let count = words(headerLine);
  const flush = (last: number) => {
    if (group.length === 0) return;
    blocks.push({
      location: first === last ? `row ${first}` : `rows ${first}–${last}`,
      text: [headerLine, ...group].join('\n'),
    });
    group = [];
    count = words(headerLine);
  };
  records.forEach((record, index) => {
    const line = record.join(', ');
    const rowNumber = index + 2;
    if (group.length > 0 && count + words(line) > MAX_WORDS) {
      flush(rowNumber - 1);
      first = rowNumber;
    }
    group.push(line);
    count += words(line);
  });
  flush(records.length + 1);
  if (blocks.length === 0 && headerLine) blocks.push({ location: 'row 1', text: headerLine });
  // Each row also as typed fields under its header (issue 37 item 1), up to MAX_RECORDS rows.
  const typed = records.slice(0, MAX_RECORDS);
  const fields = sheetRecords(header ?? [], typed, columnName);
  return {
    title: fallbackTitle,
    parts: records.length,
    documentDate: null,
    blocks,
    people: [],
    organisations: [],
    records: typed.map((record, index) => ({
      location: `row ${index + 2}`,
      line: record.join(', '),
      fields: fields[index] ?? [],
    })),
    ...(records.length > MAX_RECORDS ? { notes: [recordsNote(records.length)] } : {}),
  };
}
