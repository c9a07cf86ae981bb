import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_FORMATS,
  DOCUMENT_KINDS,
  documentKindOf,
  documentKindsText,
  documentLabel,
  documentSourceLine,
  markedWords,
  SEARCH_MESSAGES,
  SearchCursorSchema,
  SearchQuerySchema,
  type SearchQueryParams,
  searchQueryString,
  UPLOADS_MESSAGES,
  UploadsCursorSchema,
  UploadsListQuerySchema,
  UploadsListResponseSchema,
  UploadsResponseSchema,
  snippetText,
} from './search';

describe('SearchQuerySchema', () => {
  it('trims the query and defaults the limit to 10', () => {
    expect(SearchQuerySchema.parse({ q: '  invoice  ' })).toEqual({ q: 'invoice', limit: 10 });
  });

  it('an empty or blank query says what to do', () => {
    for (const q of [undefined, '', '   ']) {
      const result = SearchQuerySchema.safeParse({ q });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(SEARCH_MESSAGES.queryRequired);
    }
  });

  it('limits: 1 to 50, digits only', () => {
    expect(SearchQuerySchema.parse({ q: 'a', limit: '50' }).limit).toBe(50);
    for (const limit of ['0', '51', '-1', '1.5', 'ten', '9999']) {
      expect(SearchQuerySchema.safeParse({ q: 'a', limit }).error?.issues[0]?.message).toBe(
        SEARCH_MESSAGES.badLimit,
      );
    }
  });

  it('dates are real calendar days and date_from is not after date_to', () => {
    expect(SearchQuerySchema.safeParse({ q: 'a', date_from: '2026-02-30' }).success).toBe(false);
    expect(
      SearchQuerySchema.safeParse({ q: 'a', date_from: '2026-02-03', date_to: '2026-02-01' }).success,
    ).toBe(false);
    expect(
      SearchQuerySchema.parse({ q: 'a', date_from: '2026-02-01', date_to: '2026-02-01' }).date_from,
    ).toBe('2026-02-01');
  });

  it('the old names from and to are read as date_from and date_to for one release (issue 42 item 6)', () => {
    expect(SearchQuerySchema.parse({ q: 'a', from: '2026-02-01', to: '2026-02-03' })).toMatchObject({
      date_from: '2026-02-01',
      date_to: '2026-02-03',
    });
    expect(SearchQuerySchema.parse({ q: 'a', from: '2026-01-01', date_from: '2026-02-01' }).date_from).toBe(
      '2026-02-01',
    );
    expect(SearchQuerySchema.safeParse({ q: 'a', from: '2026-02-03', to: '2026-02-01' }).success).toBe(false);
  });

  it('a client’s typed parameters are the schema’s names, read back as written (issue 42 item 6)', () => {
    const params: SearchQueryParams = {
      q: 'invoice',
      limit: '20',
      date_from: '2026-02-01',
      date_to: '2026-02-03',
      amount_min: '10',
      currency: 'INR',
      as_you_type: 'on',
      cursor: undefined,
    };
    const written = searchQueryString(params);
    expect([...written.keys()]).toEqual([
      'q',
      'limit',
      'date_from',
      'date_to',
      'amount_min',
      'currency',
      'as_you_type',
    ]);
    expect(SearchQuerySchema.parse(Object.fromEntries(written))).toMatchObject({
      q: 'invoice',
      limit: 20,
      date_from: '2026-02-01',
      date_to: '2026-02-03',
      amount_min: 10,
    });
    // The old date names, which read like the query's from: (a sender), are not a client's to write.
    // @ts-expect-error from is not among a client's parameters
    const old: SearchQueryParams = { q: 'a', from: '2026-02-01' };
    expect(old.q).toBe('a');
  });

  it('type is one of the accepted kinds', () => {
    expect(SearchQuerySchema.parse({ q: 'a', type: 'pdf' }).type).toBe('pdf');
    expect(SearchQuerySchema.safeParse({ q: 'a', type: 'exe' }).error?.issues[0]?.message).toBe(
      SEARCH_MESSAGES.badType,
    );
  });
});

