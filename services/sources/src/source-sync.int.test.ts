import { testTime } from '@trove/service-core/testing/time';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type SignedInUser,
  type SourcesTestService,
  startSourcesTestService,
  testDb,
} from '../../../infra/src/testing/sources-and-search';
import { SOURCE_KIND_REGISTRY } from './kinds/registry';
import { TOY_BATCH, toyCheckpointsSeen, toyKind, toyServers } from './kinds/testing/toy';
import { DATABASE_DEFAULTS } from './source-settings';
import { runSourceSync, type SourceSyncOptions } from './source-sync';
import { insertSource, updateSource } from './sources.repository';

// The sync life cycle with a kind it has never seen (issue 34 item 2; docs/decisions/084-one-source-kind-interface.md):
// the toy kind is one folder (kinds/testing/toy/) and one line in a registry, and it gets the whole life cycle —
// batches stored with their checkpoint, a run resumed from it, changed items replaced and unchanged ones left,
// deletions from listIds, pause, its failures in its own words with the back-off — without a line of its own SQL.

/** The service's registry and one line more. */
const registry = { ...SOURCE_KIND_REGISTRY, toy: toyKind };

let service: SourcesTestService;
let user: SignedInUser;

beforeAll(async () => {
  service = await startSourcesTestService({ sources: { allowedHosts: '127.0.0.1', concurrency: 0 } });
  user = await service.signUp();
}, testTime(120_000));
afterAll(async () => {
  await service?.close();
});

beforeEach(() => {
  toyCheckpointsSeen.length = 0;
});

function options(extra: Partial<SourceSyncOptions> = {}): SourceSyncOptions {
  const running = service.sources;
  if (running === undefined) throw new Error('the test service runs without sources');
  return {
    secrets: running.deps.secrets,
    logger: service.logs.logger,
    context: { reach: running.deps.reach, databases: DATABASE_DEFAULTS, imap: {} },
    intervalMinutes: 15,
    ...extra,
  };
}

/** A toy source on a fresh toy server holding these notes (each at its own version). */
async function toySource(notes: Record<string, string>) {
  const server = randomUUID();
  toyServers.set(server, {
    notes: new Map(Object.entries(notes).map(([key, text], index) => [key, { text, version: index + 1 }])),
    down: false,
  });
  const id = randomUUID();
  await insertSource(service.db, {
    id,
    userId: user.userId,
    kind: 'toy',
    name: `Notes on ${server}`,
    settings: { server },
    secret: '',
    nextSyncAt: new Date(),
  });
  const state = toyServers.get(server);
  if (state === undefined) throw new Error('no toy server');
  return { id, server: state };
}

