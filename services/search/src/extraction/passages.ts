// Passage splitting (issue 10 part 3): search results point at a passage, so a passage is small enough
// to be one snippet's neighbourhood and large enough for BM25 to have words to count — about 80–200
// words, cut on paragraph or sentence boundaries, and never across a page or a section.

export interface TextBlock {
  /** Where the block sits: "page 2", "section Pricing", "rows 2–40"; blocks with the same location group. */
  location: string;
  /** One paragraph (or a CSV row group); line breaks inside it are kept. */
  text: string;
  /** Title words of this block beyond the document's title: an attachment's file name (issue 19 item 1). */
  title?: string | undefined;
}

export interface Passage {
  ordinal: number;
  location: string;
  text: string;
  /** The title of its blocks (blocks with one location share it). */
  title?: string | undefined;
}

export const MAX_WORDS = 200;

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/**
 * A sentence ends at . ! ? (or their CJK forms) followed by space — but not after the abbreviations that
 * stand before names and amounts, so "Rs. 4,500" or "Dr. Rao" is never cut in two.
 */
const SENTENCE_END = /(?<=[.!?。！？])(?<!\b(?:Rs|Mr|Mrs|Ms|Dr|Prof|No|vs|etc|approx|Inc|Ltd|Co|St)\.)\s+/;

function sentences(paragraph: string): string[] {
  return paragraph.split(SENTENCE_END).filter((s) => s.trim());
}

/** A paragraph as pieces of at most MAX_WORDS words: whole sentences, and words only for a run-on sentence. */
function pieces(paragraph: string): string[] {
  if (wordCount(paragraph) <= MAX_WORDS) return [paragraph];
  const out: string[] = [];
  for (const sentence of sentences(paragraph)) {
    const words = sentence.split(/\s+/).filter(Boolean);
    for (let start = 0; start < words.length; start += MAX_WORDS) {
      out.push(words.slice(start, start + MAX_WORDS).join(' '));
    }
  }
  return pack(out, ' ');
}

/** Greedy packing: join pieces while the result stays within MAX_WORDS. */
function pack(units: string[], separator: string): string[] {
  const out: string[] = [];
  let current = '';
  let count = 0;
  for (const unit of units) {
    const words = wordCount(unit);
    if (current && count + words > MAX_WORDS) {
      out.push(current);
      current = '';
      count = 0;
    }
    current = current ? `${current}${separator}${unit}` : unit;
    count += words;
  }
  if (current) out.push(current);
  return out;
}

/** Blocks in document order → passages in document order, ordinals from 0. */
export function splitIntoPassages(blocks: readonly TextBlock[]): Passage[] {
  const passages: Passage[] = [];
  let index = 0;
  while (index < blocks.length) {
    const location = blocks[index]?.location ?? '';
    const title = blocks[index]?.title;
    const paragraphs: string[] = [];
    while (index < blocks.length && blocks[index]?.location === location) {
      const text = blocks[index]?.text.trim() ?? '';
      if (text) paragraphs.push(...pieces(text));
      index += 1;
    }
    for (const text of pack(paragraphs, '\n\n')) {
      passages.push({ ordinal: passages.length, location, text, ...(title ? { title } : {}) });
    }
  }
  return passages;
}

/**
 * Paragraphs of plain text: separated by blank lines (lines of whitespace alone). Line by line, not by a
 * pattern such as /\n\s*\n/, whose whitespace run scans to the end from every line break of " \n \n \n…"
 * (issue 35 item 5: every text reader linear in its input).
 */
export function paragraphsOf(text: string): string[] {
  const paragraphs: string[] = [];
  let lines: string[] = [];
  const flush = () => {
    const paragraph = lines.join('\n').trim();
    if (paragraph) paragraphs.push(paragraph);
    lines = [];
  };
  for (const line of text.split(/\r\n?|\n/)) {
    if (line.trim() === '') flush();
    else lines.push(line);
  }
  flush();
  return paragraphs;
}
