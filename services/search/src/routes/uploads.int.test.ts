import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExtractionError, extractDocument } from '../extraction';
import { searchDb } from '../db/tables';
import { type SearchTestService, startSearchTestService } from '../testing/search-service';

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
  });

  it('the list and one document: name, type, size, parts, created_at, status, failure_reason', async () => {
    const user = await service.signUp();
    await service.upload(user, [{ name: 'first.txt', text: 'one' }]);
    await service.upload(user, [{ name: 'second.txt', text: 'two' }]);
    const list = await service.request(user, '/api/v1/uploads');
    expect(list.status).toBe(200);
    const { documents } = (await list.json()) as {
      documents: { id: string; name: string; created_at: string }[];
    };
    expect(documents.map((document) => document.name)).toEqual(['second.txt', 'first.txt']);
    expect(Number.isNaN(Date.parse(documents[0]?.created_at ?? ''))).toBe(false);
    const one = await service.request(user, `/api/v1/uploads/${documents[1]?.id}`);
    expect(await one.json()).toEqual({ document: documents[1] });
  });

  it('with the real extractor, an uploaded file becomes searchable', async () => {
    const user = await service.signUp();
    await service.upload(user, [
      { name: 'trip.md', type: 'text/markdown', text: '# Trip\n\nThe platypus swam at dawn.' },
    ]);
    const worker = service.worker(extractDocument);
    // Earlier tests queued jobs too; the queue is shared, so run it dry.
    while (await worker.runOnce()) {
      // Runs every queued job.
    }
    const res = await service.request(user, '/api/v1/search?q=platypus');
    const body = (await res.json()) as { results: { document: { name: string }; snippet: string }[] };
    expect(body.results[0]?.document.name).toBe('trip.md');
    expect(body.results[0]?.snippet).toContain('<mark>platypus</mark>');
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
        error: '"setup.exe" is not a type Trove can index: PDF, DOCX, TXT, Markdown, CSV, HTML or EML.',
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

describe('GET and DELETE /api/v1/uploads/:id', () => {
  it('404 for an id that is not a document of the user, or not an id at all', async () => {
    const user = await service.signUp();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '%00']) {
      expect((await service.request(user, `/api/v1/uploads/${id}`)).status).toBe(404);
      expect((await service.request(user, `/api/v1/uploads/${id}`, { method: 'DELETE' })).status).toBe(404);
    }
  });

  it('401 without a session', async () => {
    expect((await service.app.request('/api/v1/uploads')).status).toBe(401);
    expect((await service.app.request('/api/v1/search?q=x')).status).toBe(401);
  });
});
