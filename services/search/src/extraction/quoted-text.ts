// Quoted replies in mail (issue 19 item 5): a reply carries the mail it answers, line by line behind "> "
// (or "| "), after an attribution line ("On … wrote:", "----- Original Message -----"). Those words are still
// the thread's words, so search keeps them, with a lower weight than what the passage says itself
// (docs/decisions/036-search-fields.md); summaries leave them out (chats/summary.ts).

export const QUOTED_LINE = /^\s*[>|]/;
export const ATTRIBUTION_LINE =
  /^\s*(?:on\b.{0,200}\bwrote:|-{2,}\s*(?:original|forwarded) message\s*-{2,})\s*$/i;

/** A passage's text in two: its own lines, and the quoted lines with their attribution. */
export function splitQuoted(text: string): { own: string; quoted: string } {
  const own: string[] = [];
  const quoted: string[] = [];
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (QUOTED_LINE.test(line) || ATTRIBUTION_LINE.test(line))
      quoted.push(line.replace(/^\s*(?:[>|]\s?)+/, ''));
    else own.push(line);
  }
  return { own: own.join('\n'), quoted: quoted.join('\n') };
}
