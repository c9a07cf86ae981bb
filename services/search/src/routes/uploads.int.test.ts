import { type SnippetPart, UPLOADS_MESSAGES, type UploadsListResponse } from '@trove/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExtractionError, extractDocument } from '../extraction';
import { searchDb } from '../db/tables';
import { documentsPageQuery, storedBytes } from '../documents/documents.repository';
import { type SearchTestService, type SignedInUser, startSearchTestService } from '../testing/search-service';

// Issue 10 "Uploads": POST /api/v1/uploads answers 202 with the queued documents, stores the original and
// its job together; the list and one document; and every way the input can be wrong is a 4xx with a
// message. Limits here are small (1 MB a file, 5 a batch) so the tests stay fast; production reads them
// from UPLOAD_MAX_FILE_BYTES / UPLOAD_MAX_FILES.

let service: SearchTestService;

beforeAll(async () => {
  service = await startSearchTestService({ maxFileBytes: 1024 * 1024, maxFiles: 5 });
});

afterAll(async () => {
  await service?.close();
});

async function errorOf(res: Response) {
  return { status: res.status, body: (await res.json()) as { error: string; code: string } };
}

describe('POST /api/v1/uploads', () => {
  it('202 with the documents, queued; the original and a job are stored', async () => {
    const user = await service.signUp();
    const res = await service.upload(user, [
      { name: 'notes.md', type: '', text: '# Kiwi\n\nsome notes' },
      { name: 'table.csv', type: 'text/csv', text: 'a,b\n1,2' },
    ]);
    expect(res.status).toBe(202);
    const { documents } = (await res.json()) as { documents: Record<string, unknown>[] };
    expect(documents).toHaveLength(2);
    expect(documents[0]).toMatchObject({
      name: 'notes.md',
      type: 'md',
      media_type: 'application/octet-stream',
      size_bytes: 18,
      parts: null,
      status: 'queued',
      failure_reason: null,
    });
    expect(documents[1]).toMatchObject({ name: 'table.csv', type: 'csv', media_type: 'text/csv' });
    const stored = await searchDb(service.db)
      .selectFrom('documents')
      .innerJoin('search_jobs', 'search_jobs.document_id', 'documents.id')
      .select(['documents.original'])
      .where('documents.user_id', '=', user.userId)
      .orderBy('documents.name')
      .execute();
    expect(stored.map((row) => Buffer.from(row.original).toString())).toEqual([
      '# Kiwi\n\nsome notes',
      'a,b\n1,2',
    ]);
    // The batch's jobs run in the order its files came: the first file's job has the lower id.
    const jobs = await searchDb(service.db)
      .selectFrom('search_jobs')
      .innerJoin('documents', 'documents.id', 'search_jobs.document_id')
      .select('documents.name')
      .where('documents.user_id', '=', user.userId)
      .orderBy('search_jobs.id')
      .execute();
    expect(jobs.map((job) => job.name)).toEqual(['notes.md', 'table.csv']);
  });

  it('the list and one document: name, type, size, parts, created_at, status, failure_reason', async () => {
    const user = await service.signUp();
    await service.upload(user, [{ name: 'first.txt', text: 'one' }]);
    await service.upload(user, [{ name: 'second.txt', text: 'two' }]);
    const list = await service.request(user, '/api/v1/uploads');
    expect(list.status).toBe(200);
    const { documents, next_cursor, total } = (await list.json()) as UploadsListResponse;
    expect(documents.map((document) => document.name)).toEqual(['second.txt', 'first.txt']);
    expect([next_cursor, total]).toEqual([null, 2]);
    expect(Number.isNaN(Date.parse(documents[0]?.created_at ?? ''))).toBe(false);
    const one = await service.request(user, `/api/v1/uploads/${documents[1]?.id}`);
    expect(await one.json()).toEqual({ document: documents[1] });
  });

  it('with the real extractor, an uploaded file becomes searchable', async () => {
    const user = await service.signUp();
    const queued = await service.upload(user, [
      {
        name: 'trip-notes.md',
        type: 'text/markdown',
        text: '# Dawn on the river\n\nThe platypus swam at dawn.',
      },
    ]);
    const [document] = ((await queued.json()) as { documents: { id: string; title: string | null }[] })
      .documents;
    // No title before it is read (issue 19 item 3): the page shows the file name until then.
    expect(document?.title).toBeNull();
    const worker = service.worker(extractDocument);
    // Earlier tests queued jobs too; the queue is shared, so run it dry.
    while (await worker.runOnce()) {
      // Runs every queued job.
    }
    const res = await service.request(user, '/api/v1/search?q=platypus');
    const body = (await res.json()) as {
      results: { document: { name: string; title: string | null }; snippet: SnippetPart[] }[];
    };
    expect(body.results[0]?.document).toMatchObject({ name: 'trip-notes.md', title: 'Dawn on the river' });
    expect(body.results[0]?.snippet).toContainEqual({ text: 'platypus', marked: true });
    const one = await service.request(user, `/api/v1/uploads/${document?.id}`);
    expect(((await one.json()) as { document: { title: string | null } }).document.title).toBe(
      'Dawn on the river',
    );
    expect(new ExtractionError('x').reason).toBe('x');
  });

  it('refuses a batch with a file of another type (415), naming it, and stores nothing', async () => {
    const user = await service.signUp();
    const res = await service.upload(user, [
      { name: 'ok.txt', text: 'fine' },
      { name: 'setup.exe', type: 'application/x-msdownload', text: 'MZ' },
    ]);
    expect(await errorOf(res)).toEqual({
      status: 415,
      body: {
        error:
          '"setup.exe" is not a type Trove can index: PDF, documents (DOCX, ODT, RTF), spreadsheets (XLSX, XLS, ODS, CSV), slides (PPTX, ODP), TXT, Markdown, HTML, EML, images (PNG, JPEG, TIFF, WebP, HEIC), archives (ZIP, TAR.GZ), source code, JSON or ICS.',
        code: 'unsupported_media_type',
      },
    });
    const list = await service.request(user, '/api/v1/uploads');
    expect(((await list.json()) as { documents: unknown[] }).documents).toEqual([]);
  });

  it('a file over the size limit, or too many files, is a 413 with the limit', async () => {
    const user = await service.signUp();
    const big = await service.upload(user, [{ name: 'big.txt', text: new Uint8Array(1024 * 1024 + 1) }]);
    expect(await errorOf(big)).toMatchObject({
      status: 413,
      body: { error: '"big.txt" is larger than 1 MB.' },
    });
    const many = await service.upload(
      user,
      Array.from({ length: 6 }, (_, index) => ({ name: `${index}.txt`, text: 'x' })),
    );
    expect(await errorOf(many)).toMatchObject({
      status: 413,
      body: { error: 'Upload at most 5 files at a time.' },
    });
  });

  it('no file, an empty file, a text field, JSON or a broken body: 4xx with a message', async () => {
    const user = await service.signUp();
    const post = (body: BodyInit, type?: string) =>
      service.request(user, '/api/v1/uploads', {
        method: 'POST',
        body,
        ...(type === undefined ? {} : { headers: { 'Content-Type': type } }),
      });
    const noFile = new FormData();
    noFile.append('other', 'x');
    expect(await errorOf(await post(noFile))).toMatchObject({
      status: 400,
      body: { code: 'invalid_request' },
    });
    const textField = new FormData();
    textField.append('file', 'just text');
    expect(await errorOf(await post(textField))).toMatchObject({
      status: 400,
      body: { error: 'Every "file" field must be a file.' },
    });
    expect(await errorOf(await service.upload(user, [{ name: 'empty.txt', text: '' }]))).toMatchObject({
      status: 400,
      body: { error: '"empty.txt" is empty.' },
    });
    expect(await errorOf(await post('{"file":1}', 'application/json'))).toMatchObject({ status: 415 });
    expect(
      await errorOf(
        await post('--x\r\nContent-Disposition: form-data; name="file"', 'multipart/form-data; boundary=y'),
      ),
    ).toMatchObject({ status: 400 });
  });

  it('needs a session and, being a write, the CSRF header', async () => {
    const user = await service.signUp();
    const form = new FormData();
    form.append('file', new File(['x'], 'a.txt'));
    const anonymous = await service.app.request('/api/v1/uploads', { method: 'POST', body: form });
    expect(anonymous.status).toBe(401);
    const noCsrf = await service.app.request('/api/v1/uploads', {
      method: 'POST',
      body: form,
      headers: { Cookie: user.cookie },
    });
    expect(await errorOf(noCsrf)).toMatchObject({ status: 401, body: { code: 'csrf_failed' } });
  });
});

