// Fixtures built in code, so no binary file is committed (issue 10 tests). The PDF writer follows the
// approach of infra/src/security-brief.ts (objects by hand, xref from byte offsets), reduced to one font.
// The browser tests build their PDFs with it too (e2e/support/documents.ts); nothing in product code
// imports this file.

import JSZip from 'jszip';

const pdfString = (text: string) => `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;

/** A PDF with one page per entry; each page's lines are drawn top to bottom in Helvetica. */
export function pdfWithPages(
  pages: string[][],
  options: { title?: string; creationDate?: string; encrypt?: boolean } = {},
): Uint8Array {
  const pageIds = pages.map((_, index) => 5 + index * 2);
  const info = [
    options.title ? `/Title ${pdfString(options.title)}` : '',
    options.creationDate ? `/CreationDate (${options.creationDate})` : '',
  ].join(' ');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< ${info} /Producer (Trove test) >>`,
  ];
  pages.forEach((lines, index) => {
    const stream = lines
      .map((line, row) => `BT /F1 12 Tf 72 ${720 - row * 18} Td ${pdfString(line)} Tj ET`)
      .join('\n');
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${(pageIds[index] ?? 0) + 1} 0 R >>`,
      `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    );
  });
  // A standard security handler entry with made-up keys: what an encrypted PDF's trailer carries.
  if (options.encrypt) {
    objects.push(
      `<< /Filter /Standard /V 2 /R 3 /Length 128 /P -3904 /O <${'a1'.repeat(32)}> /U <${'b2'.repeat(32)}> >>`,
    );
  }
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  const encrypt = options.encrypt
    ? ` /Encrypt ${objects.length} 0 R /ID [<${'c3'.repeat(16)}> <${'c3'.repeat(16)}>]`
    : '';
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 4 0 R${encrypt} >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(pdf, 'latin1'));
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A minimal DOCX: paragraphs, some with a built-in heading style ("Heading1"), zipped with jszip. */
export async function docxWith(paragraphs: { text: string; heading?: 1 | 2 }[]): Promise<Uint8Array> {
  const body = paragraphs
    .map(({ text, heading }) => {
      const style = heading ? `<w:pPr><w:pStyle w:val="Heading${heading}"/></w:pPr>` : '';
      return `<w:p>${style}<w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`;
    })
    .join('');
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'uint8array' });
}