describe('SearchQuerySchema: facts as filters', () => {
  const message = (input: Record<string, string>) =>
    SearchQuerySchema.safeParse({ q: 'a', ...input }).error?.issues[0]?.message;

  it('amounts are decimals read as numbers, not negative, min not above max', () => {
    expect(SearchQuerySchema.parse({ q: 'a', amount_min: '10000', amount_max: ' 99999.50 ' })).toMatchObject({
      amount_min: 10000,
      amount_max: 99999.5,
    });
    expect(SearchQuerySchema.parse({ q: 'a', amount_min: '0' }).amount_min).toBe(0);
    for (const bad of ['-1', '1e5', '10,000', 'ten', '', '.5', '1.23456', 'Infinity', '0x10']) {
      expect(message({ amount_min: bad })).toBe(SEARCH_MESSAGES.badAmount);
      expect(message({ amount_max: bad })).toBe(SEARCH_MESSAGES.badAmount);
    }
    expect(message({ amount_min: '500', amount_max: '499.99' })).toBe(SEARCH_MESSAGES.badAmountRange);
    expect(SearchQuerySchema.parse({ q: 'a', amount_min: '500', amount_max: '500' }).amount_max).toBe(500);
  });

  it('currency is an ISO 4217 code, upper-cased; the four symbols map to theirs', () => {
    const currency = (value: string) => SearchQuerySchema.parse({ q: 'a', currency: value }).currency;
    expect(currency('inr')).toBe('INR');
    expect(currency(' usd ')).toBe('USD');
    expect(currency('CHF')).toBe('CHF');
    expect(currency('₹')).toBe('INR');
    expect(currency('Rs.')).toBe('INR');
    expect(currency('$')).toBe('USD');
    expect(currency('€')).toBe('EUR');
    expect(currency('£')).toBe('GBP');
    for (const bad of ['', 'XYZ', 'dollars', 'US', 'EURO', '¤']) {
      expect(message({ currency: bad })).toBe(SEARCH_MESSAGES.badCurrency);
    }
  });

  it('entity is a trimmed name of 1 to 100 characters', () => {
    expect(SearchQuerySchema.parse({ q: 'a', entity: '  Acme Pvt Ltd ' }).entity).toBe('Acme Pvt Ltd');
    expect(message({ entity: '   ' })).toBe(SEARCH_MESSAGES.badEntity);
    expect(message({ entity: 'x'.repeat(101) })).toBe(SEARCH_MESSAGES.badEntity);
    expect(SearchQuerySchema.parse({ q: 'a', entity: 'x'.repeat(100) }).entity).toHaveLength(100);
  });
});

describe('SearchCursorSchema', () => {
  it('holds a finite score, a numeric passage id and the mode', () => {
    expect(SearchCursorSchema.safeParse({ s: 1.5, i: '42', m: 'or' }).success).toBe(true);
    expect(SearchCursorSchema.safeParse({ s: 1.5, i: '4x', m: 'or' }).success).toBe(false);
    expect(SearchCursorSchema.safeParse({ s: 1.5, i: '42', m: 'xor' }).success).toBe(false);
  });
});

