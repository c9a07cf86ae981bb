import type { SnippetPart } from '@trove/contracts';

// ts_headline marks matches but does not escape the passage, which is the user's own file text: it may
// hold `<script>`. So matches are marked with two control characters no extracted text keeps (see
// query-text.ts), and this cuts the result into the snippet's runs of text (contracts' SnippetSchema):
// nothing is escaped because nothing is HTML.

export const MARK_START = '\u0002';
export const MARK_STOP = '\u0003';

export function snippetParts(marked: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const push = (text: string, inMark: boolean) => {
    if (text === '') return;
    const last = parts.at(-1);
    if (last !== undefined && last.marked === inMark) last.text += text;
    else parts.push({ text, marked: inMark });
  };
  let inMark = false;
  let start = 0;
  for (let i = 0; i < marked.length; i += 1) {
    const char = marked[i];
    if (char === MARK_START || char === MARK_STOP) {
      push(marked.slice(start, i), inMark);
      inMark = char === MARK_START;
      start = i + 1;
    }
  }
  push(marked.slice(start), inMark);
  return parts;
}
