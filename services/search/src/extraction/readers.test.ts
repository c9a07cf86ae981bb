import { testTime } from '@trove/service-core/testing/time';
import { DOCUMENT_KINDS } from '@trove/contracts';
import { describe, expect, it } from 'vitest';
import { ExtractionError, extractDocument } from './index';
import { docxWith, pdfWithPages } from './test-fixtures';
import { encryptedOfficeFile, odfWith, pptxWith, xlsxWith } from './office-fixtures';
import { READERS } from './readers';

// Issue 39 items 1–3, 7 and 8: each kind through the one reader table, each fixture made by the library its
// format's users make it with, each found by a phrase it holds.

const file = (fileName: string, bytes: Uint8Array | string, mediaType = '') => ({
  fileName,
  mediaType,
  bytes: typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes,
});

const texts = (document: Awaited<ReturnType<typeof extractDocument>>) =>
  document.passages.map((passage) => `${passage.location}: ${passage.text}`);

const reason = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return undefined;
  } catch (err) {
    if (err instanceof ExtractionError) return err.reason;
    throw err;
  }
};

describe('the reader table', () => {
  it('has one reader for every kind contracts lists, each saying what bounds it', () => {
    for (const kind of DOCUMENT_KINDS) {
      expect(typeof READERS[kind].accepts).toBe('function');
      expect(Array.isArray(READERS[kind].limits)).toBe(true);
    }
  });
});

describe('spreadsheets: each sheet a section, each row with its header names', () => {
  it('an ExcelJS workbook: dates as dates, money with its currency, the facts found', async () => {
    const bytes = await xlsxWith([
      {
        name: 'Expenses',
        rows: [
          ['Date', 'Item', 'Amount'],
          [new Date(Date.UTC(2024, 2, 14)), 'Quarterly stationery order', 1250.5],
          [new Date(Date.UTC(2024, 3, 2)), 'Printer toner', 89],
        ],
        money: [3],
      },
      {
        name: 'Notes',
        rows: [
          ['Owner', 'Remark'],
          ['Ann Lee', 'Reconcile before the audit'],
        ],
      },
    ]);
    const document = await extractDocument(file('budget.xlsx', bytes));
    expect(document.kind).toBe('xlsx');
    expect(document.parts).toBe(2);
    expect(texts(document)).toEqual([
      'sheet Expenses, rows 2–3: Date: 2024-03-14; Item: Quarterly stationery order; Amount: $1,250.50\nDate: 2024-04-02; Item: Printer toner; Amount: $89.00',
      'sheet Notes, row 2: Owner: Ann Lee; Remark: Reconcile before the audit',
    ]);
    const facts = document.passages[0]?.facts;
    expect(facts?.dates.map((date) => date.iso)).toEqual(['2024-03-14', '2024-04-02']);
    expect(facts?.amounts.map((amount) => [amount.currency, amount.value])).toEqual([
      ['USD', 1250.5],
      ['USD', 89],
    ]);
    // The sheet's name is a title word of its passages.
    expect(document.passages[0]?.fields.title).toContain('Expenses');
  });

  it('an OpenDocument sheet, its repeated empty rows and columns not filled in', async () => {
    const bytes = await odfWith(
      'ods',
      `<office:spreadsheet><table:table table:name="Invoices">
        <table:table-row><table:table-cell office:value-type="string"><text:p>Client</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>Total</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>Due</text:p></table:table-cell></table:table-row>
        <table:table-row><table:table-cell office:value-type="string"><text:p>Globex</text:p></table:table-cell><table:table-cell office:value-type="currency" office:currency="INR" office:value="45000"><text:p>₹45,000.00</text:p></table:table-cell><table:table-cell office:value-type="date" office:date-value="2024-05-31"><text:p>31/05/24</text:p></table:table-cell><table:table-cell table:number-columns-repeated="16381"/></table:table-row>
        <table:table-row table:number-rows-repeated="1048573"><table:table-cell table:number-columns-repeated="16384"/></table:table-row>
      </table:table></office:spreadsheet>`,
    );
    const document = await extractDocument(file('invoices.ods', bytes));
    expect(texts(document)).toEqual([
      'sheet Invoices, row 2: Client: Globex; Total: 45,000.00 INR; Due: 2024-05-31',
    ]);
    expect(document.passages[0]?.facts.amounts).toEqual([
      { text: '45,000.00 INR', currency: 'INR', value: 45000 },
    ]);
  });

  it('a damaged workbook says so', async () => {
    const bytes = (await xlsxWith([{ name: 'A', rows: [['x']] }])).subarray(0, 400);
    expect(await reason(extractDocument(file('broken.xlsx', bytes)))).toBe(
      'This Excel workbook is damaged and cannot be read.',
    );
  });
});

