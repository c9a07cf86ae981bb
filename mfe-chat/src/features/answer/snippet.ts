/**
 * Search snippets arrive as HTML the server has escaped, with only `<mark>` left as markup (issue 10,
 * SearchResultSchema.snippet). They are never handed to `innerHTML`: this splits them into plain text
 * runs, marked or not, that React renders as text — so a `<script>` in a document stays visible text.
 */
export interface SnippetPart {
  text: string;
  marked: boolean;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** Decodes the entities an HTML escaper writes; anything unknown is left as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const point =
        code[1] === 'x' || code[1] === 'X' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
      return Number.isInteger(point) && point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : whole;
    }
    return NAMED_ENTITIES[code.toLowerCase()] ?? whole;
  });
}

export function snippetParts(html: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const push = (raw: string, marked: boolean) => {
    if (raw === '') return;
    const text = decodeEntities(raw);
    const last = parts[parts.length - 1];
    if (last && last.marked === marked) last.text += text;
    else parts.push({ text, marked });
  };
  let marked = false;
  // Only the exact tags <mark> and </mark> are markup; any other "<" is text the escaper let through.
  for (const piece of html.split(/(<\/?mark>)/i)) {
    const tag = piece.toLowerCase();
    if (tag === '<mark>') marked = true;
    else if (tag === '</mark>') marked = false;
    else push(piece, marked);
  }
  return parts;
}