describe('the body is read as it arrives (issue 18 item 7)', () => {
  const boundary = 'trove-streamed';
  const encoder = new TextEncoder();
  const partHead = (name: string) =>
    encoder.encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );

  /** Sends `first` and keeps the body open: only a service that reads as the bytes come can answer now. */
  async function answerWhileOpen(user: SignedInUser, first: Uint8Array[]): Promise<Response | 'no answer'> {
    let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(opened) {
        controller = opened;
        for (const bytes of first) opened.enqueue(bytes);
      },
    });
    const answer = service.request(user, '/api/v1/uploads', {
      method: 'POST',
      body,
      headers: {
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        // A length the body never reaches: what is sent is all there is until the test closes it.
        'Content-Length': String(8 * 1024 * 1024 - 1),
      },
      duplex: 'half',
    } as RequestInit);
    const timeout = new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), 5_000));
    try {
      return await Promise.race([answer, timeout]);
    } finally {
      // The service may have cancelled the body already, having answered.
      try {
        controller?.close();
      } catch {}
    }
  }

  it('a file of another type is refused from its name, before its bytes (or the rest of the body) arrive', async () => {
    const user = await service.signUp();
    const res = await answerWhileOpen(user, [partHead('setup.exe'), encoder.encode('MZ')]);
    expect(res).not.toBe('no answer');
    expect((res as Response).status).toBe(415);
  });

  it('a file over the size limit is refused once its bytes pass the limit, not when the body ends', async () => {
    const user = await service.signUp();
    const res = await answerWhileOpen(user, [partHead('big.txt'), new Uint8Array(1024 * 1024 + 1).fill(120)]);
    expect(res).not.toBe('no answer');
    expect(await errorOf(res as Response)).toMatchObject({
      status: 413,
      body: { error: '"big.txt" is larger than 1 MB.' },
    });
    const list = await service.request(user, '/api/v1/uploads');
    expect(((await list.json()) as { documents: unknown[] }).documents).toEqual([]);
  });

  it('a file of several pieces is stored whole, byte for byte, and no piece is left behind', async () => {
    const user = await service.signUp();
    const bytes = new Uint8Array(1024 * 1024 - 3);
    for (let index = 0; index < bytes.length; index += 1) bytes[index] = (index * 7919) % 251;
    const res = await service.upload(user, [{ name: 'pieces.txt', text: bytes }]);
    expect(res.status).toBe(202);
    const stored = await searchDb(service.db)
      .selectFrom('documents')
      .select(['original', 'size_bytes'])
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(stored.size_bytes).toBe(bytes.length);
    expect(Buffer.compare(Buffer.from(stored.original), Buffer.from(bytes))).toBe(0);
    const left = await searchDb(service.db)
      .selectFrom('upload_chunks')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
  });
});

