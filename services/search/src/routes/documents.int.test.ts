import { randomUUID } from 'node:crypto';
import { DocumentViewSchema } from '@trove/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchDb } from '../db/tables';
import { extractDocument } from '../extraction';
import { renderRow } from '@trove/service-core/records';
import { documentPassages } from '../documents/document-view.repository';
import {
  indexFiles,
  paragraphExtractor,
  type SearchTestService,
  type SignedInUser,
  startSearchTestService,
} from '../testing/search-service';

// Issue 38 item 1: GET /api/v1/documents/:id — one document as a whole for its page, the owner's only.

let service: SearchTestService;
let owner: SignedInUser;
let stranger: SignedInUser;

beforeAll(async () => {
  service = await startSearchTestService({ maxFiles: 10 });
  owner = await service.signUp();
  stranger = await service.signUp();
});

afterAll(async () => {
  await service?.close();
});

const view = async (user: SignedInUser, path: string) => {
  const res = await service.request(user, `/api/v1/documents/${path}`);
  return { status: res.status, body: (await res.json()) as unknown };
};

describe('GET /api/v1/documents/:id', () => {
  it('a file: every passage in order with its place; the original downloads as an attachment', async () => {
    const [id] = await indexFiles(
      service,
      owner,
      [{ name: 'notes.txt', text: 'Quince orchard\n\nSecond paragraph\n\nThird <b>one</b>' }],
      paragraphExtractor,
    );
    const { status, body } = await view(owner, id ?? '');
    expect(status).toBe(200);
    const document = DocumentViewSchema.parse(body);
    expect(document.shape).toBe('file');
    expect(document.document).toMatchObject({
      id,
      name: 'notes.txt',
      type: 'txt',
      source: null,
      parent: null,
    });
    expect(document.passages.map((p) => [p.location, p.text])).toEqual([
      ['paragraph 1', 'Quince orchard'],
      ['paragraph 2', 'Second paragraph'],
      ['paragraph 3', 'Third <b>one</b>'],
    ]);
    expect(document.passages_total).toBe(3);
    const original = await service.request(owner, `/api/v1/documents/${id}/original`);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-disposition')).toBe(
      `attachment; filename="notes.txt"; filename*=UTF-8''notes.txt`,
    );
    expect(original.headers.get('content-type')).toBe('application/octet-stream');
    expect(await original.text()).toContain('Quince orchard');
  });

  it("another user's document, a made-up id and a malformed one are the same 404", async () => {
    const [id] = await indexFiles(
      service,
      owner,
      [{ name: 'mine.txt', text: 'Mine alone' }],
      paragraphExtractor,
    );
    for (const path of [id, `${id}/original`, randomUUID(), 'not-a-uuid', `${randomUUID()}/original`]) {
      const { status, body } = await view(stranger, path ?? '');
      expect(status).toBe(404);
      expect(body).toEqual({ error: 'Not found', code: 'not_found' });
    }
    expect((await service.request(undefined, `/api/v1/documents/${id}`)).status).toBe(401);
  });

  it('a bad passage id is a 400 naming it; a long document is read around the passage asked for', async () => {
    const paragraphs = Array.from({ length: 30 }, (_, index) => `Paragraph number ${index + 1}`);
    const [id] = await indexFiles(
      service,
      owner,
      [{ name: 'long.txt', text: paragraphs.join('\n\n') }],
      paragraphExtractor,
    );
    const bad = await view(owner, `${id}?passage=abc`);
    expect(bad).toEqual({
      status: 400,
      body: { error: 'passage must be a passage id', code: 'invalid_request' },
    });
    const whole = DocumentViewSchema.parse((await view(owner, id ?? '')).body);
    const twentieth = whole.passages[19];
    expect(twentieth?.text).toBe('Paragraph number 20');
    // A window of 9 (DOCUMENT_VIEW_PASSAGES): the passage a third of the way in, the total still 30.
    const around = await documentPassages(service.db, owner.userId, id ?? '', 9, twentieth?.id);
    expect(around.total).toBe(30);
    expect(around.passages.map((p) => p.body)).toEqual(paragraphs.slice(16, 25).map((text) => text));
    // Another document's passage id opens at the start.
    const other = await documentPassages(service.db, owner.userId, id ?? '', 9, '999999');
    expect(other.passages[0]?.body).toBe('Paragraph number 1');
  });

  it('a message: its headers, its body and its attachment, which opens as a document of its own', async () => {
    const csv = Buffer.from('item,amount\nPersimmon crates,12000\n').toString('base64');
    const eml = [
      'From: Priya Raman <priya@acme.test>',
      'To: Ravi <ravi@globex.test>, ops@globex.test',
      'Cc: audit@globex.test',
      'Subject: March figures',
      'Date: Tue, 03 Mar 2026 09:30:00 +0000',
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain',
      '',
      'See the attached sheet.',
      '--b',
      'Content-Type: text/csv; name="lines.csv"',
      'Content-Disposition: attachment; filename="lines.csv"',
      'Content-Transfer-Encoding: base64',
      '',
      csv,
      '--b--',
    ].join('\r\n');
    const [id] = await indexFiles(service, owner, [{ name: 'march.eml', text: eml }], extractDocument);
    const message = DocumentViewSchema.parse((await view(owner, id ?? '')).body);
    expect(message.shape).toBe('message');
    expect(message.message).toEqual({
      from: 'Priya Raman <priya@acme.test>',
      to: ['Ravi <ravi@globex.test>', 'ops@globex.test'],
      cc: ['audit@globex.test'],
      date: '2026-03-03T09:30:00.000Z',
      subject: 'March figures',
    });
    expect(message.passages.map((p) => p.text).join(' ')).toContain('See the attached sheet.');
    expect(message.attachments.map((a) => [a.name, a.type])).toEqual([['lines.csv', 'csv']]);
    const attachment = DocumentViewSchema.parse((await view(owner, message.attachments[0]?.id ?? '')).body);
    expect(attachment.document.parent).toMatchObject({ id, title: 'March figures', type: 'eml' });
  });

  it('a database row: every column as a table, with its source and table', async () => {
    const sourceId = randomUUID();
    const db = searchDb(service.db);
    await db
      .insertInto('sources')
      .values({
        id: sourceId,
        user_id: owner.userId,
        kind: 'postgres',
        name: 'Billing',
        settings: JSON.stringify({ mapping: { table: 'invoices' } }),
        secret: '',
      })
      .execute();
    const rendered = renderRow(
      { id: '42', title: 'ACME & Co <Ltd>', amount: '1200.50', notes: 'line one\nline two', blob: null },
      {
        table: 'invoices',
        id_column: 'id',
        title_column: 'title',
        body_columns: ['amount', 'notes'],
        changed_at_column: null,
      },
      [
        { name: 'id', type: 'integer' },
        { name: 'title', type: 'text' },
        { name: 'amount', type: 'numeric' },
        { name: 'notes', type: 'text' },
      ],
    );
    const { id } = await db
      .insertInto('documents')
      .values({
        user_id: owner.userId,
        name: rendered.name,
        title: rendered.title,
        media_type: 'text/html',
        kind: 'html',
        size_bytes: rendered.html.length,
        original: rendered.html,
        status: 'indexed',
        source_id: sourceId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = DocumentViewSchema.parse((await view(owner, id)).body);
    expect(row.shape).toBe('row');
    expect(row.document.source).toMatchObject({ name: 'Billing', kind: 'postgres' });
    expect(row.row?.source).toBe('Billing');
    expect(row.row?.table).toBe('invoices');
    const columns = Object.fromEntries((row.row?.columns ?? []).map((c) => [c.name, c.value]));
    expect(columns).toMatchObject({ Title: 'ACME & Co <Ltd>', Notes: 'line one\nline two' });
    expect(Object.keys(columns).length).toBeGreaterThanOrEqual(4);
    expect((await view(stranger, id)).status).toBe(404);
  });
});