describe('slides: each slide a section with its title, text and speaker notes', () => {
  it('a PptxGenJS deck in its order', async () => {
    const bytes = await pptxWith([
      { title: 'Quarterly review', lines: ['Revenue grew in every region'] },
      {
        title: 'Roadmap',
        lines: ['Ship the kumquat planner', 'Hire two engineers'],
        notes: 'Mention the hiring freeze',
      },
    ]);
    const document = await extractDocument(file('review.pptx', bytes));
    expect(document.title).toBe('Quarterly review');
    expect(document.parts).toBe(2);
    expect(texts(document)).toEqual([
      'slide 1 (Quarterly review): Quarterly review\n\nRevenue grew in every region',
      'slide 2 (Roadmap): Roadmap\n\nShip the kumquat planner\n\nHire two engineers\n\nSpeaker notes: Mention the hiring freeze',
    ]);
  });

  it('an OpenDocument presentation', async () => {
    const bytes = await odfWith(
      'odp',
      `<office:presentation><draw:page draw:name="p1"><draw:frame presentation:class="title"><draw:text-box><text:p>Launch plan</text:p></draw:text-box></draw:frame><draw:frame presentation:class="outline"><draw:text-box><text:list><text:list-item><text:p>Book the venue in Pune</text:p></text:list-item></text:list></draw:text-box></draw:frame><presentation:notes><draw:frame presentation:class="notes"><draw:text-box><text:p>Confirm catering</text:p></draw:text-box></draw:frame></presentation:notes></draw:page></office:presentation>`,
    );
    expect(texts(await extractDocument(file('launch.odp', bytes)))).toEqual([
      'slide 1 (Launch plan): Launch plan\n\nBook the venue in Pune\n\nSpeaker notes: Confirm catering',
    ]);
  });
});

describe('word processing beside DOCX: ODT and RTF', () => {
  it('an OpenDocument text: headings, paragraphs and a table', async () => {
    const bytes = await odfWith(
      'odt',
      `<office:text><text:h text:outline-level="1">Handover notes</text:h><text:p>The <text:span>backup</text:span> runs<text:s text:c="2"/>nightly.</text:p><text:h text:outline-level="2">Contacts</text:h><table:table><table:table-row><table:table-cell><text:p>Ann Lee</text:p></table:table-cell><table:table-cell><text:p>ann@acme.test</text:p></table:table-cell></table:table-row></table:table></office:text>`,
    );
    const document = await extractDocument(file('handover.odt', bytes));
    expect(document.title).toBe('Handover notes');
    expect(texts(document)).toEqual([
      'section Handover notes: The backup runs  nightly.',
      'section Contacts: Ann Lee | ann@acme.test',
    ]);
  });

  it('an RTF memo: its code page, Unicode, headings by style, and no font table', async () => {
    const rtf =
      '{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0 Calibri;}}{\\stylesheet{\\s0 Normal;}{\\s1\\outlinelevel0 heading 1;}}' +
      "{\\info{\\title Secret}}\\pard\\s1 Office move\\par\\pard\\s0 We move to the caf\\'e9 floor on 3 June 2024.\\par\n" +
      'Budget \\u8377?45,000 approved.\\par}';
    const document = await extractDocument(file('memo.rtf', rtf));
    expect(document.title).toBe('Office move');
    expect(texts(document)).toEqual([
      'section Office move: We move to the café floor on 3 June 2024.\n\nBudget ₹45,000 approved.',
    ]);
    expect(document.passages[0]?.facts.amounts[0]).toMatchObject({ currency: 'INR', value: 45000 });
  });
});

describe('code and data', () => {
  it('source files are found by the words of their identifiers', async () => {
    const document = await extractDocument(
      file(
        'retry.ts',
        'export function retryBackoff(attempt: number) {\n  return HTTPServer_MAX * attempt;\n}\n',
      ),
    );
    expect(document.kind).toBe('code');
    expect(document.passages[0]?.location).toBe('lines 1–4');
    expect(document.passages[0]?.fields.body).toContain('retry backoff');
    expect(document.passages[0]?.fields.body).toContain('http server max');
  });

  it('a JSON export is its own kind', async () => {
    const document = await extractDocument(file('export.json', '{"customerName": "Globex", "total": 120}'));
    expect(document.kind).toBe('json');
    expect(document.passages[0]?.fields.body).toContain('customer name');
  });
});

describe('files that are not what they say', () => {
  it(
    'a PDF named .docx is read as the PDF it is, and the document says so',
    async () => {
      const document = await extractDocument(
        file('contract.docx', pdfWithPages([['Renewal terms for Globex']])),
      );
      expect(document.kind).toBe('pdf');
      expect(document.notes).toEqual([
        'Its name says it is a Word document (DOCX), but it is a PDF; it was read as one.',
      ]);
      expect(texts(document)).toEqual(['page 1: Renewal terms for Globex']);
    },
    testTime(30_000),
  );
  it('a password-protected Office file says so, whatever it is called', async () => {
    for (const [name, what] of [
      ['a.docx', 'Word document'],
      ['a.xlsx', 'Excel workbook'],
      ['a.pptx', 'PowerPoint presentation'],
    ] as const) {
      expect(await reason(extractDocument(file(name, encryptedOfficeFile())))).toBe(
        `This ${what} is protected by a password, so its words cannot be read. Remove the password and upload it again.`,
      );
    }
    const sealed = await odfWith('odt', '<office:text><text:p>x</text:p></office:text>', true);
    expect(await reason(extractDocument(file('a.odt', sealed)))).toContain('protected by a password');
    expect(await reason(extractDocument(file('a.pdf', pdfWithPages([['x']], { encrypt: true }))))).toContain(
      'protected by a password',
    );
  });

  it('a DOCX stays read as before', async () => {
    const document = await extractDocument(
      file('a.docx', await docxWith([{ text: 'Kumquat supply terms' }])),
    );
    expect(document.kind).toBe('docx');
    expect(document.notes).toEqual([]);
  });
});
