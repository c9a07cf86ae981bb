import { testTime } from '@trove/service-core/testing/time';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchDb } from '../db/tables';
import { corpusStats } from '../documents/documents.repository';
import {
  paragraphExtractor,
  type SearchTestService,
  type SignedInUser,
  startSearchTestService,
} from '../testing/search-service';
import { type Extractor, GAVE_UP_REASON } from './extraction-worker';
import { takeJob } from './jobs.repository';

// Issue 10 "Storage and jobs": an upload is acknowledged at once, a job extracts it, a file that cannot
// be read fails with its reason, anything else is retried, and a job whose worker died comes back.

let service: SearchTestService;

beforeAll(async () => {
  service = await startSearchTestService();
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

async function uploadOne(user: SignedInUser, text = 'wombat burrow'): Promise<string> {
  const res = await service.upload(user, [{ name: 'note.txt', text }]);
  expect(res.status).toBe(202);
  const { documents } = (await res.json()) as { documents: { id: string; status: string }[] };
  expect(documents[0]?.status).toBe('queued');
  return documents[0]?.id ?? '';
}

async function documentOf(user: SignedInUser, id: string) {
  const res = await service.request(user, `/api/v1/uploads/${id}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { document: Record<string, unknown> }).document;
}

async function jobsFor(id: string) {
  return searchDb(service.db).selectFrom('search_jobs').selectAll().where('document_id', '=', id).execute();
}

describe('the extraction worker', () => {
  it('wake() makes an idle worker take a job queued just now, instead of at the end of its poll', async () => {
    const user = await service.signUp();
    // Idle for ten minutes between looks unless woken: only wake() can make it take the job within the test.
    const worker = service.worker(paragraphExtractor, { pollMs: 600_000 });
    worker.start();
    try {
      // Whatever earlier tests left queued goes first; then it sleeps.
      await expect
        .poll(async () => (await worker.runOnce()) === false, { timeout: testTime(10_000) })
        .toBe(true);
      const id = await uploadOne(user, 'woken wombat');
      worker.wake();
      await expect
        .poll(async () => (await documentOf(user, id)).status, { timeout: testTime(10_000) })
        .toBe('indexed');
    } finally {
      await worker.stop();
    }
  });

  it('vacuums the lists once its writes have rewritten SEARCH_LISTS_VACUUM_ROWS of their rows, not before', async () => {
    const user = await service.signUp();
    const vacuums = async () =>
      Number(
        (
          await sql<{ n: string }>`
            select coalesce(sum(vacuum_count), 0) as n from pg_stat_user_tables
            where relname in ('search_lists', 'search_pages')
          `.execute(service.db)
        ).rows[0]?.n,
      );
    const before = await vacuums();
    const patient = service.worker(paragraphExtractor, { listsVacuumRows: 1_000_000 });
    await uploadOne(user, 'aardvark anteater armadillo');
    expect(await patient.runOnce()).toBe(true);
    await patient.stop();
    expect(await vacuums()).toBe(before);

    const eager = service.worker(paragraphExtractor, { listsVacuumRows: 1 });
    await uploadOne(user, 'badger bandicoot beaver');
    expect(await eager.runOnce()).toBe(true);
    // stop() waits for the vacuum a write started.
    await eager.stop();
    expect(await vacuums()).toBeGreaterThan(before);
  });

  it('takes a queued job, shows "extracting" while it runs, and ends indexed with its parts', async () => {
    const user = await service.signUp();
    const id = await uploadOne(user, 'wombat burrow\n\nwombat tunnel');
    expect(await jobsFor(id)).toHaveLength(1);
    let statusDuring: unknown;
    const worker = service.worker(async (input) => {
      statusDuring = (await documentOf(user, id)).status;
      return paragraphExtractor(input);
    });
    expect(await worker.runOnce()).toBe(true);
    expect(statusDuring).toBe('extracting');
    expect(await documentOf(user, id)).toMatchObject({ status: 'indexed', parts: 2, failure_reason: null });
    expect(await jobsFor(id)).toEqual([]);
    expect(await worker.runOnce()).toBe(false);
  });

  it('gives the event loop a turn between the files of a batch, so the previous batch is written meanwhile', async () => {
    const user = await service.signUp();
    await service.upload(user, [
      { name: 'one.txt', text: 'turn one' },
      { name: 'two.txt', text: 'turn two' },
      { name: 'three.txt', text: 'turn three' },
    ]);
    // Each reading here resolves on promises alone, as a mail's does. A callback queued for the next turn during
    // one file has run by the next file only if the batch let the loop turn (where PostgreSQL's answers to the
    // previous batch's write are heard).
    const turned: boolean[] = [];
    let pending: { ran: boolean } | undefined;
    const worker = service.worker(async (input) => {
      if (pending !== undefined) turned.push(pending.ran);
      const mark = { ran: false };
      pending = mark;
      setImmediate(() => {
        mark.ran = true;
      });
      return paragraphExtractor(input);
    });
    while (await worker.runOnce()) {
      // Earlier tests' jobs go first; every batch counts.
    }
    expect(turned.length).toBeGreaterThanOrEqual(2);
    expect(turned.every(Boolean)).toBe(true);
  });

  it('a file the extractor cannot read ends failed with its reason, at once and without retry', async () => {
    const user = await service.signUp();
    const id = await uploadOne(user);
    let calls = 0;
    const worker = service.worker(async () => {
      calls += 1;
      throw new ExtractionError('This PDF is encrypted.');
    });
    while (await worker.runOnce()) {
      // Runs every due job.
    }
    expect(calls).toBe(1);
    expect(await documentOf(user, id)).toMatchObject({
      status: 'failed',
      failure_reason: 'This PDF is encrypted.',
    });
    expect(await jobsFor(id)).toEqual([]);
    expect((await corpusStats(service.db, user.userId)).passageCount).toBe(0);
  });

  it('any other error is retried, and the job finishes when it succeeds', async () => {
    const user = await service.signUp();
    const id = await uploadOne(user);
    let calls = 0;
    const worker = service.worker(async (input) => {
      calls += 1;
      if (calls === 1) throw new Error('connection reset');
      return paragraphExtractor(input);
    });
    expect(await worker.runOnce()).toBe(true);
    expect(await documentOf(user, id)).toMatchObject({ status: 'queued' });
    expect((await jobsFor(id))[0]).toMatchObject({
      attempts: 1,
      last_error: 'connection reset',
      locked_at: null,
    });
    expect(await worker.runOnce()).toBe(true);
    expect(await documentOf(user, id)).toMatchObject({ status: 'indexed' });
  });

  it('gives up after the most attempts and says so', async () => {
    const user = await service.signUp();
    const id = await uploadOne(user);
    const worker = service.worker(
      async () => {
        throw new Error('out of memory');
      },
      { maxAttempts: 2 },
    );
    while (await worker.runOnce()) {
      // Runs every due job.
    }
    expect(await documentOf(user, id)).toMatchObject({ status: 'failed', failure_reason: GAVE_UP_REASON });
    expect(await jobsFor(id)).toEqual([]);
  });

  it('a job whose worker died is taken again once its lease runs out, and finishes', async () => {
    const user = await service.signUp();
    const id = await uploadOne(user, 'numbat termite');
    // A worker takes the job and dies before finishing: the lease is all that is left of it.
    const dead = await takeJob(service.db, 'dead-worker', 60_000);
    expect(dead?.documentId).toBe(id);
    const worker = service.worker(paragraphExtractor, { leaseMs: 60_000 });
    expect(await worker.runOnce()).toBe(false);

    await sql`update search_jobs set locked_at = now() - interval '2 minutes' where document_id = ${id}`.execute(
      service.db,
    );
    expect(await worker.runOnce()).toBe(true);
    expect(await documentOf(user, id)).toMatchObject({ status: 'indexed', parts: 1 });
    expect(await jobsFor(id)).toEqual([]);
    const res = await service.request(user, '/api/v1/search?q=numbat');
    expect(((await res.json()) as { results: unknown[] }).results).toHaveLength(1);
  });

  it('a job that runs twice (a slow worker outlived its lease) leaves one copy in the index', async () => {
    const user = await service.signUp();
    const id = await uploadOne(user, 'quoll\n\nquoll quoll');
    const worker = service.worker(paragraphExtractor);
    expect(await worker.runOnce()).toBe(true);
    const once = await corpusStats(service.db, user.userId);
    await searchDb(service.db).insertInto('search_jobs').values({ document_id: id }).execute();
    expect(await worker.runOnce()).toBe(true);
    expect(await corpusStats(service.db, user.userId)).toEqual(once);
    expect(once).toMatchObject({ passageCount: 2, totalLength: 3 });
  });

  it('a document deleted while it is extracted leaves nothing behind', async () => {
    const user = await service.signUp();
    const id = await uploadOne(user, 'bilby');
    const extractThenDelete: Extractor = async (input) => {
      const res = await service.request(user, `/api/v1/uploads/${id}`, { method: 'DELETE' });
      expect(res.status).toBe(204);
      return paragraphExtractor(input);
    };
    expect(await service.worker(extractThenDelete).runOnce()).toBe(true);
    expect(await corpusStats(service.db, user.userId)).toEqual({
      passageCount: 0,
      totalLength: 0,
      terms: new Map(),
    });
    const passages = await searchDb(service.db)
      .selectFrom('passages')
      .select('id')
      .where('user_id', '=', user.userId)
      .execute();
    expect(passages).toEqual([]);
  });
});

describe('turns between users (issue 18 item 6)', () => {
  it("one user's backlog delays another user's single upload by one job at most", async () => {
    // Whatever earlier tests left in the queue goes first.
    const drain = service.worker(paragraphExtractor);
    while (await drain.runOnce()) {
      // Empty the queue.
    }
    const busy = await service.signUp();
    const light = await service.signUp();
    const backlog: string[] = [];
    for (let index = 0; index < 8; index += 1) {
      backlog.push(`busy file ${index}`);
      await uploadOne(busy, `busy file ${index}`);
    }
    await uploadOne(light, 'the one file');
    const single = 'the one file';
    const order: string[] = [];
    const worker = service.worker(async (input) => {
      order.push(new TextDecoder().decode(input.bytes));
      return paragraphExtractor(input);
    });
    while (await worker.runOnce()) {
      // Take every job, one at a time.
    }
    expect(order).toHaveLength(9);
    // The busy user's first file was queued first; the single upload comes next, not after all eight.
    expect(order.indexOf(single)).toBeLessThanOrEqual(1);
    // Within one user, files keep the order they were uploaded in.
    expect(order.filter((id) => id !== single)).toEqual(backlog);
  });
});

describe('a long reading takes turns (issue 39: a 2,000-page scan slows no other user)', () => {
  it("a file read in turns lets another user's file through between them, and ends with every turn's text", async () => {
    const drain = service.worker(paragraphExtractor);
    while (await drain.runOnce()) {
      // Empty the queue.
    }
    const scanner = await service.signUp();
    const other = await service.signUp();
    const scanId = await uploadOne(scanner, 'long scan');
    const order: string[] = [];
    const resumes: unknown[] = [];
    // Stands in for the PDF reader past SEARCH_OCR_SLICE_SECONDS (ocr.test.ts reads a real scan in turns): two
    // turns that each read a page and stop, then a last one that reads the third.
    const worker = service.worker(async (input) => {
      const text = new TextDecoder().decode(input.bytes);
      order.push(text);
      if (text !== 'long scan') return paragraphExtractor(input);
      resumes.push(input.resume);
      const read = input.resume?.ocr ?? {};
      const done = Object.keys(read).length;
      if (done < 2) {
        const turnOver = Object.assign(new Error('the reading goes on in a later turn'), {
          name: 'ReadingSuspended',
          resume: { ocr: { ...read, [String(done)]: `otter page ${done + 1}` } },
        });
        throw turnOver;
      }
      const whole = `${Object.values(read).join(' ')} otter page 3`;
      return paragraphExtractor({ ...input, bytes: new TextEncoder().encode(whole) });
    });
    expect(await worker.runOnce()).toBe(true);
    // Its first turn is over; the other user's note, uploaded now, goes before its next one.
    await uploadOne(other, 'a small note');
    while (await worker.runOnce()) {
      // Every turn and the note.
    }
    expect(order).toEqual(['long scan', 'a small note', 'long scan', 'long scan']);
    expect(resumes).toEqual([
      undefined,
      { ocr: { '0': 'otter page 1' } },
      { ocr: { '0': 'otter page 1', '1': 'otter page 2' } },
    ]);
    expect((await documentOf(scanner, scanId)).status).toBe('indexed');
    expect(await jobsFor(scanId)).toEqual([]);
    const res = await service.request(scanner, '/api/v1/search?q=otter+page');
    const body = (await res.json()) as { results: { snippet: unknown }[] };
    expect(JSON.stringify(body.results)).toContain('page 3');
  });
});
