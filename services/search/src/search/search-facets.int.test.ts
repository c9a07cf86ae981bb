import type { SearchResponse } from '@trove/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractDocument } from '../extraction';
import {
  indexFiles,
  type SearchTestService,
  type SignedInUser,
  startSearchTestService,
} from '../testing/search-service';

// Issue 42 item 4: counts beside every filter — who sent the matches (the ten who sent most) and when (years,
// months), over the whole match set rather than the page; a database's rows count as rows, not HTML.

let service: SearchTestService;
let user: SignedInUser;

const mail = (from: string, date: string, subject: string) =>
  `From: ${from}\r\nTo: Ravi <ravi@example.com>\r\nSubject: ${subject}\r\nDate: ${date}\r\n\r\nThe budget for ${subject}.\r\n`;

const corpus = [
  {
    name: 'a.eml',
    text: mail('Dana Wu <dana@example.com>', 'Mon, 02 Mar 2026 10:00:00 +0000', 'march budget'),
  },
  {
    name: 'b.eml',
    text: mail('Dana Wu <dana@example.com>', 'Tue, 03 Mar 2026 10:00:00 +0000', 'budget again'),
  },
  {
    name: 'c.eml',
    text: mail('Lee Park <lee@example.com>', 'Fri, 05 Dec 2025 10:00:00 +0000', 'budget plan'),
  },
  { name: 'd.html', text: '<html><body><p>budget row 42</p></body></html>' },
];

beforeAll(async () => {
  service = await startSearchTestService({ minAllWordResults: 1, maxFiles: 10 });
  user = await service.signUp();
  await indexFiles(service, user, corpus, extractDocument);
});

afterAll(async () => {
  await service?.close();
});

async function search(params: Record<string, string>): Promise<SearchResponse> {
  const res = await service.request(user, `/api/v1/search?${new URLSearchParams(params)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as SearchResponse;
}

describe('facets beyond kind and source', () => {
  it('senders (most first) and years and months (newest first) count the whole match set, not the page', async () => {
    const { facets, results } = await search({ q: 'budget', limit: '1' });
    expect(results).toHaveLength(1);
    expect(facets.sender).toEqual([
      { value: 'dana@example.com', label: 'Dana Wu', count: 2 },
      { value: 'lee@example.com', label: 'Lee Park', count: 1 },
    ]);
    expect(facets.year).toEqual([
      { value: '2026', count: 2 },
      { value: '2025', count: 1 },
    ]);
    expect(facets.month).toEqual([
      { value: '2026-03', count: 2 },
      { value: '2025-12', count: 1 },
    ]);
    // A sender's value is what from: takes.
    expect((await search({ q: 'budget from:dana@example.com' })).facets.sender).toEqual([
      { value: 'dana@example.com', label: 'Dana Wu', count: 2 },
    ]);
    // A search of operators alone counts the same way.
    expect((await search({ q: 'to:ravi' })).facets.month).toEqual([
      { value: '2026-03', count: 2 },
      { value: '2025-12', count: 1 },
    ]);
  });

  it("a database's rows count as rows, not HTML, and type=row keeps them", async () => {
    const source = await sql<{ id: string }>`
      insert into sources (user_id, kind, name, settings, secret)
      values (${user.userId}, 'postgres', 'Orders db', '{}'::jsonb, 'v1.x.y')
      returning id`.execute(service.db);
    const sourceId = source.rows[0]?.id ?? '';
    await sql`update documents set source_id = ${sourceId}
              where user_id = ${user.userId} and name = 'd.html'`.execute(service.db);
    try {
      const { facets } = await search({ q: 'budget' });
      expect(facets.type).toEqual([
        { value: 'eml', count: 3 },
        { value: 'row', count: 1 },
      ]);
      const rows = await search({ q: 'budget', type: 'row' });
      expect(rows.results.map((r) => r.document.name)).toEqual(['d.html']);
      expect((await search({ q: 'budget', type: 'html' })).results).toEqual([]);
      expect((await search({ q: 'type:eml' })).facets.type).toEqual([
        { value: 'eml', count: 3 },
        { value: 'row', count: 1 },
      ]);
    } finally {
      await sql`update documents set source_id = null where user_id = ${user.userId}`.execute(service.db);
      await sql`delete from sources where id = ${sourceId}`.execute(service.db);
    }
  });
});
