import { describe, expect, it } from 'vitest';
import { ExtractionError } from './detect-kind';
import { readDocx } from './docx';
import { docxWith } from './test-fixtures';

describe('reading a Word document', () => {
  it('headings give the sections of the paragraphs under them', async () => {
    const docx = await docxWith([
      { text: 'Master services agreement', heading: 1 },
      { text: 'Between Acme and Globex.' },
      { text: 'Fees', heading: 2 },
      { text: 'Globex pays ₹1,25,000 a month.' },
    ]);
    const text = await readDocx(docx, 'fallback');
    expect(text.title).toBe('Master services agreement');
    expect(text.blocks).toEqual([
      { location: 'section Master services agreement', text: 'Between Acme and Globex.' },
      { location: 'section Fees', text: 'Globex pays ₹1,25,000 a month.' },
    ]);
    expect(text.parts).toBe(2);
  });

  it('a damaged document fails cleanly', async () => {
    const damaged = new TextEncoder().encode('PK\u0003\u0004word/document.xml but not a zip');
    await expect(readDocx(damaged, 'x')).rejects.toEqual(
      new ExtractionError('This Word document is damaged and cannot be read.'),
    );
  });
});
