import { testTime, waitUntil } from '@trove/service-core/testing/time';
import { afterAll, describe, expect, it } from 'vitest';
import {
  giveBackReaderChild,
  killReaderChild,
  prewarmReaderChild,
  type ReaderChild,
  stopReaderChildren,
  takeReaderChild,
} from './reader-pool';

// docs/decisions/217: a warm reader child nobody takes within SOURCE_RUN_IDLE_S is stopped, so an idle sources
// service holds no children; one taken in time is reused as before (docs/decisions/082). Memory sizes of their
// own, so the pool's children of other test files (shared module graph) are not these.

const exited = (child: ReaderChild) => child.process.exitCode !== null || child.process.signalCode !== null;

afterAll(() => stopReaderChildren());

describe('the reader pool', () => {
  it(
    'stops a child given back once it has waited idle for SOURCE_RUN_IDLE_S',
    async () => {
      const settings = { memoryMb: 97, idleMs: 300 };
      const child = takeReaderChild(settings);
      expect(await child.ready).toBe(true);
      giveBackReaderChild(child);
      await waitUntil(() => exited(child), { timeoutMs: 30_000, what: 'the idle child stopped' });
      expect(child.process.signalCode).toBe('SIGKILL');
      // The next reader gets a child that works, started afresh.
      const next = takeReaderChild(settings);
      expect(next.process.pid).not.toBe(child.process.pid);
      expect(await next.ready).toBe(true);
      killReaderChild(next);
    },
    testTime(90_000),
  );

  it(
    'keeps a child taken again within its idle time',
    async () => {
      const settings = { memoryMb: 98, idleMs: testTime(60_000) };
      const child = takeReaderChild(settings);
      expect(await child.ready).toBe(true);
      giveBackReaderChild(child);
      // The spare started behind the first reader waits first; the child given back is next.
      const taken = [takeReaderChild(settings), takeReaderChild(settings)];
      expect(taken).toContain(child);
      expect(exited(child)).toBe(false);
      for (const one of taken) killReaderChild(one);
    },
    testTime(90_000),
  );

  it(
    'with SOURCE_RUN_PREWARM off starts no child ahead of a read, and reuses the one given back',
    async () => {
      const settings = { memoryMb: 99, idleMs: testTime(60_000), prewarm: false };
      prewarmReaderChild(settings);
      const child = takeReaderChild(settings);
      expect(await child.ready).toBe(true);
      giveBackReaderChild(child);
      // No spare was started behind it (prewarm on would have one waiting first): the next read gets this child.
      const next = takeReaderChild(settings);
      expect(next).toBe(child);
      killReaderChild(next);
    },
    testTime(90_000),
  );
});
