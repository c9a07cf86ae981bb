// HTML to readable text with a small tokenizer (issue 10 part 2: "the platform's own parsers for the
// rest", no heavy dependency). Node has no DOMParser; a regex tokenizer is enough because we only need
// the text, block boundaries and headings — never a faithful tree. Also reads mammoth's DOCX output.

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
const HIDDEN = /<(script|style|noscript|template|svg|iframe|object)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
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

const normalise = (text: string) => decodeEntities(text).replace(/\s+/g, ' ').trim();

export function htmlToText(html: string): HtmlText {
  const cleaned = html.replace(/<!--[\s\S]*?-->/g, ' ').replace(HIDDEN, ' ');
  const titleMatch = cleaned.match(/<title\b[^>]*>([\s\S]*?)<\/title\s*>/i);
  const body = cleaned
    .replace(/<head\b[^>]*>[\s\S]*?<\/head\s*>/i, ' ')
    .replace(/<title\b[^>]*>[\s\S]*?<\/title\s*>/gi, ' ');
  const blocks: HtmlText['blocks'] = [];
  let heading: string | null = null;
  let buffer = '';
  let inHeading = false;
  let firstH1: string | null = null;
  const flush = () => {
    const text = normalise(buffer);
    buffer = '';
    if (!text) return;
    if (inHeading) {
      heading = text;
      firstH1 ??= text;
    } else {
      blocks.push({ heading, text });
    }
  };
  for (const token of body.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>|[^<]+|</g)) {
    const tag = token[1]?.toLowerCase();
    if (!tag) {
      buffer += token[0];
      continue;
    }
    if (/^h[1-6]$/.test(tag)) {
      flush();
      inHeading = !token[0].startsWith('</');
    } else if (BLOCK_TAGS.has(tag)) {
      // td/th end a cell, not a paragraph: keep a row together but keep its cells apart.
      if (tag === 'td' || tag === 'th') buffer += ' ';
      else flush();
    }
  }
  flush();
  const title = titleMatch ? normalise(titleMatch[1] ?? '') : '';
  return { title: title || firstH1, blocks };
}
