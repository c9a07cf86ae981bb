import type { DocumentText } from './document-text';
import { sectionLocation } from './sections';

/** Markdown syntax that is not words: link targets, emphasis marks, list and quote markers, fences. */
export function markdownToPlain(line: string): string {
  return line
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/(\*\*|__|\*|_|~~|`)(\S(?:.*?\S)?)\1/g, '$2')
    .replace(/^\s{0,3}(?:[-*+]|\d+[.)])\s+/, '')
    .replace(/^\s{0,3}>\s?/, '');
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
    const atx = line.match(/^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/);
    const next = lines[i + 1] ?? '';
    if (atx) {
      startSection(atx[2] ?? '', atx[1]?.length ?? 1);
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
