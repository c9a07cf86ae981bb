import { describe, expect, it } from 'vitest';
import { CHECK_MESSAGES, checkFiles } from './upload-checks';

const file = (name: string, size = 100, type = '') => ({ name, size, type });

describe('client checks before sending (issue 10 "Accepted")', () => {
  it('accepts the seven kinds by extension, whatever media type the browser reports', () => {
    const names = ['a.pdf', 'b.docx', 'c.txt', 'd.md', 'e.csv', 'f.html', 'g.eml'];
    const { accepted, rejected } = checkFiles(
      names.map((name) => file(name, 10, 'application/octet-stream')),
      'Trove',
    );
    expect(accepted.map((entry) => entry.kind)).toEqual(['pdf', 'docx', 'txt', 'md', 'csv', 'html', 'eml']);
    expect(rejected).toEqual([]);
  });

  it('a file of another type is named with the accepted kinds and the configured name; the others go on', () => {
    const { accepted, rejected } = checkFiles([file('setup.exe'), file('notes.md')], 'Acme Search');
    expect(accepted.map((entry) => entry.file.name)).toEqual(['notes.md']);
    expect(rejected).toEqual([
      {
        file: file('setup.exe'),
        reason:
          'Not a type Acme Search can index: PDF, documents (DOCX, ODT, RTF), spreadsheets (XLSX, XLS, ODS, CSV), slides (PPTX, ODP), TXT, Markdown, HTML, EML, images (PNG, JPEG, TIFF, WebP, HEIC), archives (ZIP, TAR.GZ), source code, JSON or ICS.',
      },
    ]);
  });

  it('a file without an extension is judged by its media type', () => {
    expect(checkFiles([file('README', 10, 'text/plain')], 'Trove').accepted[0]?.kind).toBe('txt');
  });

  it('up to 25 MB a file; one byte more is refused with its size and the limit', () => {
    const limit = 25 * 1024 * 1024;
    const { accepted, rejected } = checkFiles([file('ok.pdf', limit), file('big.pdf', limit + 1)], 'Trove');
    expect(accepted).toHaveLength(1);
    expect(rejected[0]?.reason).toBe('25 MB is over the 25 MB limit for one file.');
    expect(checkFiles([file('huge.pdf', 31 * 1024 * 1024)], 'Trove').rejected[0]?.reason).toBe(
      '31 MB is over the 25 MB limit for one file.',
    );
  });

  it('an empty file is refused', () => {
    expect(checkFiles([file('blank.txt', 0)], 'Trove').rejected[0]?.reason).toBe(CHECK_MESSAGES.empty);
  });

  it('200 files a batch: the rest are refused, refused files do not count', () => {
    const files = [file('bad.exe'), ...Array.from({ length: 202 }, (_, index) => file(`f${index}.txt`))];
    const { accepted, rejected } = checkFiles(files, 'Trove');
    expect(accepted).toHaveLength(200);
    expect(rejected.map((entry) => entry.file.name)).toEqual(['bad.exe', 'f200.txt', 'f201.txt']);
    expect(rejected[1]?.reason).toBe(CHECK_MESSAGES.overBatch(200));
  });
});