describe('a slow body holds no database connection (issue 35 item 4)', () => {
  it('while a body trickles in, no transaction is open; the file is stored once the body ends', async () => {
    const user = await service.signUp();
    const boundary = 'trove-trickle';
    const encoder = new TextEncoder();
    const head = encoder.encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="trickle.txt"\r\nContent-Type: text/plain\r\n\r\nfirst half `,
    );
    const tail = encoder.encode(`second half\r\n--${boundary}--\r\n`);
    let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
    let asked: () => void = () => undefined;
    const reading = new Promise<void>((resolve) => (asked = resolve));
    const body = new ReadableStream<Uint8Array>({
      start(opened) {
        controller = opened;
        opened.enqueue(head);
      },
      // Asked for more once the service has read the first bytes: the file's part is being read now.
      pull() {
        asked();
      },
    });
    const answer = service.request(user, '/api/v1/uploads', {
      method: 'POST',
      body,
      headers: {
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': String(head.byteLength + tail.byteLength),
      },
      duplex: 'half',
    } as RequestInit);
    try {
      await reading;
      const open = await sql<{ n: string }>`
        select count(*) as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and state like 'idle in transaction%'`.execute(
        service.db,
      );
      expect(Number(open.rows[0]?.n)).toBe(0);
    } finally {
      controller?.enqueue(tail);
      controller?.close();
    }
    const res = await answer;
    expect(res.status).toBe(202);
    const stored = await searchDb(service.db)
      .selectFrom('documents')
      .select('original')
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(Buffer.from(stored.original).toString()).toBe('first half second half');
  });
});

describe('UPLOAD_CONCURRENCY_PER_USER (issue 18 item 7)', () => {
  it('a third upload while two are on their way is a 429; another user is not held up; a finished one frees its slot', async () => {
    // The service's default: 2 at once.
    const user = await service.signUp();
    const other = await service.signUp();
    const boundary = 'trove-slow-upload';
    const encoder = new TextEncoder();
    const opened: ReadableStreamDefaultController<Uint8Array>[] = [];
    const reading: Promise<void>[] = [];
    const head = encoder.encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.txt"\r\nContent-Type: text/plain\r\n\r\nslow`,
    );
    const tail = encoder.encode(`\r\n--${boundary}--\r\n`);
    // An upload whose body arrives only when the test says: it holds its slot until then. The stream is
    // asked for more once the service has read its first bytes, which it does only after taking a slot.
    const slowUpload = () => {
      let started: () => void = () => undefined;
      reading.push(new Promise<void>((resolve) => (started = resolve)));
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          opened.push(controller);
          controller.enqueue(head);
        },
        pull() {
          started();
        },
      });
      return service.request(user, '/api/v1/uploads', {
        method: 'POST',
        body,
        // As nginx sends it (it reads the whole body first): with its length, which the body limit trusts.
        headers: {
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': String(head.byteLength + tail.byteLength),
        },
        duplex: 'half',
      } as RequestInit);
    };
    const finishSlow = () => {
      for (const controller of opened.splice(0)) {
        controller.enqueue(tail);
        controller.close();
      }
    };
    const slow = [slowUpload(), slowUpload()];
    // Whatever happens, the two bodies end, so the service can close after a failed assertion too.
    try {
      await Promise.all(reading);
      const third = await service.upload(user, [{ name: 'third.txt', text: 'third' }]);
      expect(third.status).toBe(429);
      const body = (await third.json()) as { error: string; code: string; retry_after: number };
      expect(body).toMatchObject({
        code: 'rate_limited',
        error: 'You already have 2 uploads on their way. Wait for one to finish, then try again.',
      });
      expect(body.retry_after).toBeGreaterThan(0);
      expect((await service.upload(other, [{ name: 'other.txt', text: 'other' }])).status).toBe(202);
    } finally {
      finishSlow();
    }
    expect((await Promise.all(slow)).map((res) => res.status)).toEqual([202, 202]);
    expect((await service.upload(user, [{ name: 'after.txt', text: 'after' }])).status).toBe(202);
  });
});

