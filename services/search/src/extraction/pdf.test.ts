import { describe, expect, it } from 'vitest';
import { ExtractionError } from './detect-kind';
import { PDF_PROTECTED, pdfDate, readPdf } from './pdf';
import { pdfWithPages } from './test-fixtures';

describe('reading a PDF', () => {
  it('text is read per page and each page is a part', async () => {
    const pdf = pdfWithPages([['Invoice 42 from Acme'], ['Total due 1,25,000 INR']], {
      title: 'Invoice 42',
      creationDate: "D:20250303091500+05'30'",
    });
    const text = await readPdf(pdf, 'fallback');
    expect(text.title).toBe('Invoice 42');
    expect(text.parts).toBe(2);
    expect(text.documentDate?.toISOString()).toBe('2025-03-03T03:45:00.000Z');
    expect(text.blocks).toEqual([
      { location: 'page 1', text: 'Invoice 42 from Acme' },
      { location: 'page 2', text: 'Total due 1,25,000 INR' },
    ]);
  });

  it('a password-protected PDF fails with that reason', async () => {
    const locked = pdfWithPages([['secret']], { encrypt: true });
    await expect(readPdf(locked, 'x')).rejects.toEqual(new ExtractionError(PDF_PROTECTED));
  });

  it('a damaged PDF fails cleanly', async () => {
    const damaged = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog garbage');
    await expect(readPdf(damaged, 'x')).rejects.toEqual(
      new ExtractionError('This PDF is damaged and cannot be read.'),
    );
  });

  it('PDF dates are read with their time zone', () => {
    expect(pdfDate('D:20240115')?.toISOString()).toBe('2024-01-15T00:00:00.000Z');
    expect(pdfDate('nonsense')).toBeNull();
  });
});
