import type { DocumentText } from './document-text';
import { baseName } from './file-name';
import type { Reader } from './reader';
import { sectionLocation } from './sections';

// RTF (issue 39 item 3): headings, paragraphs and tables as a Word document's. One pass over the control words
// (linear in the input, issue 35 item 5): groups that are not text (font and colour tables, pictures, field
// instructions, "\*" destinations) are skipped, \'hh bytes are read in the document's code page, \uN is Unicode.
// A paragraph is a heading when its outline level or its style says so ("heading 2" in the style sheet).

/** Destinations whose content is not the document's text. */
const SKIPPED = new Set([
  'fonttbl',
  'colortbl',
  'stylesheet',
  'info',
  'pict',
  'object',
  'fldinst',
  'header',
  'headerl',
  'headerr',
  'headerf',
  'footer',
  'footerl',
  'footerr',
  'footerf',
  'listtable',
  'listoverridetable',
  'rsidtbl',
  'generator',
  'xmlnstbl',
  'themedata',
  'colorschememapping',
  'datastore',
  'latentstyles',
  'pgdsctbl',
  'filetbl',
  'revtbl',
  'bkmkstart',
  'bkmkend',
  'nonshppict',
  'shppict',
]);

/** Control words that stand for a character. */
const CHARACTERS: Readonly<Record<string, string>> = {
  tab: '\t',
  emdash: '—',
  endash: '–',
  bullet: '•',
  lquote: '‘',
  rquote: '’',
  ldblquote: '“',
  rdblquote: '”',
  emspace: ' ',
  enspace: ' ',
  qmspace: ' ',
  line: '\n',
  cell: ' | ',
};

interface GroupState {
  skip: boolean;
  /** Characters to skip after a \uN (its ANSI stand-ins). */
  uc: number;
  /** Whether this group is one style of the style sheet. */
  style: boolean;
  /** Whether this group is the style sheet (its groups are styles). */
  sheet: boolean;
}

function codePageDecoder(codePage: number): TextDecoder {
  try {
    return new TextDecoder(codePage === 65001 ? 'utf-8' : `windows-${codePage}`);
  } catch {
    return new TextDecoder('windows-1252');
  }
}

