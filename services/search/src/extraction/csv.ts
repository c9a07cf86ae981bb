import type { DocumentText } from './document-text';
import { MAX_WORDS } from './passages';

/** RFC 4180 records: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
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
  return {
    title: fallbackTitle,
    parts: records.length,
    documentDate: null,
    blocks,
    people: [],
    organisations: [],
  };
}
