import {
  CHAT_MESSAGES,
  type Chat,
  ChatListResponseSchema,
  ChatResponseSchema,
  type ChatListResponse,
} from '@trove/contracts';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SearchTestService, type SignedInUser, startSearchTestService } from '../testing/search-service';

// The chat list's limits on real PostgreSQL (docs/decisions/015-chats.md, "Paging and a creation limit"):
// CHAT_CREATES_PER_MINUTE per user, and GET /api/v1/chats in keyset pages.

async function json(response: Response) {
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

function create(service: SearchTestService, user: SignedInUser, body: unknown = {}) {
  return service.request(user, '/api/v1/chats', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function newChat(service: SearchTestService, user: SignedInUser): Promise<Chat> {
  const created = await json(await create(service, user));
  expect(created.status).toBe(201);
  return ChatResponseSchema.parse(created.body).chat;
}

async function listPage(
  service: SearchTestService,
  user: SignedInUser,
  query = '',
): Promise<ChatListResponse> {
  const listed = await json(await service.request(user, `/api/v1/chats${query}`));
  expect(listed.status, JSON.stringify(listed.body)).toBe(200);
  return ChatListResponseSchema.parse(listed.body);
}

/** Every page of the list, `limit` at a time, following next_cursor to the end. */
async function everyPage(service: SearchTestService, user: SignedInUser, limit: number) {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const query: string = `?limit=${limit}${cursor === null ? '' : `&cursor=${cursor}`}`;
    const page = await listPage(service, user, query);
    pages.push(page.chats.map((chat) => chat.id));
    cursor = page.next_cursor;
  } while (cursor !== null && pages.length < 50);
  return pages;
}

describe('CHAT_CREATES_PER_MINUTE', () => {
  let service: SearchTestService;
  beforeAll(async () => {
    service = await startSearchTestService({ chats: { createsPerMinute: 3 }, product: 'Acme Search' });
  });
  afterAll(async () => {
    await service?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('past the limit a new chat is a 429 with retry_after and the message, and nothing is created', async () => {
    const ann = await service.signUp();
    // A request the service refuses as malformed does not spend the allowance.
    expect((await create(service, ann, { title: '' })).status).toBe(400);
    for (let made = 0; made < 3; made += 1) await newChat(service, ann);

    const refused = await create(service, ann);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    const body = await refused.json();
    expect(body).toEqual({
      error: CHAT_MESSAGES.createsTooFast('Acme Search'),
      code: 'rate_limited',
      retry_after: expect.any(Number),
    });
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.retry_after).toBeLessThanOrEqual(60);
    expect((await listPage(service, ann)).chats).toHaveLength(3);

    // Per user: Bob's allowance is his own.
    const bob = await service.signUp();
    await newChat(service, bob);
  });

  it('allows new chats again once the minute has passed', async () => {
    const ann = await service.signUp();
    for (let made = 0; made < 3; made += 1) await newChat(service, ann);
    expect((await create(service, ann)).status).toBe(429);

    // The limiter reads the clock in process (Date.now); only Date is faked, so timers and I/O run as usual.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    await newChat(service, ann);
    expect((await listPage(service, ann)).chats).toHaveLength(4);
  });
});

describe('GET /api/v1/chats pages', () => {
  let service: SearchTestService;
  let ann: SignedInUser;
  let bob: SignedInUser;
  /** Ann's chats in the order the list must give them. */
  let expected: string[];
  let bobs: string[];

  /** Sets a chat's last activity to a time PostgreSQL holds to the microsecond. */
  const activeAt = (chatId: string, at: string) =>
    sql`update chats set updated_at = ${at}::timestamptz where id = ${chatId}::uuid`.execute(service.db);

  beforeAll(async () => {
    service = await startSearchTestService({ chats: { createsPerMinute: 10_000 } });
    ann = await service.signUp();
    bob = await service.signUp();
    const chats: Chat[] = [];
    for (let made = 0; made < 9; made += 1) chats.push(await newChat(service, ann));
    bobs = [];
    for (let made = 0; made < 3; made += 1) bobs.push((await newChat(service, bob)).id);

    // Ties and near-ties are where a keyset cursor goes wrong: two chats active at the same instant (the id
    // breaks the tie), and three within one millisecond, which a cursor rounded to milliseconds would skip.
    const times = [
      '2026-11-20T10:00:00.000000Z',
      '2026-11-20T10:00:00.000000Z',
      '2026-11-20T09:00:00.123456Z',
      '2026-11-20T09:00:00.123400Z',
      '2026-11-20T09:00:00.123001Z',
      '2026-11-19T12:00:00.000000Z',
      '2026-11-19T12:00:00.000000Z',
      '2026-11-18T08:30:00.500000Z',
      '2026-11-01T00:00:00.000001Z',
    ];
    const rows = chats.map((chat, index) => ({ id: chat.id, at: times[index] ?? '' }));
    for (const row of rows) await activeAt(row.id, row.at);
    // One of Bob's chats is older than all of Ann's, so a cursor of Ann's would reach it.
    await activeAt(bobs[2] ?? '', '2026-10-01T00:00:00.000000Z');
    // uuid order in PostgreSQL is the order of their lower-case hex text.
    expected = rows
      .sort((a, b) => (a.at === b.at ? b.id.localeCompare(a.id) : b.at.localeCompare(a.at)))
      .map((row) => row.id);
  });
  afterAll(async () => {
    await service?.close();
  });

  it('gives every chat once, most recent activity first, however small the pages', async () => {
    for (const limit of [1, 2, 4, 9, 100]) {
      const pages = await everyPage(service, ann, limit);
      expect(pages.flat(), `limit ${limit}`).toEqual(expected);
      expect(pages.every((page) => page.length <= limit)).toBe(true);
    }
  });

  it('pages default to 30, and the last page says there is no next one', async () => {
    const page = await listPage(service, ann);
    expect(page.chats.map((chat) => chat.id)).toEqual(expected);
    expect(page.next_cursor).toBeNull();
    const exact = await listPage(service, ann, '?limit=9');
    expect(exact.next_cursor).toBeNull();
    const short = await listPage(service, ann, '?limit=8');
    expect(short.next_cursor).not.toBeNull();
  });

  it('a chat that becomes active while paging moves to the top and the rest are neither repeated nor skipped', async () => {
    const first = await listPage(service, ann, '?limit=3');
    const moved = expected[6] ?? '';
    const renamed = await service.request(ann, `/api/v1/chats/${moved}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Now active' }),
    });
    expect(renamed.status).toBe(200);
    const rest = await listPage(service, ann, `?limit=100&cursor=${first.next_cursor}`);
    expect(rest.chats.map((chat) => chat.id)).toEqual(expected.slice(3).filter((id) => id !== moved));
    expect((await listPage(service, ann, '?limit=1')).chats[0]?.id).toBe(moved);
    await activeAt(moved, '2026-11-19T12:00:00.000000Z');
  });

  it('a bad limit or a tampered cursor is a 400 with a message', async () => {
    const page = await listPage(service, ann, '?limit=2');
    const cursor = page.next_cursor ?? '';
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, string>;
    const edited = Buffer.from(JSON.stringify({ ...decoded, u: "2026-11-20' or '1'='1" })).toString(
      'base64url',
    );
    for (const [query, message] of [
      ['?limit=0', CHAT_MESSAGES.badLimit],
      ['?limit=101', CHAT_MESSAGES.badLimit],
      ['?limit=ten', CHAT_MESSAGES.badLimit],
      [`?cursor=${cursor.slice(0, -3)}`, CHAT_MESSAGES.badCursor],
      [`?cursor=${edited}`, CHAT_MESSAGES.badCursor],
      ['?cursor=%25%00', CHAT_MESSAGES.badCursor],
      ['?cursor=', CHAT_MESSAGES.badCursor],
      [`?cursor=${'a'.repeat(600)}`, CHAT_MESSAGES.badCursor],
    ] as const) {
      const refused = await json(await service.request(ann, `/api/v1/chats${query}`));
      expect(refused, query).toEqual({ status: 400, body: { error: message, code: 'invalid_request' } });
    }
  });

  it('each user pages through their own chats only, whatever cursor they send', async () => {
    const annsPages = (await everyPage(service, ann, 4)).flat();
    expect(annsPages.filter((id) => bobs.includes(id))).toEqual([]);
    expect((await everyPage(service, bob, 2)).flat().sort()).toEqual([...bobs].sort());

    // Ann's cursor is only a position: in Bob's hands it pages Bob's chats, never Ann's.
    const annsCursor = (await listPage(service, ann, '?limit=1')).next_cursor;
    const withAnnsCursor = await listPage(service, bob, `?limit=100&cursor=${annsCursor}`);
    expect(withAnnsCursor.chats.map((chat) => chat.id)).toEqual([bobs[2]]);
    expect((await json(await service.request(undefined, '/api/v1/chats?limit=1'))).status).toBe(401);
  });
});
