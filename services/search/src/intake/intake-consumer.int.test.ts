import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchDb } from '../db/tables';
import { type SearchTestService, type SignedInUser, startSearchTestService } from '../testing/search-service';
import { drainIntake } from './intake-consumer';
import { oldestIntake } from './intake.repository';

// The drain's reading of the intake (docs/decisions/241): a raw item's bytes stay in PostgreSQL — its document's
// original is copied from the intake row by the insert — while an inline row's body is read to be indexed here.

let service: SearchTestService;
let user: SignedInUser;
let sourceId: string;

beforeAll(async () => {
  service = await startSearchTestService();
  user = await service.signUp();
  sourceId = randomUUID();
  await searchDb(service.db)
    .insertInto('sources')
    .values({ id: sourceId, user_id: user.userId, kind: 'imap', name: 'Mail', settings: '{}', secret: '' })
    .execute();
});

afterAll(async () => {
  await service?.close();
});

const message = (subject: string) =>
  Buffer.from(`From: Ann <ann@example.test>\r\nSubject: ${subject}\r\n\r\nThe ${subject} body.\r\n`);

describe('the intake drain', () => {
  it('reads an inline row’s body, never a raw item’s, and stores the raw bytes byte for byte', async () => {
    const raw = Buffer.concat([message('Quarterly figures'), Buffer.from([0, 255, 128, 10])]);
    const html = Buffer.from('<table><tr><th>id</th><td>7</td></tr></table>');
    await searchDb(service.db)
      .insertInto('source_intake')
      .values([
        {
          source_id: sourceId,
          user_id: user.userId,
          op: 'put',
          item_key: 'm1',
          folder: 'INBOX',
          name: 'm1.eml',
          media_type: 'message/rfc822',
          format: 'eml',
          body: raw,
        },
        {
          source_id: sourceId,
          user_id: user.userId,
          op: 'put',
          item_key: 'r7',
          folder: 'rows',
          name: 'Row 7',
          media_type: 'text/html',
          format: 'html',
          body: html,
          inline: true,
        },
      ])
      .execute();

    const rows = await oldestIntake(service.db, 10, 1024 * 1024);
    expect(rows.map((row) => [row.key, row.body?.toString() ?? null, row.size])).toEqual([
      ['m1', null, raw.length],
      ['r7', html.toString(), html.length],
    ]);

    expect(await drainIntake(service.db)).toEqual({ rows: 2, queued: 1 });
    const documents = await searchDb(service.db)
      .selectFrom('documents')
      .select(['name', 'size_bytes', 'original', 'status'])
      .where('source_id', '=', sourceId)
      .orderBy('size_bytes', 'desc')
      .execute();
    expect(documents.map((d) => [d.name, d.size_bytes, d.status])).toEqual([
      ['m1.eml', raw.length, 'queued'],
      ['Row 7', html.length, 'indexed'],
    ]);
    expect(Buffer.compare(Buffer.from(documents[0]?.original ?? []), raw)).toBe(0);
    expect(Buffer.compare(Buffer.from(documents[1]?.original ?? []), html)).toBe(0);
    expect(await oldestIntake(service.db, 10, 1024 * 1024)).toEqual([]);
  });

  it('applies a batch in id order, also across a power of ten', async () => {
    // A put, then the delete of the same key: by text, id 10000000 came before 9999999 and the row stayed.
    const html = Buffer.from('<table><tr><th>id</th><td>8</td></tr></table>');
    const row = { source_id: sourceId, user_id: user.userId, item_key: 'r8', folder: 'rows' };
    await searchDb(service.db)
      .insertInto('source_intake')
      .values([
        {
          ...row,
          id: '9999999',
          op: 'put',
          name: 'Row 8',
          media_type: 'text/html',
          format: 'html',
          body: html,
          inline: true,
        },
        { ...row, id: '10000000', op: 'delete' },
      ])
      .execute();
    expect(await drainIntake(service.db)).toEqual({ rows: 2, queued: 0 });
    const left = await searchDb(service.db)
      .selectFrom('source_documents')
      .select('document_id')
      .where('source_id', '=', sourceId)
      .where('item_key', '=', 'r8')
      .execute();
    expect(left).toEqual([]);
  });
});
