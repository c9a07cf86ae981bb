import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchDb } from '../db/tables';
import { corpusStats } from '../documents/documents.repository';
import {
  paragraphExtractor,
  type SearchTestService,
  type SignedInUser,
  listsOfUser,
  startSearchTestService,
} from '../testing/search-service';
import { takeJobs } from './jobs.repository';

// Batched indexing (docs/decisions/058-batched-indexing.md): a take leases many jobs, their files are read one by
// one and indexed in one transaction. The statistics must stay exactly what indexing one document at a time gives
// (the BM25F scores are tested against hand computation in search.int.test.ts), a file that cannot be read fails
// alone, and a job tried before is taken alone.

let service: SearchTestService;

beforeAll(async () => {
  service = await startSearchTestService({ maxFiles: 10 });
});

afterAll(async () => {
  await service?.close();
});

class ExtractionError extends Error {
  override readonly name = 'ExtractionError';
  constructor(readonly reason: string) {
    super(reason);
  }
}

async function upload(user: SignedInUser, texts: string[]): Promise<string[]> {
  const res = await service.upload(
    user,
    texts.map((text, index) => ({ name: `note-${index}.txt`, text })),
  );
  expect(res.status).toBe(202);
  return ((await res.json()) as { documents: { id: string }[] }).documents.map((document) => document.id);
}

async function drain(): Promise<void> {
  const worker = service.worker(paragraphExtractor);
  while (await worker.runOnce()) {
    // Every job queued so far.
  }
}

/** The user's statistics as the passages themselves say they should be (the test extractor indexes the body only). */
async function recomputed(userId: string) {
  const totals = await sql<{ passages: string; length: string }>`
    select count(*) as passages, coalesce(sum(length), 0) as length from passages where user_id = ${userId}
  `.execute(service.db);
  const terms = await sql<{ lexeme: string; frequency: number }>`
    select e.lexeme, count(*)::int as frequency
    from passages p cross join lateral unnest(to_tsvector('english', p.body)) e
    where p.user_id = ${userId}
    group by e.lexeme
  `.execute(service.db);
  return {
    passageCount: Number(totals.rows[0]?.passages),
    totalLength: Number(totals.rows[0]?.length),
    terms: new Map(terms.rows.map((row) => [row.lexeme, row.frequency])),
  };
}

/** The postings the user's lists hold for passages there are, against the lexemes of those passages. */
async function postingsPerPassage(userId: string) {
  const lists = await listsOfUser(service.db, userId);
  const passages = await sql<{ id: string; lexemes: number }>`
    select id::text, length(to_tsvector('english', body))::int as lexemes from passages where user_id = ${userId}
  `.execute(service.db);
  const ids = new Set(passages.rows.map((row) => Number(row.id)));
  let postings = 0;
  for (const list of lists.values()) postings += list.ids.filter((id) => ids.has(id)).length;
  return { postings, lexemes: passages.rows.reduce((sum, row) => sum + row.lexemes, 0) };
}

