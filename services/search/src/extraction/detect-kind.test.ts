import { describe, expect, it } from 'vitest';
import { checkContent, claimedKind, ExtractionError, UNSUPPORTED_TYPE } from './detect-kind';

const bytes = (text: string) => new TextEncoder().encode(text);
const reason = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ExtractionError) return error.reason;
    throw error;
  }
  return null;
};

describe('type detection', () => {
  it('the extension names the kind, even when the browser sends text/plain', () => {
    expect(claimedKind('notes.md', 'text/plain')).toBe('md');
    expect(claimedKind('ledger.CSV', 'application/octet-stream')).toBe('csv');
    expect(claimedKind('Invoice.pdf', '')).toBe('pdf');
  });

  it('without a known extension the media type decides', () => {
    expect(claimedKind('forwarded', 'message/rfc822')).toBe('eml');
    expect(claimedKind('page', 'text/html; charset=utf-8')).toBe('html');
    // The same table as the upload check: what one accepts, the other reads.
    expect(claimedKind('server.log', '')).toBe('txt');
    expect(claimedKind('page', 'application/xhtml+xml')).toBe('html');
  });

  it('a type Trove does not index is refused with the list of what it does', () => {
    expect(reason(() => claimedKind('setup.exe', 'application/x-msdownload'))).toBe(UNSUPPORTED_TYPE);
  });

  it('a file that says it is a PDF but is not fails with a clear reason', () => {
    expect(reason(() => checkContent('pdf', bytes('hello')))).toBe(
      'This file says it is a PDF but its content is not a PDF.',
    );
    expect(reason(() => checkContent('pdf', bytes('%PDF-1.4\n')))).toBeNull();
  });

  it('a DOCX must be a zip holding word/document.xml', () => {
    expect(reason(() => checkContent('docx', bytes('%PDF-1.4')))).toBe(
      'This file says it is a Word document (DOCX) but its content is not one.',
    );
    expect(reason(() => checkContent('docx', bytes('PK\u0003\u0004 xl/workbook.xml')))).toBe(
      'This file is a zip archive but not a Word document (DOCX).',
    );
    expect(reason(() => checkContent('docx', bytes('PK\u0003\u0004 word/document.xml')))).toBeNull();
  });

  it('text kinds are read in any charset; only binary content is refused (issue 19 item 2)', () => {
    expect(reason(() => checkContent('txt', new Uint8Array([0x68, 0x00, 0x69])))).toBe(
      'This file says it is a text file but it holds binary data, not text.',
    );
    // UTF-16 by its byte-order mark; UTF-8 with one; Latin-1 as its upload declares it.
    expect(checkContent('csv', new Uint8Array([0xff, 0xfe, 0x41, 0x00]))).toBe('A');
    expect(checkContent('txt', bytes('\uFEFFnamaste ₹'))).toBe('namaste ₹');
    expect(
      checkContent('txt', new Uint8Array([0x63, 0x61, 0x66, 0xe9]), 'text/plain; charset=iso-8859-1'),
    ).toBe('café');
  });

  it('an email must start with RFC 5322 headers, in whatever charset its body is', () => {
    expect(reason(() => checkContent('eml', bytes('Just some notes\nabout things')))).toBe(
      'This file says it is an email (EML) but its content is not one.',
    );
    expect(() => checkContent('eml', bytes('From: a@b.com\r\nSubject: Hi\r\n\r\nBody'))).not.toThrow();
    const latin1Mail = Uint8Array.from('From: a@b.com\nSubject: Caf\u00e9\n\nCr\u00e8me', (c) =>
      c.charCodeAt(0),
    );
    expect(() => checkContent('eml', latin1Mail)).not.toThrow();
  });

  it('an HTML file must look like markup', () => {
    expect(reason(() => checkContent('html', bytes('plain words only')))).toContain('not one');
    expect(checkContent('html', bytes('<p>hello</p>'))).toBe('<p>hello</p>');
  });

  it('an empty file says so', () => {
    expect(reason(() => checkContent('txt', new Uint8Array()))).toBe('This file is empty.');
  });
});
