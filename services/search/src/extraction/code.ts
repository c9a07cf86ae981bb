import type { DocumentText } from './document-text';
import { baseName } from './file-name';
import { MAX_WORDS } from './passages';

// Source code and data files (issue 39 item 7): read as text, cut into runs of lines ("lines 40–72") at
// blank lines where a run would pass MAX_WORDS, so a result points at a place in the file. Identifiers are
// split for the index: `retryBackoff`, `RetryBackoff` and `retry_backoff` are each found by "retry backoff".

const IDENTIFIER = /[A-Za-z_$][A-Za-z0-9_$]*/g;
const MAX_IDENTIFIER = 100;

/** The words of one identifier: camelCase, PascalCase, snake_case and ACRONYMCase parts, lower case. */
export function identifierWords(identifier: string): string[] {
  return identifier
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

/** The text, then the words of each identifier made of several (each once), for the index only. */
export function withIdentifierParts(text: string): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const [identifier] of text.matchAll(IDENTIFIER)) {
    // Names are short; the acronym split backtracks over a long run of capitals (256 KB of "A": minutes, found
    // by linear-readers.test.ts), so a "name" longer than any real one is left whole.
    if (identifier.length > MAX_IDENTIFIER || seen.has(identifier)) continue;
    seen.add(identifier);
    const words = identifierWords(identifier);
    if (words.length > 1) parts.push(words.join(' '));
  }
  return parts.length === 0 ? text : `${text}\n${parts.join('\n')}`;
}

const wordCount = (line: string) => line.split(/\s+/).filter(Boolean).length;

/** Lines grouped into blocks of at most MAX_WORDS words, cut at a blank line when one is near. */
export function readCode(text: string, fallbackTitle: string): DocumentText {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const blocks: DocumentText['blocks'] = [];
  let first = 0;
  let count = 0;
  let lastBlank = -1;
  const flush = (end: number) => {
    const chunk = lines.slice(first, end).join('\n');
    if (chunk.trim()) {
      const from = first + 1;
      blocks.push({ location: from === end ? `line ${from}` : `lines ${from}–${end}`, text: chunk });
    }
    first = end;
    count = 0;
    lastBlank = -1;
  };
  lines.forEach((line, index) => {
    const words = wordCount(line);
    if (count + words > MAX_WORDS && index > first) {
      // Cut at the last blank line when it leaves at least half a passage before it.
      const cut = lastBlank > first && lastBlank - first > 0 && count > MAX_WORDS / 2 ? lastBlank + 1 : index;
      const carried = lines.slice(cut, index);
      flush(cut);
      count = carried.reduce((sum, l) => sum + wordCount(l), 0);
    }
    if (line.trim() === '') lastBlank = index;
    count += words;
  });
  flush(lines.length);
  return {
    title: fallbackTitle,
    parts: lines.length,
    documentDate: null,
    blocks,
    people: [],
    organisations: [],
  };
}

export const codeTitle = (fileName: string) => baseName(fileName);
