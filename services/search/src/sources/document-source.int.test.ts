import { PassageContextResponseSchema, type SearchResponse, SearchResponseSchema } from '@trove/contracts';
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
// carries the source's name and the message's folder (source_messages) in the search result and in the
// passage-in-context answer; an upload carries none.

let service: SearchTestService;
let user: SignedInUser;
let mailId: string;

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
  [mailId = ''] = await indexFiles(
    service,
    user,
    [
      { name: 'kumquat-delivery.eml', text: eml },
      { name: 'kumquats.txt', text: 'A kumquat list of my own, uploaded.' },
    ],
    extractDocument,
  );
  // What a mailbox sync writes: the document owned by its source, and where the message is filed.
  const source = await sql<{ id: string }>`
    insert into sources (user_id, kind, name, settings, secret)
    values (${user.userId}, 'imap', 'Work mail', '{"email":"ravi@example.test"}'::jsonb, 'v1.x.y')
    returning id`.execute(service.db);
  const sourceId = source.rows[0]?.id ?? '';
  await sql`update documents set source_id = ${sourceId} where id = ${mailId}`.execute(service.db);
  await sql`insert into source_messages (source_id, user_id, item_key, folder, uid, document_id)
            values (${sourceId}, ${user.userId}, 'mid:kumquat', 'INBOX', 7, ${mailId})`.execute(service.db);
});

afterAll(async () => {
  await service?.close();
});

async function search(q: string): Promise<SearchResponse> {
  const res = await service.request(user, `/api/v1/search?${new URLSearchParams({ q })}`);
  expect(res.status).toBe(200);
  return SearchResponseSchema.parse(await res.json());
}

describe('where a document came from', () => {
  it('a search result names the source and folder of a message, and nothing for an upload', async () => {
    const { results } = await search('kumquat');
    const byName = new Map(results.map((result) => [result.document.name, result.document.source]));
    expect(byName.get('kumquat-delivery.eml')).toEqual({ name: 'Work mail', folder: 'INBOX' });
    expect(byName.get('kumquats.txt')).toBeNull();
  });

  it('the passage in context names them too', async () => {
    const { results } = await search('kumquat');
    const context = async (name: string) => {
      const passageId = results.find((result) => result.document.name === name)?.passage.id;
      const res = await service.request(user, `/api/v1/passages/${passageId}`);
      expect(res.status).toBe(200);
      return PassageContextResponseSchema.parse(await res.json()).document;
    };
    expect((await context('kumquat-delivery.eml')).source).toEqual({ name: 'Work mail', folder: 'INBOX' });
    expect((await context('kumquats.txt')).source).toBeNull();
  });
});
