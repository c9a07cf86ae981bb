import type { SearchResponse } from '@trove/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractDocument } from '../extraction';
import {
  indexFiles,
  type SearchTestService,
  type SignedInUser,
  startSearchTestService,
} from '../testing/search-service';

// Issue 42, "Bad input": each answers with a clear 4xx, or a capped result that says what was capped — never a
// 500. (A prefix standing for more words than PREFIX_EXPANSIONS: search.int.test.ts, "many short lists…".)

let service: SearchTestService;
let user: SignedInUser;

beforeAll(async () => {
  service = await startSearchTestService({ minAllWordResults: 1, maxFiles: 10 });
  user = await service.signUp();
  await indexFiles(
    service,
    user,
    [{ name: 'a.txt', text: 'Invoice inventory investor notes from the mortgage desk.' }],
    extractDocument,
  );
});

afterAll(async () => {
  await service?.close();
});

const ask = (q: string) => service.request(user, `/api/v1/search?${new URLSearchParams({ q })}`);

describe('bad input', () => {
  it('`*` alone asks for something to search for; `a*` for a second letter', async () => {
    const star = await ask('*');
    expect(star.status).toBe(400);
    expect((await star.json()).code).toBe('invalid_request');
    const one = await ask('a*');
    expect(one.status).toBe(400);
    expect((await one.json()).error).toBe('word* needs at least 2 letters before the *.');
  });

  it('a prefix is answered with what it stood for', async () => {
    const res = await ask('inv*');
    expect(res.status).toBe(200);
    const body = (await res.json()) as SearchResponse;
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.prefixes?.[0]).toMatchObject({ prefix: 'inv', capped: false });
  });

  it('fifty operators are read, the last of each kind winning, never a 500', async () => {
    const q = Array.from({ length: 50 }, (_, at) => (at % 2 === 0 ? `from:p${at}` : `subject:w${at}`)).join(
      ' ',
    );
    const res = await ask(q.slice(0, 500));
    expect(res.status).toBe(200);
    expect(((await res.json()) as SearchResponse).results).toEqual([]);
  });

  it('control characters are spaces', async () => {
    const res = await ask('mort\u0000gage\u0007 invoice\u001b');
    expect(res.status).toBe(200);
  });

  it('a query of misspelt words as long as a query may be corrects its first few and answers', async () => {
    const q = Array.from({ length: 80 }, (_, at) => `mortgaeg${String.fromCharCode(97 + (at % 26))}`)
      .join(' ')
      .slice(0, 500);
    const res = await ask(q);
    expect(res.status).toBe(200);
    // Longer than a query may be: a 400 that says the limit.
    const long = await ask('mortgaeg '.repeat(100));
    expect(long.status).toBe(400);
  });
});