describe('documentKindOf', () => {
  it('reads the extension first, then the media type', () => {
    expect(documentKindOf('Notes.MD', 'application/octet-stream')).toBe('md');
    expect(documentKindOf('mail.eml', '')).toBe('eml');
    expect(documentKindOf('report', 'application/pdf')).toBe('pdf');
    expect(documentKindOf('table', 'text/csv; charset=utf-8')).toBe('csv');
  });

  it('anything else is not accepted', () => {
    expect(documentKindOf('setup.exe', 'application/x-msdownload')).toBeUndefined();
    expect(documentKindOf('photo.bmp', 'image/bmp')).toBeUndefined();
    expect(documentKindOf('photo.heic', 'image/heic')).toBe('image');
    expect(documentKindOf('photo.png', 'image/png')).toBe('image');
    expect(documentKindOf('backup.tar.gz', '')).toBe('zip');
    expect(documentKindOf('budget.xlsx', '')).toBe('xlsx');
    expect(documentKindOf('retry.ts', '')).toBe('code');
  });

  it('every extension and media type of the one table names its kind (uploads once refused .log and XHTML)', () => {
    for (const kind of DOCUMENT_KINDS) {
      for (const extension of DOCUMENT_FORMATS[kind].extensions) {
        expect(documentKindOf(`file.${extension}`, 'application/octet-stream')).toBe(kind);
        expect(DOCUMENT_ACCEPT.split(',')).toContain(`.${extension}`);
      }
      for (const mediaType of DOCUMENT_FORMATS[kind].mediaTypes) {
        expect(documentKindOf('file', mediaType)).toBe(kind);
        expect(DOCUMENT_ACCEPT.split(',')).toContain(mediaType);
      }
    }
    expect(documentKindOf('server.log', '')).toBe('txt');
    expect(documentKindOf('page.xhtml', '')).toBe('html');
    expect(documentKindOf('page', 'application/xhtml+xml')).toBe('html');
  });

  it('names the kinds in the words people use', () => {
    expect(documentKindsText('or')).toBe(
      'PDF, documents (DOCX, ODT, RTF), spreadsheets (XLSX, XLS, ODS, CSV), slides (PPTX, ODP), TXT, Markdown, HTML, EML, images (PNG, JPEG, TIFF, WebP, HEIC), archives (ZIP, TAR.GZ), source code, JSON or ICS',
    );
    expect(documentKindsText('and')).toMatch(/, source code, JSON and ICS$/);
  });
});

describe('UploadsListQuerySchema', () => {
  it('a page is 50 documents unless asked; no cursor is the first page', () => {
    expect(UploadsListQuerySchema.parse({})).toEqual({ limit: 50 });
    expect(UploadsListQuerySchema.parse({ limit: '1', cursor: 'abc' })).toEqual({ limit: 1, cursor: 'abc' });
    expect(UploadsListQuerySchema.parse({ limit: '200' }).limit).toBe(200);
  });

  it('limits: 1 to 200, digits only', () => {
    for (const limit of ['0', '201', '-1', '1.5', 'fifty', '', '1000']) {
      expect(UploadsListQuerySchema.safeParse({ limit }).error?.issues[0]?.message).toBe(
        UPLOADS_MESSAGES.badLimit,
      );
    }
  });

  it('a cursor longer than any the service writes says to reload', () => {
    expect(UploadsListQuerySchema.safeParse({ cursor: 'a'.repeat(513) }).error?.issues[0]?.message).toBe(
      UPLOADS_MESSAGES.badCursor,
    );
    expect(UPLOADS_MESSAGES.badCursor).toMatch(/reload/);
  });
});

describe('UploadsCursorSchema', () => {
  const id = '0b6f2f4e-2f1c-4a53-9d55-5b8f1d8b7c11';

  it('holds created_at to the microsecond and the document id', () => {
    expect(UploadsCursorSchema.parse({ c: '2026-11-23T08:49:17.123456Z', i: id })).toEqual({
      c: '2026-11-23T08:49:17.123456Z',
      i: id,
    });
  });

  it('refuses milliseconds only, impossible times, other zones and ids that are not uuids', () => {
    for (const c of [
      '2026-11-23T08:49:17.123Z',
      '2026-13-23T08:49:17.123456Z',
      '2026-02-30T08:49:17.123456Z',
      '2026-11-23T25:49:17.123456Z',
      '2026-11-23T08:49:17.123456+05:30',
      "2026-11-23T08:49:17.123456Z'",
    ]) {
      expect(UploadsCursorSchema.safeParse({ c, i: id }).success).toBe(false);
    }
    expect(UploadsCursorSchema.safeParse({ c: '2026-11-23T08:49:17.123456Z', i: '1 or 1=1' }).success).toBe(
      false,
    );
  });
});