/** The document's paragraphs, each with its heading level (0 for body text). */
export function rtfParagraphs(source: string): { text: string; level: number }[] {
  const paragraphs: { text: string; level: number }[] = [];
  const headingStyles = new Map<number, number>();
  const stack: GroupState[] = [];
  const base: GroupState = { skip: false, uc: 1, style: false, sheet: false };
  let state: GroupState = base;
  let decoder = codePageDecoder(1252);
  let text: string[] = [];
  let bytes: number[] = [];
  let level = 0;
  let skipChars = 0;
  // The style being defined in the style sheet: its number and name.
  let styleNumber = 0;
  let styleName: string[] = [];
  let styleLevel = 0;
  const flushBytes = () => {
    if (bytes.length === 0) return;
    const decoded = decoder.decode(Uint8Array.from(bytes));
    bytes = [];
    if (state.style) styleName.push(decoded);
    else if (!state.skip) text.push(decoded);
  };
  const emit = (chars: string) => {
    flushBytes();
    if (skipChars > 0) {
      const skipped = Math.min(skipChars, chars.length);
      skipChars -= skipped;
      chars = chars.slice(skipped);
    }
    if (chars === '') return;
    if (state.style) styleName.push(chars);
    else if (!state.skip) text.push(chars);
  };
  const endParagraph = () => {
    flushBytes();
    const joined = text
      .join('')
      .split('\n')
      .map((line) => line.trimEnd())
      .join('\n')
      .trim();
    if (joined) paragraphs.push({ text: joined, level });
    text = [];
  };
  let i = 0;
  const n = source.length;
  while (i < n) {
    const c = source[i];
    if (c === '{') {
      flushBytes();
      stack.push(state);
      // A style sheet's groups are its styles: read for their numbers and names, never as text.
      const style = state.sheet;
      state = { ...state, style, sheet: false };
      if (style) {
        styleNumber = 0;
        styleName = [];
        styleLevel = 0;
      }
      i += 1;
    } else if (c === '}') {
      flushBytes();
      if (state.style) {
        const name = styleName.join('').replace(/;\s*$/, '').trim();
        const heading = /^heading\s*(\d)/i.exec(name)?.[1];
        if (heading !== undefined) headingStyles.set(styleNumber, Number(heading));
        else if (styleLevel > 0) headingStyles.set(styleNumber, styleLevel);
      }
      state = stack.pop() ?? base;
      i += 1;
    } else if (c === '\\') {
      const next = source[i + 1] ?? '';
      if (next === "'") {
        const hex = Number.parseInt(source.slice(i + 2, i + 4), 16);
        if (Number.isFinite(hex)) {
          if (skipChars > 0) skipChars -= 1;
          else if (!state.skip || state.style) bytes.push(hex);
        }
        i += 4;
        continue;
      }
      if (!/[a-zA-Z]/.test(next)) {
        // Control symbols: \\ \{ \} are those characters, \~ a non-breaking space, \- \_ hyphens, \* a destination.
        if (next === '*') {
          state = { ...state, skip: true };
        } else if (next === '\\' || next === '{' || next === '}') emit(next);
        else if (next === '~') emit('\u00a0');
        else if (next === '_') emit('-');
        else if ((next === '\n' || next === '\r') && !state.skip) endParagraph();
        i += 2;
        continue;
      }
      let end = i + 1;
      while (end < n && /[a-zA-Z]/.test(source[end] ?? '')) end += 1;
      const word = source.slice(i + 1, end);
      let parameterEnd = end;
      if (source[parameterEnd] === '-') parameterEnd += 1;
      while (parameterEnd < n && /[0-9]/.test(source[parameterEnd] ?? '')) parameterEnd += 1;
      const parameterText = source.slice(end, parameterEnd);
      const parameter = parameterText === '' || parameterText === '-' ? undefined : Number(parameterText);
      i = parameterEnd;
      // One space after a control word is its delimiter.
      if (source[i] === ' ') i += 1;
      if (word === 'bin' && parameter !== undefined) {
        i += Math.max(0, parameter);
        continue;
      }
      if (SKIPPED.has(word)) {
        state = { ...state, skip: true, style: false, sheet: word === 'stylesheet' };
        continue;
      }
      if (state.style) {
        if (word === 's' && parameter !== undefined) styleNumber = parameter;
        else if (word === 'outlinelevel' && parameter !== undefined) styleLevel = parameter + 1;
        continue;
      }
      if (word === 'ansicpg' && parameter !== undefined) decoder = codePageDecoder(parameter);
      else if (state.skip) continue;
      else if (word === 'uc' && parameter !== undefined) state = { ...state, uc: Math.max(0, parameter) };
      else if (word === 'u' && parameter !== undefined) {
        emit(String.fromCharCode(parameter < 0 ? parameter + 65536 : parameter));
        skipChars = state.uc;
      } else if (word === 'par' || word === 'row' || word === 'sect' || word === 'page') endParagraph();
      else if (word === 'pard') level = 0;
      else if (word === 's' && parameter !== undefined) level = headingStyles.get(parameter) ?? level;
      else if (word === 'outlinelevel' && parameter !== undefined) level = parameter + 1;
      else if (CHARACTERS[word] !== undefined) emit(CHARACTERS[word] ?? '');
    } else if (c === '\r' || c === '\n') {
      i += 1;
    } else {
      // A run of plain text up to the next special character.
      let end = i + 1;
      while (end < n && !'\\{}\r\n'.includes(source[end] ?? '')) end += 1;
      emit(source.slice(i, end));
      i = end;
    }
  }
  endParagraph();
  return paragraphs;
}

export function readRtf(source: string, fallbackTitle: string): DocumentText {
  const blocks: DocumentText['blocks'] = [];
  let heading: string | null = null;
  let title: string | null = null;
  for (const paragraph of rtfParagraphs(source)) {
    if (paragraph.level > 0 && paragraph.text.length <= 200) {
      heading = paragraph.text;
      if (paragraph.level === 1) title ??= paragraph.text;
    } else blocks.push({ location: sectionLocation(heading), text: paragraph.text });
  }
  return {
    title: title ?? blocks[0]?.text.slice(0, 200) ?? fallbackTitle,
    parts: new Set(blocks.map((b) => b.location)).size,
    documentDate: null,
    blocks,
    people: [],
    organisations: [],
  };
}

/** "{\rtf" at the start (after a BOM or whitespace at most). */
const isRtf = (bytes: Uint8Array) =>
  /^\s*\{\\rtf/.test(new TextDecoder('latin1').decode(bytes.subarray(0, 32)));

export const rtfReader: Reader = {
  accepts(bytes) {
    return isRtf(bytes) ? { accepted: true, text: null } : { accepted: false };
  },
  async read(input) {
    // RTF is 7-bit: anything else is escaped (\'hh, \uN), so the bytes are read one to a character.
    return readRtf(new TextDecoder('latin1').decode(input.bytes), baseName(input.fileName));
  },
  limits: [],
};
