import mammoth from 'mammoth';
import { ExtractionError } from './detect-kind';
import type { DocumentText } from './document-text';
import { htmlToText } from './html-text';
import { sectionLocation } from './sections';

/**
 * mammoth turns Word's built-in heading styles into <h1>…<h6> and paragraphs into <p>, so reading its HTML
 * gives sections for free; its raw-text mode would lose the headings.
 */
export async function readDocx(bytes: Uint8Array, fallbackTitle: string): Promise<DocumentText> {
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ buffer: Buffer.from(bytes) })).value;
  } catch {
    throw new ExtractionError('This Word document is damaged and cannot be read.');
  }
  const { title, blocks } = htmlToText(html);
  const sections = new Set(blocks.map((b) => b.heading));
  return {
    title: title ?? blocks[0]?.text.slice(0, 200) ?? fallbackTitle,
    parts: sections.size,
    documentDate: null,
    blocks: blocks.map((block) => ({ location: sectionLocation(block.heading), text: block.text })),
    people: [],
    organisations: [],
  };
}