async function statusOf(id: string) {
  return searchDb(service.db)
    .selectFrom('documents')
    .select(['status', 'failure_reason', 'title', 'parts'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('batched indexing', () => {
  it("indexes several users' files in one take, with statistics exactly those of their passages", async () => {
    await drain();
    const ann = await service.signUp();
    const bob = await service.signUp();
    const annIds = await upload(ann, [
      'wombat burrow\n\nwombat tunnel at night',
      'the quoll hunts\n\nthe quoll sleeps',
      'bilby and wombat',
      'numbat termite numbat',
      'echidna spines',
      'platypus river wombat',
    ]);
    const bobIds = await upload(bob, ['wombat stew', 'quokka smile\n\nquokka island', 'dingo fence']);
    const worker = service.worker(paragraphExtractor, { batchSize: 50 });
    expect(await worker.runOnce()).toBe(true);
    // One take held them all: nothing is left for a second.
    expect(await worker.runOnce()).toBe(false);
    for (const id of [...annIds, ...bobIds]) expect((await statusOf(id)).status).toBe('indexed');
    expect(await statusOf(annIds[0] ?? '')).toMatchObject({ title: 'wombat burrow', parts: 2 });

    for (const user of [ann, bob]) {
      expect(await corpusStats(service.db, user.userId)).toEqual(await recomputed(user.userId));
      const counts = await postingsPerPassage(user.userId);
      expect(counts?.postings).toBe(counts?.lexemes);
    }
    expect((await corpusStats(service.db, ann.userId)).terms.get('wombat')).toBe(4);
    expect((await corpusStats(service.db, bob.userId)).terms.get('wombat')).toBe(1);

    // A batch that holds a document indexed before (a job run twice) and new ones replaces, never adds.
    const again = await upload(ann, ['wombat again', 'kookaburra laugh']);
    await searchDb(service.db)
      .insertInto('search_jobs')
      .values({ document_id: annIds[0] ?? '' })
      .execute();
    expect(await worker.runOnce()).toBe(true);
    for (const id of again) expect((await statusOf(id)).status).toBe('indexed');
    expect(await corpusStats(service.db, ann.userId)).toEqual(await recomputed(ann.userId));
    expect((await corpusStats(service.db, ann.userId)).terms.get('wombat')).toBe(5);
    const counts = await postingsPerPassage(ann.userId);
    expect(counts?.postings).toBe(counts?.lexemes);
  });

  it('a file that cannot be read fails alone; the rest of its batch is indexed', async () => {
    await drain();
    const user = await service.signUp();
    const [good, broken, other] = await upload(user, ['good wombat', 'broken file', 'other quoll']);
    const worker = service.worker(
      async (input) => {
        if (new TextDecoder().decode(input.bytes) === 'broken file') {
          throw new ExtractionError('This file is damaged.');
        }
        return paragraphExtractor(input);
      },
      { batchSize: 50 },
    );
    expect(await worker.runOnce()).toBe(true);
    expect(await worker.runOnce()).toBe(false);
    expect((await statusOf(good ?? '')).status).toBe('indexed');
    expect((await statusOf(other ?? '')).status).toBe('indexed');
    expect(await statusOf(broken ?? '')).toMatchObject({
      status: 'failed',
      failure_reason: 'This file is damaged.',
    });
    expect(await corpusStats(service.db, user.userId)).toEqual(await recomputed(user.userId));
    expect((await corpusStats(service.db, user.userId)).passageCount).toBe(2);
  });

  it('a job tried before is taken alone, and a batch stops at its byte bound', async () => {
    await drain();
    const user = await service.signUp();
    const ids = await upload(user, ['aaaa', 'bbbb', 'cccc', 'dddd', 'eeee']);
    const jobs = await searchDb(service.db)
      .selectFrom('search_jobs')
      .select(['id', 'document_id'])
      .where('document_id', 'in', ids)
      .execute();
    const jobOf = (documentId: string | undefined) => jobs.find((job) => job.document_id === documentId)?.id;
    // The third file was tried once already (its process died while it was held).
    await searchDb(service.db)
      .updateTable('search_jobs')
      .set({ attempts: 1 })
      .where('document_id', '=', ids[2] ?? '')
      .execute();
    const take = async (bytes: number) =>
      (await takeJobs(service.db, 'batch-test', 60_000, { jobs: 10, bytes })).map((job) => job.id);

    // Up to the file tried before, within 8 bytes: the first two of 4 bytes each.
    expect(await take(8)).toEqual([jobOf(ids[0]), jobOf(ids[1])]);
    // The one tried before, alone, though the bound would take more.
    expect(await take(1_000)).toEqual([jobOf(ids[2])]);
    // A first file larger than the bound still goes, alone.
    expect(await take(1)).toEqual([jobOf(ids[3])]);
    expect(await take(1_000)).toEqual([jobOf(ids[4])]);
    expect(await take(1_000)).toEqual([]);
  });
});
