import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_KINDS } from '@trove/contracts';
import {
  paragraphExtractor,
  type SearchTestService,
  type SignedInUser,
  startSearchTestService,
} from '../testing/search-service';

// Issue 10 "Search API": zod-validated; empty or absurd queries get a clear 400 or an empty result,
// never a 5xx — the named cases, then random query strings (fast-check).

let service: SearchTestService;
let user: SignedInUser;

beforeAll(async () => {
  service = await startSearchTestService();
  user = await service.signUp();
  await service.upload(user, [{ name: 'a.txt', text: 'kiwi mango\n\nthe quick brown fox & co' }]);
  const worker = service.worker(paragraphExtractor);
  while (await worker.runOnce()) {
    // Runs every queued job.
  }
});

afterAll(async () => {
  await service?.close();
});

const get = (query: string) => service.request(user, `/api/v1/search?${query}`);

describe('GET /api/v1/search input', () => {
  it.each([
    ['', 'Enter something to search for.'],
    ['q=', 'Enter something to search for.'],
    ['q=%20%20', 'Enter something to search for.'],
    ['q=%00%01', 'Enter something to search for.'],
    [`q=${'a'.repeat(501)}`, 'Search for at most 500 characters.'],
    ['q=kiwi&limit=0', 'Limit must be a whole number from 1 to 50.'],
    ['q=kiwi&limit=51', 'Limit must be a whole number from 1 to 50.'],
    ['q=kiwi&limit=abc', 'Limit must be a whole number from 1 to 50.'],
    ['q=kiwi&type=exe', `Type must be one of ${SEARCH_KINDS.join(', ')}.`],
    ['q=kiwi&from=2026-13-01', 'Dates must be written YYYY-MM-DD.'],
    ['q=kiwi&from=2026-02-02&to=2026-02-01', '"date_from" must not be after "date_to".'],
    ['q=kiwi&date_from=2026-02-02&date_to=2026-02-01', '"date_from" must not be after "date_to".'],
    ['q=kiwi&cursor=garbage!', 'This page link is no longer valid; search again.'],
    ['q=kiwi&cursor=eyJzIjoxfQ', 'This page link is no longer valid; search again.'],
    ['q=kiwi&amount_min=-5', 'Amounts must be numbers such as 10000 or 99.50, not negative.'],
    ['q=kiwi&amount_max=1e9', 'Amounts must be numbers such as 10000 or 99.50, not negative.'],
    ['q=kiwi&amount_min=10&amount_max=9', '"amount_min" must not be more than "amount_max".'],
    ['q=kiwi&currency=XYZ', 'Currency must be a code such as INR, USD, EUR or GBP (or ₹, $, €, £).'],
    [`q=kiwi&entity=${'x'.repeat(101)}`, 'A person or organisation name is 1 to 100 characters.'],
    ['q=kiwi&entity=%20', 'A person or organisation name is 1 to 100 characters.'],
  ])('%s → 400 "%s"', async (query, message) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: message, code: 'invalid_request' });
  });

  it('operators, quotes and punctuation are just words: "fox & (co | !kiwi)" finds the passage', async () => {
    const res = await get(`q=${encodeURIComponent('fox & (co | !kiwi) :* <->')}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { results: { passage: { location: string } }[] };
    expect(body.results[0]?.passage.location).toBe('paragraph 2');
  });

  it('random query strings never cause a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          q: fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 })),
          limit: fc.option(
            fc.oneof(fc.integer({ min: -5, max: 80 }).map(String), fc.string({ maxLength: 4 })),
          ),
          type: fc.option(fc.constantFrom('pdf', 'md', 'txt', 'x')),
          cursor: fc.option(fc.string({ maxLength: 30 })),
          amount_min: fc.option(fc.oneof(fc.double().map(String), fc.string({ maxLength: 8 }))),
          amount_max: fc.option(fc.oneof(fc.nat().map(String), fc.string({ maxLength: 8 }))),
          currency: fc.option(
            fc.oneof(fc.constantFrom('INR', '₹', '$', 'usd', 'XYZ'), fc.string({ maxLength: 4 })),
          ),
          entity: fc.option(
            fc.oneof(fc.string({ maxLength: 20 }), fc.string({ unit: 'binary', maxLength: 20 })),
          ),
          from: fc.option(fc.constantFrom('2026-01-01', '2026-02-30', 'x')),
        }),
        async ({ q, limit, type, cursor, ...filters }) => {
          const params = new URLSearchParams({ q });
          if (limit !== null) params.set('limit', limit);
          if (type !== null) params.set('type', type);
          if (cursor !== null) params.set('cursor', cursor);
          for (const [name, value] of Object.entries(filters)) if (value !== null) params.set(name, value);
          const res = await get(params.toString());
          expect(res.status === 200 || res.status === 400).toBe(true);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('SEARCH_REQUESTS_PER_MINUTE (issue 18 item 7)', () => {
  it('past the minute’s allowance a user gets a 429 with retry_after; another user is not affected', async () => {
    const limited = await startSearchTestService({ searchesPerMinute: 3 });
    try {
      const ann = await limited.signUp();
      const bob = await limited.signUp();
      for (let index = 0; index < 3; index += 1) {
        expect((await limited.request(ann, '/api/v1/search?q=kiwi')).status).toBe(200);
      }
      const refused = await limited.request(ann, '/api/v1/search?q=kiwi');
      expect(refused.status).toBe(429);
      const body = (await refused.json()) as { error: string; retry_after: number };
      expect(body.error).toBe('You are searching faster than Trove allows. Wait a moment and search again.');
      expect(body.retry_after).toBeGreaterThan(0);
      expect((await limited.request(bob, '/api/v1/search?q=kiwi')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
