import { type SearchResponse, SearchQuerySchema, snippetText } from '@trove/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { corpusStats, replacePassages } from '../documents/documents.repository';
import type { ExtractionWorker, Extractor } from '../jobs/extraction-worker';
import {
  bodyOnly,
  paragraphExtractor,
  type SearchTestService,
  type SignedInUser,
  listsOfUser,
  startSearchTestService,
} from '../testing/search-service';
import { bm25fFrequency, bm25fTermScore, bm25Idf } from './bm25';
import { decodePage, PAGE_LIST_LIMIT, weightByte, weightOf } from './posting-lists';
import { PREFIX_EXPANSIONS } from './plan';
import { EXACT_FORM_BONUS, EXACT_FORM_WINDOW } from './rank';
import { search as searchService } from './search.service';

// Issue 10 "Index and ranking": BM25 as computed by hand, its orderings, AND relaxed to OR, user
// isolation and deletion, through the real API on a real PostgreSQL. Words are chosen so the english
// stemmer maps each to a lexeme of its own and none is a stop word: a passage's length is its word count.

let service: SearchTestService;
let worker: ExtractionWorker;

// "date: YYYY-MM-DD" on the first line is the document's date (the real extractor reads it from content).
const datedExtractor: Extractor = async (input) => {
  const extracted = await paragraphExtractor(input);
  const date = /^date: (\d{4}-\d{2}-\d{2})/.exec(new TextDecoder().decode(input.bytes))?.[1] ?? null;
  return {
    ...extracted,
    documentDate: date,
    passages: extracted.passages.filter((passage) => !passage.text.startsWith('date:')),
  };
};

beforeAll(async () => {
  service = await startSearchTestService({ minAllWordResults: 2 });
  worker = service.worker(datedExtractor);
});

afterAll(async () => {
  await service?.close();
});

async function index(user: SignedInUser, files: { name: string; text: string }[]): Promise<string[]> {
  const res = await service.upload(user, files);
  expect(res.status).toBe(202);
  const { documents } = (await res.json()) as { documents: { id: string }[] };
  while (await worker.runOnce()) {
    // Runs every queued job.
  }
  return documents.map((document) => document.id);
}

