import { testTime } from '@trove/service-core/testing/time';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SourcesTestService,
  startSourcesTestService,
} from '../../../infra/src/testing/sources-and-search';
import { SOURCE_SYNC_QUEUE, type SourceSyncJob } from './source-jobs';
import { insertSource } from './sources.repository';

// The sync queue's fairness (issue 34 item 6): it goes round the users, not in the order syncs were asked. No
// sync workers run here (concurrency 0): the test takes the jobs itself, in the order any worker would.

let service: SourcesTestService;

beforeAll(async () => {
  service = await startSourcesTestService({ sources: { allowedHosts: '127.0.0.1', concurrency: 0 } });
}, testTime(120_000));
afterAll(async () => {
  await service?.close();
});

async function sourcesOf(userId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const id = randomUUID();
    await insertSource(service.db, {
      id,
      userId,
      kind: 'imap',
      name: `source ${index}`,
      settings: {},
      secret: '',
      // Not due: only the syncs queued here are in the queue.
      nextSyncAt: new Date(Date.now() + 24 * 60 * 60_000),
    });
    ids.push(id);
  }
  return ids;
}

describe('the sync queue', () => {
  it('takes one waiting sync of each user in turn, whoever asked first', async () => {
    const running = service.sources;
    if (running === undefined) throw new Error('the test service runs without sources');
    const [many, one] = [await service.signUp(), await service.signUp()];
    const theirs = await sourcesOf(many.userId, 3);
    const [mine] = await sourcesOf(one.userId, 1);
    // The first user asks for three syncs, then the second for one.
    for (const id of theirs) await running.deps.queue.syncSoon(id);
    await running.deps.queue.syncSoon(mine ?? '');
    // Asked again while waiting: still one job, at its place.
    await running.deps.queue.syncSoon(theirs[0] ?? '');
    // One at a time, as a worker takes them (a batch's rows come back in no particular order).
    const order: string[] = [];
    for (;;) {
      const [job] = await running.boss.fetch<SourceSyncJob>(SOURCE_SYNC_QUEUE, { batchSize: 1 });
      if (job === undefined) break;
      order.push(job.data.sourceId);
    }
    expect(order).toHaveLength(4);
    // Each user's first, then the first user's others.
    expect(order.slice(0, 2)).toEqual([theirs[0], mine]);
    expect(order.slice(2)).toEqual(theirs.slice(1));
  });
});
