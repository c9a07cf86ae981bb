/** One run of a snippet: plain text, or a matched word the server put in `<mark>`. */
export interface SnippetPart {
  text: string;
  marked: boolean;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'" };

function decodeEntities(html: string): string {
  return html.replace(/&(amp|lt|gt|quot|#39|apos);/g, (_, name: string) => ENTITIES[name] ?? '');
}

/**
 * The server sends a snippet as escaped HTML with `<mark>` (ADR 010). It is rendered as React text and
 * `<mark>` elements rather than as HTML, so even a snippet that was not escaped could never run: any tag
 * other than mark stays visible text.
 */
export function snippetParts(html: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let marked = false;
  for (const piece of html.split(/(<mark>|<\/mark>)/)) {
    if (piece === '<mark>') marked = true;
    else if (piece === '</mark>') marked = false;
    else if (piece !== '') parts.push({ text: decodeEntities(piece), marked });
  }
  return parts;
}