describe('GET and DELETE /api/v1/uploads/:id', () => {
  it('404 for an id that is not a document of the user, or not an id at all', async () => {
    const user = await service.signUp();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '%00']) {
      expect((await service.request(user, `/api/v1/uploads/${id}`)).status).toBe(404);
      expect((await service.request(user, `/api/v1/uploads/${id}`, { method: 'DELETE' })).status).toBe(404);
    }
  });

  it("a mailbox's message is not an upload: not listed, not counted, not billed, not read or deleted here", async () => {
    const user = await service.signUp();
    const res = await service.upload(user, [
      { name: 'mine.txt', type: 'text/plain', text: 'an upload' },
      { name: 'synced.eml', type: 'message/rfc822', text: 'Subject: synced\n\nfrom a mailbox' },
    ]);
    const { documents } = (await res.json()) as { documents: { id: string; name: string }[] };
    const synced = documents.find((document) => document.name === 'synced.eml')?.id ?? '';
    // What a sync writes: the same document, owned by a source (issue 21).
    const source = await sql<{ id: string }>`
      insert into sources (user_id, kind, name, settings, secret)
      values (${user.userId}, 'imap', 'Mail', '{}'::jsonb, 'v1.x.y') returning id`.execute(service.db);
    await sql`update documents set source_id = ${source.rows[0]?.id} where id = ${synced}`.execute(
      service.db,
    );

    const list = (await (await service.request(user, '/api/v1/uploads')).json()) as UploadsListResponse;
    expect(list.documents.map((document) => document.name)).toEqual(['mine.txt']);
    expect(list.total).toBe(1);
    expect(list.has_sources).toBe(true);
    expect((await service.request(user, `/api/v1/uploads/${synced}`)).status).toBe(404);
    expect((await service.request(user, `/api/v1/uploads/${synced}`, { method: 'DELETE' })).status).toBe(404);
    const still = await sql<{ n: string }>`select count(*) as n from documents where id = ${synced}`.execute(
      service.db,
    );
    expect(Number(still.rows[0]?.n)).toBe(1);
    expect(await storedBytes(service.db, user.userId)).toBe('an upload'.length);
  });

  it('401 without a session', async () => {
    expect((await service.app.request('/api/v1/uploads')).status).toBe(401);
    expect((await service.app.request('/api/v1/search?q=x')).status).toBe(401);
  });
});