async function search(user: SignedInUser, params: Record<string, string>): Promise<SearchResponse> {
  const res = await service.request(user, `/api/v1/search?${new URLSearchParams(params)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as SearchResponse;
}

const texts = (response: SearchResponse) => response.results.map((result) => snippetText(result.snippet));

describe('BM25', () => {
  it('scores equal BM25F computed by hand (k1 1.2, b 0.75, Lucene idf) on a tiny corpus', async () => {
    const user = await service.signUp();
    await index(user, [
      {
        name: 'animals.txt',
        text: 'zebra zebra lion\n\nzebra lion tiger eagle falcon\n\ntiger eagle\n\nfalcon falcon falcon eagle',
      },
    ]);
    const corpus = { passageCount: 4, totalLength: 3 + 5 + 2 + 4 };
    const response = await search(user, { q: 'zebra lion' });
    expect(response.mode).toBe('and');
    expect(response.results.map((result) => result.passage.location)).toEqual(['paragraph 1', 'paragraph 2']);
    // Both words are in 2 of the 4 passages; the test extractor puts the whole text in the body field.
    const score = (counts: number[], length: number) =>
      counts.reduce(
        (sum, tf) =>
          sum +
          bm25fTermScore(
            weightOf(weightByte(bm25fFrequency({ body: { tf, length } }), false)),
            bm25Idf(4, 2),
          ),
        0,
      );
    // Both passages hold both words as typed: (1 + EXACT_FORM_BONUS) times BM25F (docs/decisions/070).
    const typedAsIs = 1 + EXACT_FORM_BONUS;
    const expected = [score([2, 1], 3) * typedAsIs, score([1, 1], 5) * typedAsIs];
    // A posting keeps tf~ in one byte (posting-lists.ts): the score is BM25F of the quantised tf~, exactly.
    expect(response.results[0]?.score).toBeCloseTo(expected[0] ?? Number.NaN, 12);
    expect(response.results[1]?.score).toBeCloseTo(expected[1] ?? Number.NaN, 12);

    const stats = await corpusStats(service.db, user.userId);
    expect(stats).toMatchObject(corpus);
    expect(Object.fromEntries(stats.terms)).toEqual({ zebra: 2, lion: 2, tiger: 2, eagl: 3, falcon: 2 });
  });

  it('of passages holding the same stems, the one holding the words as typed ranks first', async () => {
    const user = await service.signUp();
    // By BM25F alone the shorter passage wins ("promote" and "promoting" are one stem); the user typed
    // "promoting", which only the longer one holds.
    await index(user, [
      { name: 'a.txt', text: 'they promote reef tours\n\nwe are promoting the reef project this year' },
    ]);
    const response = await search(user, { q: 'Promoting reef' });
    expect(texts(response)).toEqual([
      'we are promoting the reef project this year',
      'they promote reef tours',
    ]);
    // Scores as the cursor pages by them: the exact passage ×2, the other ×1.5 ("reef" as typed).
    const [exact, stemmed] = response.results.map((result) => result.score);
    expect(exact).toBeGreaterThan(stemmed ?? Number.POSITIVE_INFINITY);
  });

  it('the typed-word window is the same on every page, so paging by score loses and repeats nothing', async () => {
    const user = await service.signUp();
    // More passages than the window: every one holds the stem, every third the word as typed.
    const paragraphs = Array.from({ length: EXACT_FORM_WINDOW + 12 }, (_, at) =>
      at % 3 === 0
        ? `walking item${at} ${'pad '.repeat(at % 5)}`
        : `walked item${at} ${'pad '.repeat(at % 5)}`,
    );
    await index(user, [{ name: 'walks.txt', text: paragraphs.join('\n\n') }]);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: SearchResponse = await search(user, {
        q: 'walking',
        limit: '7',
        ...(cursor ? { cursor } : {}),
      });
      seen.push(...page.results.map((result) => result.passage.id));
      cursor = page.next_cursor;
    } while (cursor !== null);
    expect(seen).toHaveLength(paragraphs.length);
    expect(new Set(seen).size).toBe(paragraphs.length);
  });

  it('a type filter finds passages of that type beyond the typed-word window', async () => {
    const user = await service.signUp();
    // The window (the best EXACT_FORM_WINDOW by BM25F) is all short text passages; the longer Markdown ones
    // rank below every one of them.
    const short = Array.from({ length: EXACT_FORM_WINDOW + 5 }, (_, at) => `walking item${at}`);
    const long = Array.from({ length: 3 }, (_, at) => `walking note${at} ${'filler '.repeat(20)}`);
    await index(user, [
      { name: 'walks.txt', text: short.join('\n\n') },
      { name: 'notes.md', text: long.join('\n\n') },
    ]);
    const types = (response: SearchResponse) => response.results.map((result) => result.document.type);
    const all = await search(user, { q: 'walking', limit: '50' });
    expect(types(all)).toEqual([...short.map(() => 'txt'), 'md', 'md', 'md']);
    const md = await search(user, { q: 'walking', type: 'md', limit: '2' });
    expect(types(md)).toEqual(['md', 'md']);
    const next = await search(user, { q: 'walking', type: 'md', limit: '2', cursor: md.next_cursor ?? '' });
    expect(types(next)).toEqual(['md']);
    expect(next.next_cursor).toBeNull();
    const ids = [...md.results, ...next.results].map((result) => result.passage.id);
    expect(new Set(ids).size).toBe(long.length);
  });

  it('a passage with the word more often ranks higher (same length)', async () => {
    const user = await service.signUp();
    await index(user, [{ name: 'a.txt', text: 'kiwi mango melon\n\nkiwi kiwi mango' }]);
    expect(texts(await search(user, { q: 'kiwi' }))).toEqual(['kiwi kiwi mango', 'kiwi mango melon']);
  });

  it('a shorter passage ranks higher (same count of the word)', async () => {
    const user = await service.signUp();
    await index(user, [{ name: 'a.txt', text: 'kiwi mango melon papaya grape\n\nkiwi mango' }]);
    expect(texts(await search(user, { q: 'kiwi' }))).toEqual(['kiwi mango', 'kiwi mango melon papaya grape']);
  });

  it('a rarer word weighs more', async () => {
    const user = await service.signUp();
    await index(user, [{ name: 'a.txt', text: 'mango melon\n\nkiwi melon\n\nmango papaya\n\nmango grape' }]);
    const response = await search(user, { q: 'kiwi mango' });
    expect(response.mode).toBe('or');
    expect(texts(response)[0]).toBe('kiwi melon');
    const [rare, common] = response.results;
    expect(rare?.score ?? 0).toBeGreaterThan(common?.score ?? Number.POSITIVE_INFINITY);
  });
});

describe('AND first, OR when AND finds too little', () => {
  it('keeps AND when enough passages hold every word', async () => {
    const user = await service.signUp();
    await index(user, [{ name: 'a.txt', text: 'kiwi mango\n\nmango kiwi papaya\n\nkiwi melon' }]);
    const response = await search(user, { q: 'kiwi mango' });
    expect(response.mode).toBe('and');
    expect(texts(response).sort()).toEqual(['kiwi mango', 'mango kiwi papaya']);
  });

  it('relaxes to OR below the threshold (2 here), the full match first', async () => {
    const user = await service.signUp();
    await index(user, [{ name: 'a.txt', text: 'kiwi mango\n\nkiwi melon\n\nmango papaya\n\ngrape' }]);
    const response = await search(user, { q: 'kiwi mango' });
    expect(response.mode).toBe('or');
    expect(texts(response)).toHaveLength(3);
    expect(texts(response)[0]).toBe('kiwi mango');
  });

  it('never relaxes a query of one word, which fewer passages than the threshold hold', async () => {
    const user = await service.signUp();
    await index(user, [{ name: 'a.txt', text: 'kiwi mango\n\nmelon papaya' }]);
    const response = await search(user, { q: 'kiwi' });
    expect(response.mode).toBe('and');
    expect(texts(response)).toEqual(['kiwi mango']);
  });

  // Issue 38: a quoted phrase that matched exactly said "Few passages have every word…" and marked its words
  // one by one. Every result holds a phrase's words (the phrase is a filter), so there is nothing to relax.
  it('a quoted phrase alone is never relaxed, and is marked as one run', async () => {
    const user = await service.signUp();
    await index(user, [{ name: 'a.txt', text: 'kiwi mango\n\nkiwi melon\n\nmango papaya\n\nmango, kiwi' }]);
    const response = await search(user, { q: '"kiwi mango"' });
    expect(response.mode).toBe('and');
    expect(texts(response)).toEqual(['kiwi mango']);
    expect(response.results[0]?.snippet).toEqual([{ text: 'kiwi mango', marked: true }]);
    // A word outside the phrase can still be let go of.
    expect((await search(user, { q: '"kiwi mango" papaya' })).mode).toBe('or');
  });

  it('a query of stop words only is an empty result, not an error', async () => {
    const user = await service.signUp();
    await index(user, [{ name: 'a.txt', text: 'the kiwi' }]);
    const response = await search(user, { q: 'the and of' });
    expect(response).toEqual({
      results: [],
      facets: { type: [], source: [], sender: [], year: [], month: [] },
      mode: 'or',
      order: 'relevance',
      next_cursor: null,
    });
  });
});

describe('each user sees only their own', () => {
  it("another user's passages are never returned, listed, read or deleted", async () => {
    const owner = await service.signUp();
    const other = await service.signUp();
    const [id] = await index(owner, [{ name: 'secret.txt', text: 'quokka wombat' }]);
    expect((await search(owner, { q: 'quokka' })).results).toHaveLength(1);
    expect(await search(other, { q: 'quokka wombat' })).toMatchObject({ results: [], facets: { type: [] } });
    const list = await service.request(other, '/api/v1/uploads');
    expect(((await list.json()) as { documents: unknown[] }).documents).toEqual([]);
    expect((await service.request(other, `/api/v1/uploads/${id}`)).status).toBe(404);
    expect((await service.request(other, `/api/v1/uploads/${id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await service.request(owner, `/api/v1/uploads/${id}`)).status).toBe(200);
    expect((await corpusStats(service.db, other.userId)).passageCount).toBe(0);
  });
});

