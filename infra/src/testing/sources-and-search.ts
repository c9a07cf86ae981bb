import { randomBytes } from 'node:crypto';
import { API_PATHS, CSRF_HEADER, type Source } from '@trove/contracts';
import { waitUntil } from '@trove/service-core/testing/time';
import type { Database, DatabaseHandle } from '@trove/service-core';
import type { Kysely } from 'kysely';
import type { SearchTables } from '../../../services/search/src/db/tables';
import { extractDocument } from '../../../services/search/src/extraction';
import type { SourcesTables } from '../../../services/sources/src/db/tables';
import {
  type SearchTestService,
  startSearchTestService,
} from '../../../services/search/src/testing/search-service';

export {
  bodyOnly,
  indexFiles,
  listsOfUser,
  paragraphExtractor,
  type SignedInUser,
} from '../../../services/search/src/testing/search-service';
import { createSourcesApp } from '../../../services/sources/src/app';
import {
  type RunningSources,
  type SourcesSettings,
  startSources,
} from '../../../services/sources/src/start-sources';
import type { SyncRunResult } from '../../../services/sources/src/source-jobs';

// Two services in one test process on one database (docs/decisions/170-sources-service.md): the sources service's
// app and workers, and the search service's, meeting only where they meet in production — PostgreSQL's tables, the
// intake and the job queue. The tests of a hand-over (a sync, then a search that finds what it brought) need
// both; neither service imports the other, so the harness that holds both lives here, beside the stack.

export interface RunningTestSources extends Omit<RunningSources, 'syncNow'> {
  /** One run of the source's sync, then the intake applied (what it handed over is in the index). */
  syncNow(sourceId: string): Promise<SyncRunResult>;
  /** One run of the source's sync alone: what it handed over waits in the intake. */
  syncOnly(sourceId: string): Promise<SyncRunResult>;
}

export interface SourcesTestService extends Omit<SearchTestService, 'boss'> {
  sources: RunningTestSources;
  /** The search service's own test service (uploads, its app). */
  search: SearchTestService;
}

/**
 * The search service's test service with the sources service beside it: a request under /api/v1/sources goes to
 * the sources app, every other to the search app; the sessions are the same. A fresh secrets key, and no host past
 * the host guard unless the test lists it in allowedHosts.
 */
export async function startSourcesTestService(
  options: NonNullable<Parameters<typeof startSearchTestService>[0]> & {
    sources?: Partial<SourcesSettings>;
  } = {},
): Promise<SourcesTestService> {
  const { sources: settings = {}, ...searchOptions } = options;
  const search = await startSearchTestService(searchOptions);
  // Off while a `syncOnly` runs: what it hands over waits in the intake.
  let drainAfterEachStep = true;
  const running = await startSources({
    db: search.db,
    logger: search.logs.logger,
    settings: {
      secretsKey: randomBytes(32).toString('base64'),
      secretsKeyDir: '.data/test-keys-unused',
      allowedHosts: undefined,
      intervalMinutes: 15,
      concurrency: 1,
      pollingIntervalSeconds: 0.5,
      ...settings,
      // The per-minute budgets (docs/decisions/201) stay out of the way unless a test sets them.
      limits: {
        checksPerMinute: 100_000,
        filesPerMinute: 100_000,
        syncNowPerMinute: 100_000,
        ...settings.limits,
      },
      // A sync's hand-over is applied as soon as it is committed, as the search service's worker would.
      onStored: () => {
        settings.onStored?.();
        if (drainAfterEachStep) search.drainIntake().catch(() => undefined);
      },
    },
  });
  const app = createSourcesApp({
    db: search.db,
    logger: search.logs.logger,
    verificationKey: search.verificationKey,
    ...running.deps,
  });
  const sources: RunningTestSources = {
    ...running,
    async syncOnly(sourceId) {
      drainAfterEachStep = false;
      try {
        return await running.syncNow(sourceId);
      } finally {
        drainAfterEachStep = true;
      }
    },
    async syncNow(sourceId) {
      const result = await running.syncNow(sourceId);
      await search.drainIntake();
      return result;
    },
  };
  const service: SourcesTestService = {
    ...search,
    search,
    sources,
    request(user, path, init) {
      if (
        path === API_PATHS.sources ||
        path.startsWith(`${API_PATHS.sources}/`) ||
        path.startsWith(`${API_PATHS.sources}?`)
      ) {
        const headers = new Headers(init?.headers);
        if (user !== undefined) {
          headers.set('Cookie', user.cookie);
          headers.set(CSRF_HEADER, user.csrf);
        }
        return Promise.resolve(app.request(path, { ...init, headers }));
      }
      return search.request(user, path, init);
    },
    async close() {
      await running.stop();
      await search.close();
    },
  };
  return service;
}

/**
 * "Sync now", every extraction job it queued, and the source read once no sync runs: the one way the tests of a
 * hand-over sync a source and look at the index. Under load a scheduled sync may start beside the test's own: what
 * it handed over is drained and extracted too (ci42, load ~25), and the source returned is the very read that saw
 * it settled (ci42: a second read found the next scheduled sync running).
 */
export async function syncAndIndex(
  on: SourcesTestService,
  sourceId: string,
  read: () => Promise<Source>,
): Promise<Source> {
  // 'busy' while the queue's own run holds the source, which may wait on the kinds' child starting under load.
  await waitUntil(async () => (await on.sources.syncNow(sourceId)) === 'done', {
    timeoutMs: 90_000,
    what: `a sync of source ${sourceId}`,
  });
  const worker = on.worker(extractDocument);
  const runAll = async () => {
    while (await worker.runOnce()) {
      // every job queued
    }
  };
  await runAll();
  await on.search.drainIntake();
  await runAll();
  return waitUntil(
    async () => {
      const source = await read();
      return source.status.state === 'syncing' ? undefined : source;
    },
    { timeoutMs: 60_000, what: `source ${sourceId} settled after its sync` },
  );
}

// What the tests of a hand-over read on the search service's side: its tables, the extraction, the statistics.
export { extractDocument };
export { corpusStats } from '../../../services/search/src/documents/documents.repository';
export { emptyList } from '../../../services/search/src/search/posting-lists';

/** The shared handle seen with both services' tables (tests read documents and identities side by side). */
export function testDb(db: DatabaseHandle): Kysely<Database & SearchTables & SourcesTables> {
  return db.withTables<SearchTables & SourcesTables>() as unknown as Kysely<
    Database & SearchTables & SourcesTables
  >;
}
export {
  hasMariadb,
  type SourceServer,
  startMariadb,
} from '../../../services/sources/src/database/testing/source-databases';
