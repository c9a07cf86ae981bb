import type { DocumentKind } from '@trove/contracts';
import { ExtractionError } from './detect-kind';
import type { DocumentText } from './document-text';
import { baseName } from './file-name';
import { odfMimetype, openOfficePackage, protectedReason } from './office-package';
import { type Slide, slidesToText } from './pptx';
import type { Reader } from './reader';
import { sectionLocation } from './sections';
import { MAX_CELLS, moneyText, plainNumber, type Sheet, sheetsToText } from './sheet-rows';
import { walkXml, wholeAttribute } from './xml-events';
import { zipKind } from './zip-kinds';

// OpenDocument (issue 39 items 1–3): ODT like a Word document (headings, paragraphs, tables), ODS like a
// workbook, ODP like slides — all three from the package's content.xml, read as events.

const WHAT: Record<'odt' | 'ods' | 'odp', string> = {
  odt: 'OpenDocument text',
  ods: 'OpenDocument spreadsheet',
  odp: 'OpenDocument presentation',
};

const MIMETYPES: Record<'odt' | 'ods' | 'odp', string> = {
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
};

/**
 * Paragraph text of OpenDocument markup: text:s is spaces, text:tab a tab, text:line-break a line; a paragraph
 * inside another (a frame's text box) is a paragraph of its own.
 */
class Paragraphs {
  private stack: string[][] = [];

  open(name: string, attributes: Record<string, string>): boolean {
    if (name === 'text:p' || name === 'text:h') {
      this.stack.push([]);
      return true;
    }
    const current = this.stack.at(-1);
    if (current === undefined) return false;
    if (name === 'text:s') current.push(' '.repeat(Math.min(wholeAttribute(attributes['text:c'], 1), 64)));
    else if (name === 'text:tab') current.push('\t');
    else if (name === 'text:line-break') current.push('\n');
    return false;
  }

  text(text: string): void {
    this.stack.at(-1)?.push(text);
  }

  /** The paragraph that ends here, trimmed; undefined when the tag does not end one. */
  close(name: string): string | undefined {
    if (name !== 'text:p' && name !== 'text:h') return undefined;
    return (this.stack.pop() ?? []).join('').trim();
  }
}

function readOdt(content: string, fallbackTitle: string): DocumentText {
  const blocks: DocumentText['blocks'] = [];
  const paragraphs = new Paragraphs();
  let heading: string | null = null;
  let title: string | null = null;
  let level = 0;
  let tableDepth = 0;
  let row: string[] | undefined;
  let cell: string[] | undefined;
  walkXml(content, {
    open(name, attributes) {
      if (name === 'text:h') level = wholeAttribute(attributes['text:outline-level'], 1);
      else if (name === 'table:table') tableDepth += 1;
      else if (name === 'table:table-row' && tableDepth === 1) row = [];
      else if (name === 'table:table-cell' && row !== undefined) cell = [];
      paragraphs.open(name, attributes);
    },
    text: (text) => paragraphs.text(text),
    close(name) {
      const text = paragraphs.close(name);
      if (text !== undefined) {
        if (name === 'text:h' && tableDepth === 0) {
          if (text) heading = text;
          if (level === 1 && text) title ??= text;
        } else if (cell !== undefined) cell.push(text);
        else if (text) blocks.push({ location: sectionLocation(heading), text });
        return;
      }
      if (name === 'table:table-cell' && cell !== undefined && row !== undefined) {
        row.push(cell.filter(Boolean).join(' '));
        cell = undefined;
      } else if (name === 'table:table-row' && row !== undefined && tableDepth === 1) {
        const line = row.filter(Boolean).join(' | ');
        if (line) blocks.push({ location: sectionLocation(heading), text: line });
        row = undefined;
      } else if (name === 'table:table') tableDepth -= 1;
    },
  });
  return {
    title: title ?? blocks[0]?.text.slice(0, 200) ?? fallbackTitle,
    parts: new Set(blocks.map((b) => b.location)).size,
    documentDate: null,
    blocks,
    people: [],
    organisations: [],
  };
}

/** An ODS cell's text as its value type shows it: numbers plain, money with its currency, dates as dates. */
function odsCellText(attributes: Record<string, string>, text: string): string {
  const type = attributes['office:value-type'];
  const value = Number(attributes['office:value']);
  if (type === 'float' && Number.isFinite(value)) return plainNumber(value);
  if (type === 'currency' && Number.isFinite(value))
    return moneyText(value, attributes['office:currency'] ?? '') || text;
  if (type === 'percentage' && Number.isFinite(value)) return `${plainNumber(value * 100)}%`;
  if (type === 'date' && attributes['office:date-value'])
    return attributes['office:date-value']
      .replace('T', ' ')
      .replace(/ 00:00(:00)?$/, '')
      .slice(0, 16);
  if (type === 'boolean') return attributes['office:boolean-value'] === 'true' ? 'TRUE' : 'FALSE';
  return text;
}