describe('delete', () => {
  it('removes the document from results and from the statistics at once', async () => {
    const user = await service.signUp();
    const [keep] = await index(user, [{ name: 'keep.txt', text: 'kiwi melon' }]);
    const before = await corpusStats(service.db, user.userId);
    const [gone] = await index(user, [{ name: 'gone.txt', text: 'kiwi numbat\n\nnumbat numbat' }]);
    expect((await search(user, { q: 'numbat' })).results).toHaveLength(2);

    const res = await service.request(user, `/api/v1/uploads/${gone}`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect((await search(user, { q: 'numbat' })).results).toEqual([]);
    expect(texts(await search(user, { q: 'kiwi' }))).toEqual(['kiwi melon']);
    expect(await corpusStats(service.db, user.userId)).toEqual(before);
    expect((await service.request(user, `/api/v1/uploads/${gone}`)).status).toBe(404);
    expect((await service.request(user, `/api/v1/uploads/${keep}`)).status).toBe(200);
  });
});

describe('postings (docs/decisions/069-posting-lists.md)', () => {
  const passagesOf = async (documentId: string) =>
    (
      await sql<{ id: string; length: number }>`
        select id::text, length from passages where document_id = ${documentId} order by id
      `.execute(service.db)
    ).rows;
  /** Every posting of the passages in the user's lists, tf~ read back to a body count (tf·|D| normalised). */
  const postingsOf = async (userId: string, passages: { id: string; length: number }[]) => {
    const found: { lexeme: string; tf: number }[] = [];
    for (const [lexeme, list] of [...(await listsOfUser(service.db, userId))].sort((a, b) =>
      a[0] < b[0] ? -1 : 1,
    )) {
      list.ids.forEach((id, at) => {
        const passage = passages.find((p) => Number(p.id) === id);
        if (passage === undefined) return;
        const tf = weightOf(list.weights[at] ?? 0) * (0.25 + (0.75 * passage.length) / 80);
        // One byte of weight is within 3.2 % of tf~: the count is the nearest whole number.
        found.push({ lexeme, tf: Math.round(tf) });
      });
    }
    return found;
  };

  it('one row per word and passage with its count; a re-run job and a delete leave none behind', async () => {
    const user = await service.signUp();
    const [id] = await index(user, [{ name: 'a.txt', text: 'kiwi kiwi melon\n\nmelon numbat' }]);
    const expected = [
      { lexeme: 'kiwi', tf: 2 },
      { lexeme: 'melon', tf: 1 },
      { lexeme: 'melon', tf: 1 },
      { lexeme: 'numbat', tf: 1 },
    ];
    const first = await passagesOf(id ?? '');
    expect(await postingsOf(user.userId, first)).toEqual(expected);
    // The extraction job running twice (a lease that ran out) replaces the passages and their postings.
    await service.db.transaction().execute(async (tx) => {
      await replacePassages(tx, { id: id ?? '', userId: user.userId }, [
        {
          ordinal: 0,
          location: 'paragraph 1',
          text: 'kiwi kiwi melon',
          facts: {},
          fields: bodyOnly('kiwi kiwi melon'),
        },
        {
          ordinal: 1,
          location: 'paragraph 2',
          text: 'melon numbat',
          facts: {},
          fields: bodyOnly('melon numbat'),
        },
      ]);
    });
    const second = await passagesOf(id ?? '');
    expect(await postingsOf(user.userId, second)).toEqual(expected);
    // The first run's passages left every list.
    expect(await postingsOf(user.userId, first)).toEqual([]);
    await service.request(user, `/api/v1/uploads/${id}`, { method: 'DELETE' });
    expect(await postingsOf(user.userId, second)).toEqual([]);
    expect((await corpusStats(service.db, user.userId)).terms.size).toBe(0);
  });

  it('a list longer than a block: filled to 256, continued in new blocks, read across them, taken out exactly', async () => {
    const user = await service.signUp();
    const paragraphs = (count: number, word: string) =>
      Array.from({ length: count }, (_, at) => `kiwi ${word} ${at}`).join('\n\n');
    const [older] = await index(user, [{ name: 'older.txt', text: paragraphs(600, 'melon') }]);
    await index(user, [{ name: 'newer.txt', text: paragraphs(300, 'papaya') }]);
    const blocks = async () =>
      (
        await sql<{ count: number }>`
          select l.count from search_lists l join search_corpus_stats s on s.user_no = l.user_no
          where s.user_id = ${user.userId} and l.lexeme = 'kiwi' order by l.first_id`.execute(service.db)
      ).rows.map((row) => row.count);
    // 600 in one batch: two full blocks and 88; the next 300 fill the third and start a fourth.
    expect(await blocks()).toEqual([256, 256, 256, 132]);
    expect((await corpusStats(service.db, user.userId)).terms.get('kiwi')).toBe(900);
    // AND over two lists: every passage of the older file holds both words, whichever block each sits in.
    const both = await searchService(service.db, user.userId, SearchQuerySchema.parse({ q: 'kiwi melon' }), {
      minAllWordResults: 1,
      maxCandidates: 1000,
    });
    expect(both.mode).toBe('and');
    expect(new Set(both.results.map((result) => result.document.name))).toEqual(new Set(['older.txt']));
    const newest = await searchService(service.db, user.userId, SearchQuerySchema.parse({ q: 'kiwi' }), {
      minAllWordResults: 1,
      maxCandidates: 5,
    });
    expect(new Set(newest.results.map((result) => result.document.name))).toEqual(new Set(['newer.txt']));

    // The older file's passages leave the first three blocks: two go, the third keeps the newer file's 168.
    await service.request(user, `/api/v1/uploads/${older}`, { method: 'DELETE' });
    expect(await blocks()).toEqual([168, 132]);
    const stats = await corpusStats(service.db, user.userId);
    expect(stats.terms.get('kiwi')).toBe(300);
    expect(stats.terms.has('melon')).toBe(false);
    expect(stats.passageCount).toBe(300);
    expect((await search(user, { q: 'kiwi papaya 299' })).results[0]?.document.name).toBe('newer.txt');
  });

  /** Where a lexeme's list is: blocks of its own (search_lists), an entry of a page, or nowhere. */
  const placeOf = async (userId: string, lexeme: string) => {
    const blocks = await sql<{ n: number }>`
      select count(*)::int as n from search_lists l join search_corpus_stats s on s.user_no = l.user_no
      where s.user_id = ${userId} and l.lexeme = ${lexeme}`.execute(service.db);
    const pages = await sql<{ entries: Buffer }>`
      select p.entries from search_pages p join search_corpus_stats s on s.user_no = p.user_no
      where s.user_id = ${userId}`.execute(service.db);
    const inPages = pages.rows.filter((page) => decodePage(page.entries).some((e) => e.lexeme === lexeme));
    expect(inPages.length).toBeLessThanOrEqual(1);
    if ((blocks.rows[0]?.n ?? 0) > 0) {
      expect(inPages).toHaveLength(0);
      return 'blocks';
    }
    return inPages.length === 1 ? 'page' : 'nowhere';
  };

  it('a word in fewer than PAGE_LIST_LIMIT passages is an entry of a page; reaching it moves the list to blocks', async () => {
    const user = await service.signUp();
    const paragraphs = (from: number, count: number) =>
      Array.from({ length: count }, (_, at) => `quince ${from + at}`).join('\n\n');
    await index(user, [{ name: 'a.txt', text: paragraphs(0, PAGE_LIST_LIMIT - 2) }]);
    expect(await placeOf(user.userId, 'quinc')).toBe('page');
    await index(user, [{ name: 'b.txt', text: paragraphs(100, 1) }]);
    expect(await placeOf(user.userId, 'quinc')).toBe('page');
    expect((await corpusStats(service.db, user.userId)).terms.get('quinc')).toBe(PAGE_LIST_LIMIT - 1);
    expect((await search(user, { q: 'quince', limit: '50' })).results).toHaveLength(PAGE_LIST_LIMIT - 1);
    // The next passage makes PAGE_LIST_LIMIT: the whole list, old postings and new, goes to blocks.
    const [c] = await index(user, [{ name: 'c.txt', text: paragraphs(200, 1) }]);
    expect(await placeOf(user.userId, 'quinc')).toBe('blocks');
    expect((await corpusStats(service.db, user.userId)).terms.get('quinc')).toBe(PAGE_LIST_LIMIT);
    const all = await search(user, { q: 'quince', limit: '50' });
    expect(all.results).toHaveLength(PAGE_LIST_LIMIT);
    expect(new Set(all.results.map((result) => result.document.name))).toEqual(
      new Set(['a.txt', 'b.txt', 'c.txt']),
    );
    // Blocks stay blocks when the list shrinks again; the counts stay exact.
    await service.request(user, `/api/v1/uploads/${c}`, { method: 'DELETE' });
    expect(await placeOf(user.userId, 'quinc')).toBe('blocks');
    expect((await corpusStats(service.db, user.userId)).terms.get('quinc')).toBe(PAGE_LIST_LIMIT - 1);
  });

  it('many short lists cut pages; every word, a prefix and an exclusion find theirs; a delete empties them', async () => {
    const user = await service.signUp();
    const words = Array.from({ length: 300 }, (_, at) => `zyx${String(at).padStart(3, '0')}`);
    const [older] = await index(user, [
      {
        name: 'older.txt',
        text: words
          .slice(0, 200)
          .map((word) => `${word} kiwi`)
          .join('\n\n'),
      },
    ]);
    await index(user, [
      {
        name: 'newer.txt',
        text: words
          .slice(200)
          .map((word) => `${word} lime`)
          .join('\n\n'),
      },
    ]);
    const pageCount = async () =>
      (
        await sql<{ n: number }>`
          select count(*)::int as n from search_pages p join search_corpus_stats s on s.user_no = p.user_no
          where s.user_id = ${user.userId}`.execute(service.db)
      ).rows[0]?.n ?? 0;
    expect(await pageCount()).toBeGreaterThan(10);
    for (const word of [words[0], words[137], words[199], words[200], words[299]] as string[]) {
      expect(await placeOf(user.userId, word)).toBe('page');
      const found = await search(user, { q: word });
      expect(found.results).toHaveLength(1);
      expect(texts(found)[0]).toContain(word);
    }
    // A prefix takes the user's most frequent words that begin with it: here each is in one passage.
    const prefixed = await search(user, { q: 'zyx1*', limit: '50' });
    expect(prefixed.results.length).toBe(PREFIX_EXPANSIONS);
    for (const text of texts(prefixed)) expect(text).toMatch(/^zyx1\d\d kiwi$/);
    // A hundred words begin with it: the answer says it stood for PREFIX_EXPANSIONS of them (issue 42 item 2).
    expect(prefixed.prefixes).toEqual([{ prefix: 'zyx1', words: PREFIX_EXPANSIONS, capped: true }]);
    // -word reads the page's list too: every kiwi passage but one, page after page.
    const kept: string[] = [];
    let cursor: string | null = null;
    do {
      const page: SearchResponse = await search(user, {
        q: `kiwi -${words[5]}`,
        limit: '50',
        ...(cursor ? { cursor } : {}),
      });
      kept.push(...texts(page));
      cursor = page.next_cursor;
    } while (cursor !== null);
    expect(kept).toHaveLength(199);
    expect(kept.some((text) => text.includes(words[5] as string))).toBe(false);
    // The older file goes: its 200 short lists leave their pages (the pages they emptied with them).
    await service.request(user, `/api/v1/uploads/${older}`, { method: 'DELETE' });
    expect(await placeOf(user.userId, words[0] as string)).toBe('nowhere');
    expect((await search(user, { q: words[0] as string })).results).toHaveLength(0);
    expect((await search(user, { q: words[250] as string })).results).toHaveLength(1);
    const stats = await corpusStats(service.db, user.userId);
    expect([...stats.terms.keys()].filter((lexeme) => lexeme.startsWith('zyx'))).toHaveLength(100);
  });

  it("relaxed to OR under filters, a common word's own passages that pass them are candidates too", async () => {
    const user = await service.signUp();
    // "targeting" is in more passages than the cap (2): without a title, an OR search would score only the
    // passages holding the rarer "protocols". In the week asked for, the newsletter says each word in a
    // paragraph of its own.
    await index(user, [
      { name: 'news.txt', text: 'date: 2024-05-10\n\nprotocols bravo\n\ncharlie targeting' },
    ]);
    for (let at = 0; at < 5; at++) {
      await index(user, [
        { name: `old${at}.txt`, text: `date: 2023-01-0${at + 1}\n\ntargeting delta ${at}` },
      ]);
    }
    const found = await searchService(
      service.db,
      user.userId,
      SearchQuerySchema.parse({ q: 'protocols targeting after:2024-05-09 before:2024-05-11' }),
      { minAllWordResults: 3, maxCandidates: 2 },
    );
    expect(found.mode).toBe('or');
    expect(found.results.map((result) => snippetText(result.snippet)).sort()).toEqual([
      'charlie targeting',
      'protocols bravo',
    ]);
  });

  it('with the candidate cap, the newest passages holding the word are the ones scored', async () => {
    const user = await service.signUp();
    const ids: string[] = [];
    for (const name of ['old.txt', 'middle.txt', 'new.txt']) {
      ids.push(...(await index(user, [{ name, text: 'kiwi melon' }])));
    }
    const capped = await searchService(service.db, user.userId, SearchQuerySchema.parse({ q: 'kiwi' }), {
      minAllWordResults: 1,
      maxCandidates: 2,
    });
    expect(capped.results.map((result) => result.document.name).sort()).toEqual(['middle.txt', 'new.txt']);
  });
});

describe('the search response', () => {
  it('pages with an opaque cursor: every hit once, in the order of one long page', async () => {
    const user = await service.signUp();
    await index(user, [
      { name: 'a.txt', text: 'kiwi\n\nkiwi kiwi melon\n\nkiwi melon papaya\n\nkiwi kiwi kiwi\n\nkiwi grape' },
    ]);
    const whole = (await search(user, { q: 'kiwi', limit: '10' })).results.map((result) => result.passage.id);
    expect(whole).toHaveLength(5);
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: SearchResponse = await search(user, {
        q: 'kiwi',
        limit: '2',
        ...(cursor ? { cursor } : {}),
      });
      expect(page.results.length).toBeLessThanOrEqual(2);
      paged.push(...page.results.map((result) => result.passage.id));
      cursor = page.next_cursor;
    } while (cursor !== null);
    expect(paged).toEqual(whole);
  });

  it('facets count documents by type; the type filter narrows results but not the facets', async () => {
    const user = await service.signUp();
    await index(user, [
      { name: 'notes.md', text: 'kiwi notes' },
      { name: 'list.txt', text: 'kiwi list' },
      { name: 'more.txt', text: 'kiwi more' },
    ]);
    const all = await search(user, { q: 'kiwi' });
    expect(all.facets.type).toEqual([
      { value: 'txt', count: 2 },
      { value: 'md', count: 1 },
    ]);
    const md = await search(user, { q: 'kiwi', type: 'md' });
    expect(md.results.map((result) => result.document.name)).toEqual(['notes.md']);
    expect(md.facets).toEqual(all.facets);
  });

  it('from and to filter on the document date', async () => {
    const user = await service.signUp();
    await index(user, [
      { name: 'jan.txt', text: 'date: 2026-01-05\n\nkiwi invoice' },
      { name: 'mar.txt', text: 'date: 2026-03-09\n\nkiwi invoice' },
      { name: 'undated.txt', text: 'kiwi invoice' },
    ]);
    const names = async (params: Record<string, string>) =>
      (await search(user, { q: 'kiwi', ...params })).results.map((result) => result.document.name).sort();
    expect(await names({ from: '2026-02-01' })).toEqual(['mar.txt']);
    expect(await names({ to: '2026-02-01' })).toEqual(['jan.txt']);
    expect(await names({ from: '2026-01-05', to: '2026-03-09' })).toEqual(['jan.txt', 'mar.txt']);
    expect((await search(user, { q: 'invoice', from: '2026-03-01' })).results[0]?.document).toMatchObject({
      name: 'mar.txt',
      type: 'txt',
      document_date: '2026-03-09',
    });
  });

  it("the snippet is runs of the file's own text with the matches marked, never HTML", async () => {
    const user = await service.signUp();
    await index(user, [
      { name: 'x.html', text: 'Tom & Jerry say "kiwi" is 5 < 6 > 4 and <script>alert(1)</script> fine' },
    ]);
    const [result] = (await search(user, { q: 'kiwi' })).results;
    expect(result?.snippet).toContainEqual({ text: 'kiwi', marked: true });
    expect(snippetText(result?.snippet ?? [])).toContain('Tom & Jerry say "kiwi" is 5 < 6 > 4');
    expect(result?.snippet.filter((part) => part.marked).map((part) => part.text)).toEqual(['kiwi']);
    expect(result?.document.type).toBe('html');
  });
});

