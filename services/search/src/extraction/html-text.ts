import { Parser } from 'htmlparser2';

// HTML to readable text (also mammoth's DOCX output): the text, block boundaries and headings, never a
// faithful tree. htmlparser2's tokenizer reads the input once, start to end (issue 18 item 6): the regex
// tokenizer it replaced looked for the end of every `<!--` and `<script` again from each start, so an
// unclosed one made a 64 KB file take 155 ms and a 25 MB one hours, stalling the extraction queue.

export interface HtmlText {
  title: string | null;
  /** Paragraph-level blocks; `heading` is the nearest heading above (null before the first). */
  blocks: { heading: string | null; text: string }[];
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  copy: '©',
  reg: '®',
  trade: '™',
  euro: '€',
  pound: '£',
  yen: '¥',
  rupee: '₹',
  bull: '•',
  middot: '·',
  times: '×',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Elements whose content is never visible text. */
const HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'svg', 'iframe', 'object']);
const BLOCK_TAGS = new Set([
  'p',
  'div',
  'br',
  'li',
  'ul',
  'ol',
  'tr',
  'table',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'aside',
  'nav',
  'blockquote',
  'pre',
  'hr',
  'dd',
  'dt',
  'dl',
  'figure',
  'figcaption',
  'form',
  'body',
  'address',
  'td',
  'th',
  'caption',
]);

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

export function htmlToText(html: string): HtmlText {
  const blocks: HtmlText['blocks'] = [];
  let heading: string | null = null;
  let buffer = '';
  let inHeading = false;
  let firstH1: string | null = null;
  let hidden = 0;
  let inHead = 0;
  let inTitle = false;
  let title: string | null = null;
  let titleText = '';
  const flush = () => {
    const text = collapse(buffer);
    buffer = '';
    if (!text) return;
    if (inHeading) {
      heading = text;
      firstH1 ??= text;
    } else {
      blocks.push({ heading, text });
    }
  };
  const boundary = (tag: string) => {
    if (/^h[1-6]$/.test(tag)) {
      flush();
      return true;
    }
    // td/th end a cell, not a paragraph: keep a row together but keep its cells apart.
    if (BLOCK_TAGS.has(tag)) {
      if (tag === 'td' || tag === 'th') buffer += ' ';
      else flush();
    }
    return false;
  };
  const parser = new Parser(
    {
      onopentag(name) {
        if (HIDDEN.has(name)) hidden += 1;
        else if (name === 'head') inHead += 1;
        else if (name === 'title') inTitle = title === null;
        else if (hidden === 0 && inHead === 0 && boundary(name)) inHeading = true;
      },
      onclosetag(name) {
        if (HIDDEN.has(name)) hidden = Math.max(0, hidden - 1);
        else if (name === 'head') inHead = Math.max(0, inHead - 1);
        else if (name === 'title') {
          if (inTitle) title = collapse(titleText);
          inTitle = false;
        } else if (hidden === 0 && inHead === 0 && boundary(name)) inHeading = false;
      },
      ontext(text) {
        if (hidden > 0) return;
        if (inTitle) titleText += text;
        else if (inHead === 0) buffer += text;
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  if (inTitle) title = collapse(titleText);
  flush();
  return { title: title || firstH1, blocks };
}
