import { describe, expect, it } from 'vitest';
import { ExtractionError, extractDocument } from './index';
import { docxWith, pdfWithPages } from './test-fixtures';

const utf8 = (text: string) => new TextEncoder().encode(text);

const INVOICE_EMAIL = [
  'From: "Priya Sharma" <priya@acme.co.in>',
  'To: Ravi Kumar <ravi@globex.com>, accounts@gmail.com',
  'Cc: Finance Team <finance@acme.co.in>',
  'Subject: Invoice INV-2025-031 for March',
  'Date: Mon, 03 Mar 2025 09:15:00 +0530',
  'Message-ID: <inv-031@acme.co.in>',
  'MIME-Version: 1.0',
  'Content-Type: multipart/mixed; boundary="b1"',
  '',
  '--b1',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'Hi Ravi,',
  '',
  'Please find the invoice for ₹1,25,000.50 attached. Payment is due next Friday.',
  '',
  '--',
  'Priya Sharma',
  'Accounts Lead, Acme Traders Pvt Ltd',
  '',
  '--b1',
  'Content-Type: text/csv; name="lines.csv"',
  'Content-Disposition: attachment; filename="lines.csv"',
  '',
  'item,amount',
  'Consulting,"₹1,00,000"',
  '--b1--',
  '',
].join('\r\n');