describe('the candidate cap for words in very many passages', () => {
  it('scores only the first N matches when the statistics say the words match more; exact below', async () => {
    const user = await service.signUp();
    await index(user, [
      { name: 'a.txt', text: 'kiwi\n\nkiwi kiwi\n\nkiwi melon\n\nkiwi kiwi kiwi\n\nmelon' },
    ]);
    const query = SearchQuerySchema.parse({ q: 'kiwi' });
    const exact = await searchService(service.db, user.userId, query, { minAllWordResults: 1 });
    expect(exact.results).toHaveLength(4);
    expect(exact.facets.type).toEqual([{ value: 'txt', count: 1 }]);
    // n("kiwi") = 4 > 2: two candidates, still ranked by the same BM25 (the statistics are the corpus's).
    const capped = await searchService(service.db, user.userId, query, {
      minAllWordResults: 1,
      maxCandidates: 2,
    });
    expect(capped.results).toHaveLength(2);
    const scores = new Map(exact.results.map((result) => [result.passage.id, result.score]));
    for (const result of capped.results) expect(result.score).toBe(scores.get(result.passage.id));
    // n("melon") = 2, not above the cap: every match is scored.
    const melon = await searchService(service.db, user.userId, SearchQuerySchema.parse({ q: 'melon' }), {
      minAllWordResults: 1,
      maxCandidates: 2,
    });
    expect(melon.results).toHaveLength(2);
  });
});

describe('OR over a common and a rare word, capped', () => {
  it('scores the passages with the rare word; punctuation in the words never breaks the candidate tsquery', async () => {
    const user = await service.signUp();
    await index(user, [
      { name: 'a.txt', text: "kiwi\n\nkiwi melon\n\nkiwi kiwi\n\nwombat o'neil\n\nback\\slash wombat" },
    ]);
    const settings = { minAllWordResults: 5, maxCandidates: 2 };
    const response = await searchService(
      service.db,
      user.userId,
      SearchQuerySchema.parse({ q: 'kiwi wombat' }),
      settings,
    );
    expect(response.mode).toBe('or');
    expect(response.results.map((result) => result.passage.location).sort()).toEqual([
      'paragraph 4',
      'paragraph 5',
    ]);
    const quoted = await searchService(
      service.db,
      user.userId,
      SearchQuerySchema.parse({ q: "kiwi o'neil back\\slash" }),
      settings,
    );
    expect(quoted.mode).toBe('or');
    expect(quoted.results.length).toBeGreaterThan(0);
  });
});