async function rowOf(id: string) {
  return testDb(service.db)
    .selectFrom('sources')
    .select(['state', 'detail', 'checkpoint', 'next_sync_at', 'consecutive_failures'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** The source's documents by name, with their ids, once the search service has taken the intake. */
async function documentsOf(id: string): Promise<Map<string, string>> {
  await service.search.drainIntake();
  const rows = await testDb(service.db)
    .selectFrom('documents')
    .select(['id', 'name'])
    .where('source_id', '=', id)
    .execute();
  return new Map(rows.map((row) => [row.name.replace(/^.*\//, ''), row.id]));
}

describe('a new kind is one folder and one registry line', () => {
  it('stores its items batch by batch with their checkpoint, and the next sync starts there', async () => {
    const { id, server } = await toySource({ a: 'alpha', b: 'beta', c: 'gamma' });
    const seen: number[] = [];
    const cards: unknown[] = [];
    const run = () =>
      runSourceSync(
        service.db,
        id,
        registry,
        options({
          afterBatch: async ({ done }) => {
            seen.push(done);
            cards.push((await rowOf(id)).detail);
          },
        }),
      );
    expect(await run()).toBe('done');
    expect(seen).toEqual([TOY_BATCH, 3]);
    // The card moves with each batch: done of total, and when it last moved (what "stuck" is measured from).
    expect(cards[0]).toMatchObject({ done: TOY_BATCH, total: 3, progress_at: expect.any(String) });
    const first = await documentsOf(id);
    expect([...first.keys()].sort()).toEqual(['a.txt', 'b.txt', 'c.txt']);
    expect(await rowOf(id)).toMatchObject({ state: 'up_to_date', checkpoint: { version: 3 } });

    // One changed, one gone, one new; one unchanged.
    server.notes.set('b', { text: 'beta, edited', version: 4 });
    server.notes.delete('c');
    server.notes.set('d', { text: 'delta', version: 5 });
    expect(await run()).toBe('done');
    expect(toyCheckpointsSeen.at(-1)).toEqual({ version: 3 });
    const second = await documentsOf(id);
    expect([...second.keys()].sort()).toEqual(['a.txt', 'b.txt', 'd.txt']);
    // Unchanged: the same document; changed: a new one in its place.
    expect(second.get('a.txt')).toBe(first.get('a.txt'));
    expect(second.get('b.txt')).not.toBe(first.get('b.txt'));
    expect(await rowOf(id)).toMatchObject({ state: 'up_to_date', checkpoint: { version: 5 } });
  });

  it('a failure midway keeps the batches stored, says so in the kind’s words, and is tried again from there', async () => {
    const { id, server } = await toySource({ a: '1', b: '2', c: '3', d: '4', e: '5' });
    const run = (extra: Partial<SourceSyncOptions> = {}) =>
      runSourceSync(service.db, id, registry, options(extra));
    // The server goes down after the first batch is stored.
    expect(
      await run({
        afterBatch: () => {
          server.down = true;
        },
      }),
    ).toBe('done');
    const failed = await rowOf(id);
    expect(failed).toMatchObject({
      state: 'needs_attention',
      consecutive_failures: 1,
      checkpoint: { version: TOY_BATCH },
      detail: { problem: 'server', action: 'It is tried again by itself.' },
    });
    expect((failed.detail as { reason: string }).reason).toMatch(
      /^The notes on .* could not be read: toy server/,
    );
    // Retried by itself (the kind says a server problem passes), with the back-off.
    expect(failed.next_sync_at).not.toBeNull();
    expect((await documentsOf(id)).size).toBe(TOY_BATCH);

    server.down = false;
    expect(await run()).toBe('done');
    expect(toyCheckpointsSeen.at(-1)).toEqual({ version: TOY_BATCH });
    expect((await documentsOf(id)).size).toBe(5);
    expect(await rowOf(id)).toMatchObject({ state: 'up_to_date', consecutive_failures: 0 });
  });

  it('a pause mid-run stops it at the next batch and stays', async () => {
    const { id } = await toySource({ a: '1', b: '2', c: '3', d: '4', e: '5' });
    const result = await runSourceSync(
      service.db,
      id,
      registry,
      options({
        afterBatch: async () => {
          await updateSource(service.db, id, { state: 'paused', detail: {}, nextSyncAt: null });
        },
      }),
    );
    expect(result).toBe('done');
    expect(await rowOf(id)).toMatchObject({ state: 'paused', checkpoint: { version: TOY_BATCH } });
    expect((await documentsOf(id)).size).toBe(TOY_BATCH);
  });

  it('a second run while one works is told the source is busy', async () => {
    const { id } = await toySource({ a: '1', b: '2', c: '3' });
    let second: string | undefined;
    await runSourceSync(
      service.db,
      id,
      registry,
      options({
        afterBatch: async () => {
          second ??= await runSourceSync(service.db, id, registry, options());
        },
      }),
    );
    expect(second).toBe('busy');
  });
});

describe('the registry', () => {
  it('a source of a kind the service does not know is left out of the list, and is a 404 alone', async () => {
    const { id } = await toySource({ a: '1' });
    const list = await service.request(user, '/api/v1/sources');
    expect(list.status).toBe(200);
    expect(JSON.stringify(await list.json())).not.toContain(id);
    expect((await service.request(user, `/api/v1/sources/${id}`)).status).toBe(404);
  });

  it('holds every kind under its own name', () => {
    for (const [name, kind] of Object.entries(SOURCE_KIND_REGISTRY)) expect(kind.name).toBe(name);
  });

  it('lacking a kind the wire knows does not compile (tsc checks this file)', () => {
    const { sqlite: _left, ...rest } = SOURCE_KIND_REGISTRY;
    // @ts-expect-error -- sqlite is one of contracts' SOURCE_KINDS: a registry without it is a type error.
    const lacking: typeof SOURCE_KIND_REGISTRY = rest;
    expect(Object.keys(lacking)).not.toContain('sqlite');
  });
});