// Paging (docs/decisions/013-uploads-page.md "Paging"): documents are written straight into the table so
// the tests choose created_at, down to the microsecond and with ties, the way one batch shares now().
describe('GET /api/v1/uploads: pages', () => {
  async function seed(user: SignedInUser, createdAt: readonly string[], prefix = 'doc'): Promise<void> {
    await searchDb(service.db)
      .insertInto('documents')
      .values(
        createdAt.map((at, index) => ({
          user_id: user.userId,
          name: `${prefix}-${index}.txt`,
          media_type: 'text/plain',
          kind: 'txt',
          size_bytes: 1,
          original: Buffer.from('x'),
          created_at: at,
        })),
      )
      .execute();
  }

  /** The user's ids in the list's order, as the database sorts them. */
  async function newestFirst(user: SignedInUser): Promise<string[]> {
    const rows = await searchDb(service.db)
      .selectFrom('documents')
      .select('id')
      .where('user_id', '=', user.userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => row.id);
  }

  async function page(user: SignedInUser, query: string) {
    const res = await service.request(user, `/api/v1/uploads${query}`);
    return { status: res.status, body: (await res.json()) as UploadsListResponse };
  }

  /** Every page from the first with `limit`, checking each on the way. */
  async function allPages(user: SignedInUser, limit: number, total: number): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const query = `?limit=${limit}${cursor === null ? '' : `&cursor=${cursor}`}`;
      const { status, body } = await page(user, query);
      expect(status).toBe(200);
      expect(body.total).toBe(total);
      expect(body.documents.length).toBeLessThanOrEqual(limit);
      // The last page is never an empty one: a cursor is only given when a document follows.
      expect(body.documents.length).toBeGreaterThan(0);
      ids.push(...body.documents.map((document) => document.id));
      cursor = body.next_cursor;
    } while (cursor !== null);
    return ids;
  }

  // Three documents a microsecond apart in one millisecond, five sharing one instant (one batch), others
  // seconds apart: a cursor cut to milliseconds, or one without the id, would skip or repeat some.
  const TIMES = [
    '2026-11-20T10:00:00.000000Z',
    '2026-11-20T10:00:01.123001Z',
    '2026-11-20T10:00:01.123002Z',
    '2026-11-20T10:00:01.123003Z',
    ...Array.from({ length: 5 }, () => '2026-11-20T10:00:02.500000Z'),
    '2026-11-20T10:00:02.500001Z',
    '2026-11-21T09:00:00.000000Z',
    '2026-11-22T09:00:00.999999Z',
    '2026-11-23T09:00:00.000001Z',
  ];

  it('every document exactly once across the pages, newest first, with the total on each, at any limit', async () => {
    const user = await service.signUp();
    const other = await service.signUp();
    await seed(user, TIMES);
    // Another user's documents at the very same instants, between the user's in the index.
    await seed(other, TIMES, 'theirs');
    const expected = await newestFirst(user);
    expect(expected).toHaveLength(TIMES.length);
    for (let limit = 1; limit <= TIMES.length + 1; limit += 1) {
      expect(await allPages(user, limit, TIMES.length)).toEqual(expected);
    }
  });

  it('50 a page unless asked, up to 200; the first page has the newest', async () => {
    const user = await service.signUp();
    await seed(
      user,
      Array.from({ length: 201 }, (_, index) => new Date(Date.UTC(2026, 10, 1) + index * 1000).toISOString()),
    );
    const expected = await newestFirst(user);
    const first = await page(user, '');
    expect(first.status).toBe(200);
    expect(first.body.documents.map((document) => document.id)).toEqual(expected.slice(0, 50));
    expect(first.body.total).toBe(201);
    expect(first.body.next_cursor).not.toBeNull();
    const widest = await page(user, '?limit=200');
    expect(widest.body.documents.map((document) => document.id)).toEqual(expected.slice(0, 200));
    const rest = await page(user, `?limit=200&cursor=${widest.body.next_cursor}`);
    expect(rest.body.documents.map((document) => document.id)).toEqual(expected.slice(200));
    expect(rest.body.next_cursor).toBeNull();
  });

  it('a limit outside 1–200, or not a whole number, is a 400 that says so', async () => {
    const user = await service.signUp();
    for (const limit of ['0', '201', '-1', '1.5', 'ten', '', '99999']) {
      expect(await page(user, `?limit=${limit}`)).toEqual({
        status: 400,
        body: { error: UPLOADS_MESSAGES.badLimit, code: 'invalid_request' },
      });
    }
  });

  it('a cursor that was edited, cut short or made up is a 400 that says to reload', async () => {
    const user = await service.signUp();
    await seed(user, TIMES);
    const { body } = await page(user, '?limit=2');
    const good = body.next_cursor ?? '';
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const id = '0b6f2f4e-2f1c-4a53-9d55-5b8f1d8b7c11';
    const bad = [
      good.slice(0, -3),
      `${good}%21`,
      'not a cursor',
      encode('just text'),
      encode({ c: '2026-11-20T10:00:01.123Z', i: id }),
      encode({ c: '2026-02-30T10:00:01.123456Z', i: id }),
      encode({ c: '2026-11-20T10:00:01.123456Z', i: 'x' }),
      encode({ s: 1, i: '12', m: 'and' }),
      'a'.repeat(600),
    ];
    for (const cursor of bad) {
      expect(await page(user, `?cursor=${encodeURIComponent(cursor)}`)).toEqual({
        status: 400,
        body: { error: UPLOADS_MESSAGES.badCursor, code: 'invalid_request' },
      });
    }
    expect(UPLOADS_MESSAGES.badCursor).toMatch(/reload/);
  });

  it("another user's documents never appear, not even through their cursor; a new user has none", async () => {
    const user = await service.signUp();
    const other = await service.signUp();
    await seed(user, TIMES);
    await seed(other, TIMES, 'theirs');
    const theirs = await page(other, '?limit=3');
    const ours = new Set(await newestFirst(user));
    // Their cursor is only a position: read by the user, it gives the user's documents after that point.
    const through = await page(user, `?limit=200&cursor=${theirs.body.next_cursor}`);
    expect(through.status).toBe(200);
    expect(through.body.documents.length).toBeGreaterThan(0);
    expect(through.body.documents.every((document) => ours.has(document.id))).toBe(true);
    expect(through.body.total).toBe(TIMES.length);
    const all = await allPages(user, 5, TIMES.length);
    expect(all.every((id) => ours.has(id))).toBe(true);
    const nobody = await service.signUp();
    expect(await page(nobody, '')).toEqual({
      status: 200,
      body: { documents: [], next_cursor: null, total: 0, has_sources: false },
    });
  });

  it('a page is read from the index documents_user_uploads, backwards, without a sort', async () => {
    const user = await service.signUp();
    await seed(user, TIMES);
    const after = { createdAt: '2026-11-20T10:00:02.500000Z', id: '0b6f2f4e-2f1c-4a53-9d55-5b8f1d8b7c11' };
    for (const shape of [{ limit: 51 }, { limit: 51, after }]) {
      const plan = await service.db.transaction().execute(async (tx) => {
        // The tables here are tiny, where a sequential scan is cheaper; taking it away shows whether
        // the index can answer the query in order, as it must at 48,000 documents.
        await sql`set local enable_seqscan = off`.execute(tx);
        const rows = await documentsPageQuery(tx, user.userId, shape).explain();
        return rows.map((row) => String(Object.values(row)[0])).join('\n');
      });
      expect(plan).toContain('Index Scan Backward using documents_user_uploads');
      expect(plan).not.toContain('Sort');
      if (shape.after !== undefined) expect(plan).toMatch(/Index Cond: .*ROW\(created_at, id\) < ROW\(/);
    }
  });
});