function readOds(content: string, fallbackTitle: string): DocumentText {
  const sheets: Sheet[] = [];
  const paragraphs = new Paragraphs();
  let sheet: Sheet | undefined;
  let rowNumber = 0;
  let rowRepeat = 1;
  let cells: string[] | undefined;
  let cell: { attributes: Record<string, string>; repeat: number; text: string[] } | undefined;
  let cellsLeft = MAX_CELLS;
  walkXml(content, {
    open(name, attributes) {
      if (name === 'table:table') {
        sheet = { name: attributes['table:name'] ?? `Sheet${sheets.length + 1}`, rows: [] };
        rowNumber = 0;
      } else if (name === 'table:table-row') {
        cells = [];
        rowRepeat = wholeAttribute(attributes['table:number-rows-repeated'], 1);
      } else if ((name === 'table:table-cell' || name === 'table:covered-table-cell') && cells !== undefined)
        cell = {
          attributes,
          repeat: wholeAttribute(attributes['table:number-columns-repeated'], 1),
          text: [],
        };
      paragraphs.open(name, attributes);
    },
    text: (text) => paragraphs.text(text),
    close(name) {
      const text = paragraphs.close(name);
      if (text !== undefined) {
        cell?.text.push(text);
        return;
      }
      if ((name === 'table:table-cell' || name === 'table:covered-table-cell') && cell && cells) {
        const shown = odsCellText(cell.attributes, cell.text.join('\n'));
        // Sheets end in a cell repeated to the last column (16,384) and a row repeated to the last row:
        // empty repeats are skipped, not filled in; others count against the workbook's cells.
        const repeat = shown === '' ? 1 : Math.min(cell.repeat, Math.max(cellsLeft, 0));
        for (let i = 0; i < repeat && cells.length < 16_384; i += 1) cells.push(shown);
        if (shown === '' && cell.repeat > 1) cells.push('');
        cellsLeft -= repeat;
        cell = undefined;
      } else if (name === 'table:table-row' && cells !== undefined && sheet !== undefined) {
        const empty = cells.every((c) => c.trim() === '');
        const repeat = empty
          ? 1
          : Math.min(rowRepeat, Math.max(1, Math.floor(cellsLeft / Math.max(cells.length, 1))));
        for (let i = 0; i < repeat; i += 1) sheet.rows.push({ number: rowNumber + i + 1, cells });
        if (!empty) cellsLeft -= (repeat - 1) * cells.length;
        rowNumber += rowRepeat;
        cells = undefined;
      } else if (name === 'table:table' && sheet !== undefined) {
        sheets.push(sheet);
        sheet = undefined;
      }
    },
  });
  const notes =
    cellsLeft <= 0
      ? [`Only the first ${MAX_CELLS.toLocaleString('en')} cells of this spreadsheet were read.`]
      : [];
  return sheetsToText(sheets, fallbackTitle, notes);
}

function readOdp(content: string, fallbackTitle: string): DocumentText {
  const slides: Slide[] = [];
  const paragraphs = new Paragraphs();
  let slide: Slide | undefined;
  let inNotes = false;
  let frameClass: string | undefined;
  walkXml(content, {
    open(name, attributes) {
      if (name === 'draw:page') slide = { title: '', paragraphs: [], notes: [] };
      else if (name === 'presentation:notes') inNotes = true;
      else if (name === 'draw:frame') frameClass = attributes['presentation:class'];
      paragraphs.open(name, attributes);
    },
    text: (text) => paragraphs.text(text),
    close(name) {
      const text = paragraphs.close(name);
      if (text !== undefined) {
        if (!text || slide === undefined) return;
        if (inNotes) slide.notes.push(text);
        else if (frameClass === 'title' && !slide.title) slide.title = text;
        else if (!['page-number', 'date-time', 'footer', 'header'].includes(frameClass ?? ''))
          slide.paragraphs.push(text);
        return;
      }
      if (name === 'presentation:notes') inNotes = false;
      else if (name === 'draw:frame') frameClass = undefined;
      else if (name === 'draw:page' && slide !== undefined) {
        slides.push(slide);
        slide = undefined;
      }
    },
  });
  return slidesToText(slides, fallbackTitle);
}

const READ = { odt: readOdt, ods: readOds, odp: readOdp } as const;

/** The reader of one OpenDocument kind. */
export function odfReader(kind: 'odt' | 'ods' | 'odp'): Reader {
  const what = WHAT[kind];
  return {
    accepts(bytes) {
      // A zip without a readable mimetype is this kind damaged (read() says so), not an archive to open.
      const accepted = odfMimetype(bytes) === MIMETYPES[kind] || zipKind(bytes) === 'zip';
      return accepted ? { accepted: true, text: null } : { accepted: false };
    },
    async read(input) {
      const pkg = openOfficePackage(input.bytes, what);
      // An OpenDocument file saved with a password keeps its structure and encrypts content.xml (its
      // manifest says how), so the zip opens and the text does not.
      if (pkg.text('META-INF/manifest.xml')?.includes('encryption-data'))
        throw new ExtractionError(protectedReason(what));
      return READ[kind](pkg.required('content.xml'), baseName(input.fileName));
    },
    limits: [],
  };
}

export type OdfKind = Extract<DocumentKind, 'odt' | 'ods' | 'odp'>;
