import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentFrequencies } from '../search/posting-lists.repository';
import {
  paragraphExtractor,
  type SearchTestService,
  type SignedInUser,
  startSearchTestService,
} from '../testing/search-service';

// docs/decisions/060-cheaper-indexing.md, 069-posting-lists.md: the lists have no foreign key to users any more (one key check
// per posting was ~16 % of indexing's database CPU). A removed account's index must still go with it, deleted
// by the role that deletes accounts (the auth service's, which has no right on the search tables), and
// another account's index stays whole.

let service: SearchTestService;

beforeAll(async () => {
  service = await startSearchTestService();
});

afterAll(async () => {
  await service?.close();
});

async function indexed(user: SignedInUser, texts: string[]): Promise<void> {
  const res = await service.upload(
    user,
    texts.map((text, index) => ({ name: `note-${index}.txt`, text })),
  );
  expect(res.status).toBe(202);
  const worker = service.worker(paragraphExtractor);
  while (await worker.runOnce()) {
    // Every job queued so far.
  }
}

// A user's number in the lists, kept from before the account goes (its statistics row goes with it).
const numbers = new Map<string, number>();

async function leftOf(userId: string) {
  if (!numbers.has(userId)) {
    const { rows } = await sql<{ user_no: number }>`
      select user_no from search_corpus_stats where user_id = ${userId}`.execute(service.db);
    numbers.set(userId, rows[0]?.user_no ?? -1);
  }
  const userNo = numbers.get(userId) ?? -1;
  const { rows } = await sql<{ corpus: number; passages: number }>`
    select (select count(*)::int from search_corpus_stats where user_id = ${userId}) as corpus,
           (select count(*)::int from passages where user_id = ${userId}) as passages
  `.execute(service.db);
  // The lists by the number kept (the statistics row that maps the user to it may be gone): blocks and pages.
  const lists = await documentFrequencies(service.db, userNo);
  // The word dictionary of typo tolerance (docs/decisions/140-typo-tolerance-on-the-word-dictionary.md).
  const words = await sql<{ n: number }>`
    select count(*)::int as n from search_words where user_no = ${userNo}`.execute(service.db);
  return {
    postings: [...lists.values()].reduce((sum, df) => sum + df, 0),
    terms: lists.size,
    words: words.rows[0]?.n ?? 0,
    ...rows[0],
  };
}

describe('a removed account', () => {
  it("takes its postings and statistics with it, deleted as the auth service's role; others keep theirs", async () => {
    const ann = await service.signUp();
    const bob = await service.signUp();
    const carl = await service.signUp();
    await indexed(ann, ['wombat burrow\n\nwombat tunnel at night', 'quoll hunts']);
    await indexed(bob, ['wombat stew', 'quokka island']);
    await indexed(carl, ['numbat termite']);
    const bobBefore = await leftOf(bob.userId);
    expect((await leftOf(ann.userId))?.postings).toBeGreaterThan(0);
    expect((await leftOf(carl.userId))?.postings).toBeGreaterThan(0);

    // Two accounts in one statement (the trigger runs once per statement, over every row it deleted).
    await service.db.transaction().execute(async (tx) => {
      await sql`set local role trove_auth`.execute(tx);
      await sql`delete from users where id in (${ann.userId}, ${carl.userId})`.execute(tx);
    });

    for (const gone of [ann, carl])
      expect(await leftOf(gone.userId)).toEqual({ postings: 0, terms: 0, words: 0, corpus: 0, passages: 0 });
    expect(await leftOf(bob.userId)).toEqual(bobBefore);
    expect(bobBefore?.postings).toBeGreaterThan(0);
    expect(bobBefore?.words).toBeGreaterThan(0);
    const found = await service.request(bob, '/api/v1/search?q=wombat');
    expect(found.status).toBe(200);
    expect(((await found.json()) as { results: unknown[] }).results).toHaveLength(1);
  });
});
