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

const WORDS = /[\p{L}\p{N}]+/gu;
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A quoted phrase the passage holds is one marked run, not its words one by one (issue 38: `"plum orchard"`
 * showed as two highlights, as if the words had been found apart). Only the words the highlighter already
 * marked, in the phrase's order with nothing but spaces or punctuation between them, are joined.
 */
export function joinPhraseMarks(marked: string, phrases: readonly string[]): string {
  let joined = marked;
  for (const phrase of phrases) {
    const words = phrase.match(WORDS) ?? [];
    if (words.length < 2) continue;
    const run = words
      .map((word) => `${MARK_START}(${escapeRegex(word)})${MARK_STOP}`)
      .join(`([^\\p{L}\\p{N}${MARK_START}${MARK_STOP}]+)`);
    joined = joined.replace(
      new RegExp(run, 'giu'),
      (...groups: string[]) => `${MARK_START}${groups.slice(1, 2 * words.length).join('')}${MARK_STOP}`,
    );
  }
  return joined;
}
