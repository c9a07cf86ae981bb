import {
  isDatabaseRow,
  PassageContextResponseSchema,
  type SearchResponse,
  SearchResponseSchema,
} from '@trove/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractDocument } from '../extraction';
import {
  indexFiles,
  type SearchTestService,
  type SignedInUser,
  startSearchTestService,
} from '../testing/search-service';

// Issue 21, "a result opens the message in context with its folder": a document a source brought in
// carries the source's name and the message's folder (source_documents, docs/decisions/170) in the search result and in the
// passage-in-context answer; an upload carries none.

let service: SearchTestService;
let user: SignedInUser;
let mailId: string;
let rowId: string;

const eml = [
  'From: Priya Sharma <priya@acme.test>',
  'To: Ravi Kumar <ravi@example.test>',
  'Subject: Kumquat delivery',
  'Message-ID: <kumquat-1@acme.test>',
  '',
  'The kumquat delivery arrives on Tuesday.',
  '',
].join('\r\n');

beforeAll(async () => {
  service = await startSearchTestService({ minAllWordResults: 1 });
  user = await service.signUp();
  [mailId = '', , rowId = ''] = await indexFiles(
    service,
    user,
    [
      { name: 'kumquat-delivery.eml', text: eml },
      { name: 'kumquats.txt', text: 'A kumquat list of my own, uploaded.' },
      { name: 'invoices-42.html', text: '<h1>Invoice 42</h1><p>Item: kumquat crate</p>' },
    ],
    extractDocument,
  );
  // What a mailbox sync writes: the document owned by its source, and where the message is filed.
  await fileUnder({ kind: 'imap', name: 'Work mail', settings: '{"email":"ravi@example.test"}' }, mailId, {
    key: 'mid:kumquat',
    folder: 'INBOX',
  });
  // What a database sync writes (issue 22): a row stored as HTML, its table as the folder.
  await fileUnder({ kind: 'postgres', name: 'Billing', settings: '{}' }, rowId, {
    key: 'row:42',
    folder: 'invoices',
  });
});

afterAll(async () => {
  await service?.close();
});

/** A new source of `source.kind` owns the document, filed at `place` as its sync would have filed it. */
async function fileUnder(
  source: { kind: string; name: string; settings: string },
  documentId: string,
  place: { key: string; folder: string },
): Promise<void> {
  const inserted = await sql<{ id: string }>`
    insert into sources (user_id, kind, name, settings, secret)
    values (${user.userId}, ${source.kind}, ${source.name}, ${source.settings}::jsonb, 'v1.x.y')
    returning id`.execute(service.db);
  const sourceId = inserted.rows[0]?.id ?? '';
  await sql`update documents set source_id = ${sourceId} where id = ${documentId}`.execute(service.db);
  await sql`insert into source_documents (source_id, user_id, item_key, folder, document_id)
            values (${sourceId}, ${user.userId}, ${place.key}, ${place.folder}, ${documentId})`.execute(
    service.db,
  );
}

async function search(q: string): Promise<SearchResponse> {
  const res = await service.request(user, `/api/v1/search?${new URLSearchParams({ q })}`);
  expect(res.status).toBe(200);
  return SearchResponseSchema.parse(await res.json());
}

describe('where a document came from', () => {
  it('a search result names the source and folder of a message, and nothing for an upload', async () => {
    const { results } = await search('kumquat');
    const byName = new Map(results.map((result) => [result.document.name, result.document.source]));
    expect(byName.get('kumquat-delivery.eml')).toEqual({ name: 'Work mail', folder: 'INBOX', kind: 'imap' });
    expect(byName.get('kumquats.txt')).toBeNull();
    // A row is stored as HTML but says it is a database's row (shown as "Row", not "HTML").
    const row = byName.get('invoices-42.html');
    expect(row).toEqual({ name: 'Billing', folder: 'invoices', kind: 'postgres' });
    expect(isDatabaseRow(row)).toBe(true);
    expect(isDatabaseRow(byName.get('kumquat-delivery.eml'))).toBe(false);
  });

  it('the passage in context names them too', async () => {
    const { results } = await search('kumquat');
    const context = async (name: string) => {
      const passageId = results.find((result) => result.document.name === name)?.passage.id;
      const res = await service.request(user, `/api/v1/passages/${passageId}`);
      expect(res.status).toBe(200);
      return PassageContextResponseSchema.parse(await res.json()).document;
    };
    expect((await context('kumquat-delivery.eml')).source).toEqual({
      name: 'Work mail',
      folder: 'INBOX',
      kind: 'imap',
    });
    expect((await context('invoices-42.html')).source?.kind).toBe('postgres');
    expect((await context('kumquats.txt')).source).toBeNull();
  });
});