describe('extracting an upload', () => {
  it('a PDF with two pages gives a passage per page', async () => {
    const bytes = pdfWithPages([['Statement of work for Globex.'], ['Fee: USD 12,500 due 30 April 2025.']], {
      creationDate: 'D:20250401120000Z',
    });
    const document = await extractDocument({ bytes, fileName: 'sow.pdf', mediaType: 'application/pdf' });
    expect(document).toMatchObject({ kind: 'pdf', parts: 2, documentDate: '2025-04-01T12:00:00.000Z' });
    expect(document.title).toBe('Statement of work for Globex.');
    expect(document.passages.map((p) => [p.ordinal, p.location])).toEqual([
      [0, 'page 1'],
      [1, 'page 2'],
    ]);
    expect(document.passages[1]?.facts.amounts).toEqual([
      { text: 'USD 12,500', currency: 'USD', value: 12500 },
    ]);
    expect(document.passages[1]?.facts.dates).toEqual([{ text: '30 April 2025', iso: '2025-04-30' }]);
  });

  it('an email: subject, date, people, organisations; its attachment a document of its own', async () => {
    const document = await extractDocument({
      bytes: utf8(INVOICE_EMAIL),
      fileName: 'invoice.eml',
      mediaType: 'message/rfc822',
    });
    expect(document).toMatchObject({
      kind: 'eml',
      title: 'Invoice INV-2025-031 for March',
      parts: 2,
      documentDate: '2025-03-03T03:45:00.000Z',
    });
    const [body, ...rest] = document.passages;
    expect(rest).toEqual([]);
    expect(body?.location).toBe('body');
    expect(body?.facts.dates).toEqual([{ text: 'next Friday', iso: '2025-03-14' }]);
    expect(body?.facts.amounts).toEqual([{ text: '₹1,25,000.50', currency: 'INR', value: 125000.5 }]);
    expect(body?.facts.people).toEqual([
      { name: 'Priya Sharma', email: 'priya@acme.co.in', role: 'from' },
      { name: 'Ravi Kumar', email: 'ravi@globex.com', role: 'to' },
      { name: 'accounts@gmail.com', email: 'accounts@gmail.com', role: 'to' },
      { name: 'Finance Team', email: 'finance@acme.co.in', role: 'cc' },
      { name: 'Priya Sharma' },
    ]);
    expect(body?.facts.organisations).toEqual(['acme.co.in', 'globex.com', 'Acme Traders Pvt Ltd']);
    // Issue 39 item 6: the CSV is read by its own job, titled "lines.csv — in: <subject>".
    expect(document.contained.map((file) => [file.name, file.kind])).toEqual([['lines.csv', 'csv']]);
    const csv = document.contained[0];
    const attached = await extractDocument({
      bytes: csv?.bytes ?? new Uint8Array(),
      fileName: 'lines.csv',
      mediaType: csv?.mediaType ?? '',
      depth: 1,
      attachedTo: document.title,
    });
    expect(attached.title).toBe('lines.csv — in: Invoice INV-2025-031 for March');
    expect(attached.passages[0]?.text).toBe('item, amount\nConsulting, ₹1,00,000');
    expect(attached.passages[0]?.fields.title).toBe('lines');
    // Issue 19 item 1: what the index weighs apart.
    expect(body?.fields).toMatchObject({ title: 'Invoice INV-2025-031 for March', name: 'invoice eml' });
    expect(body?.fields.people).toContain('Priya Sharma priya@acme.co.in priya acme co in');
  });

  it('an HTML email body is read without its markup', async () => {
    const eml =
      'From: a@acme.com\nSubject: Hi\nContent-Type: text/html\n\n<p>Total <b>€ 40</b></p><script>x()</script>';
    const document = await extractDocument({ bytes: utf8(eml), fileName: 'hi.eml', mediaType: '' });
    expect(document.passages.map((p) => p.text)).toEqual(['Total € 40']);
  });

  it('an email with no text (images alone) is one passage with no text, found by its subject and sender', async () => {
    const eml = [
      'From: Ink Deals <deals@inkjet.example>',
      'Subject: Printer cartridges as low as $1.21',
      'Content-Type: text/html',
      '',
      '<html><body><a href="http://inkjet.example/"><img src="http://inkjet.example/offer.gif"></a></body></html>',
    ].join('\n');
    const document = await extractDocument({ bytes: utf8(eml), fileName: 'deals.eml', mediaType: '' });
    expect(document.passages).toHaveLength(1);
    expect(document.passages[0]).toMatchObject({
      ordinal: 0,
      text: '',
      fields: { title: expect.stringContaining('Printer cartridges as low as $1.21'), body: '' },
    });
    expect(document.passages[0]?.fields.people).toContain('Ink Deals deals@inkjet.example');
  });

  it('a Word document keeps its sections', async () => {
    const bytes = await docxWith([{ text: 'Scope', heading: 1 }, { text: 'Two workshops in May.' }]);
    const document = await extractDocument({
      bytes,
      fileName: 'sow.docx',
      mediaType: 'application/octet-stream',
    });
    expect(document.passages.map((p) => [p.location, p.text])).toEqual([
      ['section Scope', 'Two workshops in May.'],
    ]);
  });

  it('HTML, Markdown, CSV and text files', async () => {
    const html = await extractDocument({
      bytes: utf8('<title>Rates</title><h2>2025</h2><p>Day rate £800</p>'),
      fileName: 'rates.html',
      mediaType: 'text/html',
    });
    expect(html).toMatchObject({ kind: 'html', title: 'Rates', passages: [{ location: 'section 2025' }] });
    const md = await extractDocument({
      bytes: utf8('# Plan\n\nShip it.'),
      fileName: 'plan.md',
      mediaType: 'text/plain',
    });
    expect(md).toMatchObject({
      kind: 'md',
      title: 'Plan',
      passages: [{ location: 'section Plan', text: 'Ship it.' }],
    });
    const csv = await extractDocument({
      bytes: utf8('a,b\n1,2\n'),
      fileName: 'data.csv',
      mediaType: 'text/csv',
    });
    expect(csv).toMatchObject({
      kind: 'csv',
      title: 'data',
      parts: 1,
      passages: [{ location: 'row 2', text: 'a, b\n1, 2' }],
    });
    const txt = await extractDocument({
      bytes: utf8('One.\n\nTwo.'),
      fileName: 'notes.txt',
      mediaType: 'text/plain',
    });
    expect(txt).toMatchObject({
      kind: 'txt',
      title: 'notes',
      documentDate: null,
      passages: [{ ordinal: 0, text: 'One.\n\nTwo.' }],
    });
  });

  it('a mismatch, an encrypted PDF and a corrupt PDF fail with a reason', async () => {
    const fail = (bytes: Uint8Array, fileName: string) =>
      extractDocument({ bytes, fileName, mediaType: '' }).then(
        () => null,
        (error: unknown) => (error instanceof ExtractionError ? error.reason : error),
      );
    expect(await fail(utf8('just text'), 'report.pdf')).toBe(
      'This file says it is a PDF but its content is not a PDF.',
    );
    expect(await fail(pdfWithPages([['x']], { encrypt: true }), 'locked.pdf')).toBe(
      'This PDF is protected by a password, so its words cannot be read. Remove the password and upload it again.',
    );
    expect(await fail(utf8('%PDF-1.7\n%%EOF'), 'broken.pdf')).toBe('This PDF is damaged and cannot be read.');
  });
});
