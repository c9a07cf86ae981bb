import { resolveAllowedHost } from '@trove/service-core';
import {
  classifyError,
  DatabaseError,
  type DatabaseLimits,
  type DatabaseReach,
  type DatabaseReader,
} from './database-reader';
import { openChildChannel } from './child-channel';
import { READER_SCRIPT } from './reader-pool';
import type { ReaderCallBody, ReaderOpen, ReaderReply, SandboxTarget } from './reader-protocol';

// Every read of a database source — its preview, the SQLite upload's check, its sync — runs in a child process
// (issue 34 item 3; docs/decisions/082-sources-read-in-a-child.md). better-sqlite3 is synchronous: a recursive
// view read on the service's event loop stopped every request of every user until a restart. Here the loop only
// waits on a message; the child has a V8 heap of SOURCE_RUN_MEMORY_MB and its resident memory is watched
// against the same figure (SQLite's and the drivers' buffers are outside V8's heap), and each call has a wall
// clock (SOURCE_RUN_TIMEOUT_S). Past either the child is killed and the call fails with the reason in words.

export interface RunnerSettings {
  /** SOURCE_RUN_TIMEOUT_S, in ms: the longest one call (open, list, columns, a page, ids) may take. */
  timeoutMs: number;
  /** SOURCE_RUN_MEMORY_MB: the child's heap and resident memory. */
  memoryMb: number;
  /** SOURCE_RUN_IDLE_S, in ms: how long a warm child waits unused before it is stopped (reader-pool.ts). */
  idleMs?: number | undefined;
  /**
   * SOURCE_RUN_PREWARM: keep a child of each kind warm (one at start, a new one as each is taken), so a Test or
   * a sync does not wait for a child to start. Off, a child starts when a read needs one and is reused after.
   */
  prewarm?: boolean | undefined;
}

export const RUNNER_DEFAULTS: RunnerSettings = { timeoutMs: 60_000, memoryMb: 256 };

/** The checked target: a server's host resolved here, on the service's DNS and SOURCE_ALLOWED_HOSTS. */
async function checkedTarget(target: SandboxTarget, reach: DatabaseReach): Promise<ReaderOpen['target']> {
  if (target.kind === 'sqlite') return target;
  try {
    const { address } = await resolveAllowedHost(target.connection.host, reach.allowedHosts, reach.lookup);
    return { ...target, address };
  } catch (error) {
    throw classifyError(error);
  }
}

export interface SandboxOptions {
  reach: DatabaseReach;
  limits: DatabaseLimits;
  runner: RunnerSettings;
  /** What is read, for the words when a bound stops it ("The SQLite file"). */
  what: string;
}

/** A reader whose work runs in a child process (reader-pool.ts), bounded by the runner's settings. */
export async function openSandboxedReader(
  target: SandboxTarget,
  options: SandboxOptions,
): Promise<DatabaseReader> {
  const open = await checkedTarget(target, options.reach);
  const seconds = Math.round(options.runner.timeoutMs / 1000);
  const channel = await openChildChannel(
    READER_SCRIPT,
    options.runner,
    {
      tooSlow: () =>
        new DatabaseError('limit', `${options.what} took longer than ${seconds} s to read, and was stopped.`),
      tooMuchMemory: () =>
        new DatabaseError(
          'limit',
          `${options.what} took more than ${options.runner.memoryMb} MB of memory to read, and was stopped.`,
        ),
      stopped: () => new DatabaseError('server', `${options.what} could not be read: its reader stopped.`),
      notStarted: () =>
        new DatabaseError('server', `${options.what} could not be read: its reader did not start.`),
      closed: () => new DatabaseError('server', `${options.what}: the reader is closed.`),
    },
    (reply) => {
      const failed = reply as Extract<ReaderReply, { ok: false }>;
      return new DatabaseError(failed.problem, failed.message);
    },
  );
  const call = <T>(message: ReaderCallBody) => channel.call<T>(message);
  const close = () => channel.close({ op: 'close' });
  await channel
    .call({ op: 'open', target: open, limits: options.limits } satisfies Omit<ReaderOpen, 'id'>)
    .catch((error: unknown) => {
      void close();
      throw error;
    });
  return {
    listTables: () => call({ op: 'listTables' }),
    columns: (from) => call({ op: 'columns', from }),
    rows: (from, request) => call({ op: 'rows', from, request }),
    count: (from, position) => call({ op: 'count', from, position }),
    ids: (from, idColumn, after, limit) => call({ op: 'ids', from, idColumn, after, limit }),
    close,
  };
}
