import { testTime } from '@trove/service-core/testing/time';
import { SearchResponseSchema, SourceResponseSchema } from '@trove/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  extractDocument,
  type SignedInUser,
  type SourcesTestService,
  startSourcesTestService,
  testDb,
} from '../../../../../infra/src/testing/sources-and-search';
import { type ApacheDav, startApacheDav } from './testing/apache-dav';

// A file share whose server sends ETags (docs/decisions/185, 206): Apache's mod_dav, started for this run. The
// checkpoint keeps each file's ETag, and a change the last-change-and-size version cannot see — new bytes of the
// same size within the same second — is read again because its ETag moved; a file whose ETag stands is not.

let apache: ApacheDav;
let service: SourcesTestService;
let ada: SignedInUser;

beforeAll(async () => {
  [apache, service] = await Promise.all([
    startApacheDav(),
    startSourcesTestService({ sources: { allowedHosts: '127.0.0.1' } }),
  ]);
  ada = await service.signUp();
}, testTime(120_000));

afterAll(async () => {
  await Promise.all([service?.close(), apache?.stop()]);
});

async function syncAndIndex(id: string): Promise<void> {
  // 'busy' while the queue's own run holds it, which may wait on the kinds' child starting under load.
  await expect.poll(() => service.sources.syncNow(id), { timeout: testTime(90_000) }).toBe('done');
  const worker = service.worker(extractDocument);
  while (await worker.runOnce()) {
    // every job the sync queued
  }
}

async function search(q: string) {
  const res = await service.request(ada, `/api/v1/search?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return SearchResponseSchema.parse(await res.json()).results.map((result) => result.document.name);
}

const seenOf = async (id: string) =>
  (
    (
      await testDb(service.db)
        .selectFrom('sources')
        .select('checkpoint')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).checkpoint as { seen: Record<string, string> }
  ).seen;

describe('a WebDAV share that sends ETags (Apache mod_dav)', () => {
  // The file's first read: the kinds' child may still be starting (27–37 s at load 26-35; ADR 218).
  it('keeps each file’s ETag and reads again a same-size change within the same second', {
    timeout: testTime(120_000),
  }, async () => {
    const second = new Date('2026-11-01T10:00:00.100Z');
    apache.write('Notes/alpha.txt', 'Alpha memo about the walrus.', second);
    apache.write('Notes/beta.txt', 'Beta memo about the heron.', second);
    const res = await service.request(ada, '/api/v1/sources', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        kind: 'webdav',
        settings: { url: apache.url, username: apache.user, folders: null },
        password: apache.password,
      }),
    });
    expect(res.status).toBe(201);
    const { id } = SourceResponseSchema.parse(await res.json()).source;
    await syncAndIndex(id);
    expect(await search('walrus')).toEqual(['alpha.txt']);
    const first = await seenOf(id);
    // The versions are the server's ETags, not "last change|size".
    expect(Object.keys(first).sort()).toEqual(['Notes/alpha.txt', 'Notes/beta.txt']);
    for (const version of Object.values(first)) expect(version).toMatch(/^(W\/)?"[^"|]+"$/);

    // The same size, the same second (Last-Modified is in whole seconds): only the ETag tells.
    apache.write('Notes/alpha.txt', 'Alpha memo about the ferret.', new Date('2026-11-01T10:00:00.700Z'));
    expect('Alpha memo about the ferret.'.length).toBe('Alpha memo about the walrus.'.length);
    await syncAndIndex(id);
    const after = await seenOf(id);
    expect(after['Notes/alpha.txt']).not.toBe(first['Notes/alpha.txt']);
    expect(after['Notes/beta.txt']).toBe(first['Notes/beta.txt']);
    expect(await search('ferret')).toEqual(['alpha.txt']);
    expect(await search('walrus')).toEqual([]);
    expect(await search('heron')).toEqual(['beta.txt']);
  });
});