describe('documentSourceLine (issue 21)', () => {
  it('a message: its source and folder; the source alone when the folder is unknown; nothing for an upload', () => {
    expect(documentSourceLine({ name: 'Work mail', folder: 'INBOX' })).toBe('Work mail › INBOX');
    expect(documentSourceLine({ name: 'Work mail', folder: 'Café/2026' })).toBe('Work mail › Café/2026');
    expect(documentSourceLine({ name: 'Work mail', folder: null })).toBe('Work mail');
    expect(documentSourceLine(null)).toBeNull();
    expect(documentSourceLine(undefined)).toBeNull();
  });
});

describe('documentLabel (issue 19 item 3)', () => {
  it('the title, with the file name beside it when they differ', () => {
    expect(documentLabel({ name: 'easy-ham-1__02039.e857.eml', title: 'Of Muslims and Morris men' })).toEqual(
      {
        title: 'Of Muslims and Morris men',
        fileName: 'easy-ham-1__02039.e857.eml',
      },
    );
  });

  it('the file name alone before indexing, for an empty title, or when the title is the file name', () => {
    expect(documentLabel({ name: 'notes.txt', title: null })).toEqual({ title: 'notes.txt', fileName: null });
    expect(documentLabel({ name: 'notes.txt', title: '  ' })).toEqual({ title: 'notes.txt', fileName: null });
    expect(documentLabel({ name: 'notes.txt', title: 'notes' })).toEqual({
      title: 'notes.txt',
      fileName: null,
    });
  });

  it('a title folded over lines reads as one line', () => {
    expect(documentLabel({ name: 'a.eml', title: 'Quarterly\n  report' }).title).toBe('Quarterly report');
  });
});

describe('the uploads answers', () => {
  const document = {
    id: '0b6f2f4e-2f1c-4a53-9d55-5b8f1d8b7c11',
    name: 'a.txt',
    title: null,
    type: 'txt',
    media_type: 'text/plain',
    size_bytes: 1,
    parts: null,
    status: 'queued',
    failure_reason: null,
    document_date: null,
    created_at: '2026-11-23T08:49:17.123Z',
  };

  it('the list: a page, the next cursor or null, and the total', () => {
    expect(
      UploadsListResponseSchema.parse({ documents: [document], next_cursor: null, total: 1 }).total,
    ).toBe(1);
    expect(UploadsListResponseSchema.parse({ documents: [], next_cursor: 'x', total: 0 }).next_cursor).toBe(
      'x',
    );
    expect(UploadsListResponseSchema.safeParse({ documents: [document], total: 1 }).success).toBe(false);
    expect(UploadsListResponseSchema.safeParse({ documents: [], next_cursor: null }).success).toBe(false);
    expect(UploadsListResponseSchema.safeParse({ documents: [], next_cursor: null, total: -1 }).success).toBe(
      false,
    );
  });

  it('an upload answer stays the batch alone', () => {
    expect(UploadsResponseSchema.parse({ documents: [document] })).toEqual({ documents: [document] });
  });
});

describe('snippets as runs of text', () => {
  const parts = [
    { text: 'Total <b> ', marked: false },
    { text: '₹45,000', marked: true },
    { text: ' & tax "due" ', marked: false },
    { text: '₹45,000', marked: true },
  ];

  it('the mail reads the runs joined, as the file had them', () => {
    expect(snippetText(parts)).toBe('Total <b> ₹45,000 & tax "due" ₹45,000');
  });

  it('the marked words, each once', () => {
    expect(markedWords(parts)).toEqual(['₹45,000']);
  });
});
