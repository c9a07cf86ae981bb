import type { SnippetPart } from '@trove/contracts';

// ts_headline marks matches but does not escape the passage, which is the user's own file text: it may
// hold `<script>`. So matches are marked with two control characters no extracted text keeps (see
// query-text.ts), and this cuts the result into the snippet's runs of text (contracts' SnippetSchema):
// nothing is escaped because nothing is HTML.

export const MARK_START = '\u0002';
export const MARK_STOP = '\u0003';

export function snippetParts(marked: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let inMark = false;
  for (const piece of marked.split(/([\u0002\u0003])/)) {
    if (piece === MARK_START) inMark = true;
    else if (piece === MARK_STOP) inMark = false;
    else if (piece !== '') {
      const last = parts.at(-1);
      if (last !== undefined && last.marked === inMark) last.text += piece;
      else parts.push({ text: piece, marked: inMark });
    }
  }
  return parts;
}
