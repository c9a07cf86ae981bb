import type { DocumentText } from './document-text';
import { sectionLocation } from './sections';

// Every pattern here is linear in its input (issue 35 item 5): a character class that stops at the next
// opening character as well as at the closing one, so "<<<<…" or "[[[[…" scans each character once; a run of
// 700,000 "<" took the 120 s extraction clock with `<[^>]+>`, which scans to the line's end from every "<".

/** Markdown syntax that is not words: link targets, tags, emphasis marks, list and quote markers. */
export function markdownToPlain(line: string): string {
  return (
    line
      .replace(/!\[([^[\]]*)\]\([^()]*\)/g, '$1')
      .replace(/\[([^[\]]+)\]\([^()]*\)/g, '$1')
      .replace(/<[^<>]+>/g, '')
      // Emphasis and code marks: stars, tildes and backticks anywhere; underscores only at a word's edge, so
      // snake_case names keep theirs.
      .replace(/\*+|~~+|`+/g, '')
      .replace(/(^|[^\p{L}\p{N}_])_+|_+(?=[^\p{L}\p{N}_]|$)/gu, '$1')
      .replace(/^\s{0,3}(?:[-+]|\d{1,9}[.)])\s+/, '')
      .replace(/^\s{0,3}>\s?/, '')
  );
}

/** An ATX heading ("## Fees ##"): its level and text, read by hand (a pattern with lazy and greedy runs backtracked). */
export function atxHeading(line: string): { level: number; text: string } | undefined {
  let at = 0;
  while (at < 3 && line[at] === ' ') at += 1;
  let level = 0;
  while (line[at + level] === '#') level += 1;
  if (level < 1 || level > 6) return undefined;
  const after = line[at + level];
  if (after !== undefined && after !== ' ' && after !== '\t') return undefined;
  let text = line.slice(at + level).trim();
  // A closing run of # after a space is not part of the heading.
  let end = text.length;
  while (end > 0 && text[end - 1] === '#') end -= 1;
  if (end === 0) text = '';
  else if (end < text.length && (text[end - 1] === ' ' || text[end - 1] === '\t'))
    text = text.slice(0, end).trim();
  return { level, text };
}

/** ATX ("## Fees") and setext ("Fees\n====") headings become sections (issue 10 part 2). */
export function readMarkdown(text: string, fallbackTitle: string): DocumentText {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const blocks: DocumentText['blocks'] = [];
  let heading: string | null = null;
  let title: string | null = null;
  let paragraph: string[] = [];
  let inFence = false;
  const flush = () => {
    const joined = paragraph.join('\n').trim();
    paragraph = [];
    if (joined) blocks.push({ location: sectionLocation(heading), text: joined });
  };
  const startSection = (name: string, level: number) => {
    flush();
    heading = markdownToPlain(name.trim());
    if (level === 1) title ??= heading;
  };
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    if (/^\s{0,3}(```|~~~)/.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence) {
      paragraph.push(line);
      continue;
    }
    const atx = atxHeading(line);
    const next = lines[i + 1] ?? '';
    if (atx) {
      startSection(atx.text, atx.level);
    } else if (line.trim() && paragraph.length === 0 && /^\s{0,3}(=+|-+)\s*$/.test(next)) {
      startSection(line, next.trim().startsWith('=') ? 1 : 2);
      i += 1;
    } else if (!line.trim()) {
      flush();
    } else {
      paragraph.push(markdownToPlain(line));
    }
  }
  flush();
  return {
    title: title ?? fallbackTitle,
    parts: new Set(blocks.map((b) => b.location)).size,
    documentDate: null,
    blocks,
    people: [],
    organisations: [],
  };
}
