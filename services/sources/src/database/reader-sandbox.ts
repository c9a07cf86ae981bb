import { readFile } from 'node:fs/promises';
import { resolveAllowedHost } from '@trove/service-core';
import {
  classifyError,
  DatabaseError,
  type DatabaseLimits,
  type DatabaseReach,
  type DatabaseReader,
} from './database-reader';
import { giveBackReaderChild, killReaderChild, takeReaderChild } from './reader-pool';
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
}

export const RUNNER_DEFAULTS: RunnerSettings = { timeoutMs: 60_000, memoryMb: 256 };

/** How often the child's resident memory is read. */
const RSS_EVERY_MS = 200;
/** What V8 prints when it gives up on the heap. */
const OUT_OF_MEMORY_OUTPUT = /heap out of memory|Allocation failed/;
/** How long a child may take to start (load its code) before it is given up. */
const START_MS = 120_000;
/** How long a child may take to close its reader before it is killed instead of kept. */
const CLOSE_MS = 2_000;

/** The child's resident memory in bytes (Linux); undefined elsewhere or once it is gone. */
async function residentBytes(pid: number): Promise<number | undefined> {
  try {
    const statm = await readFile(`/proc/${pid}/statm`, 'utf8');
    return Number(statm.split(' ')[1]) * 4096;
  } catch {
    return undefined;
  }
}

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
  const child = takeReaderChild(options.runner.memoryMb);
  // A child's start (tsx loading its code) is not the source's time: the wall clock starts once it listens.
  const started = await Promise.race([
    child.ready,
    new Promise<false>((resolve) => setTimeout(() => resolve(false), START_MS).unref()),
  ]);
  if (!started) {
    killReaderChild(child);
    throw new DatabaseError('server', `${options.what} could not be read: its reader did not start.`);
  }
  const calls = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 1;
  let ended: DatabaseError | undefined;
  const seconds = Math.round(options.runner.timeoutMs / 1000);
  const tooMuchMemory = () =>
    new DatabaseError(
      'limit',
      `${options.what} took more than ${options.runner.memoryMb} MB of memory to read, and was stopped.`,
    );
  const onReply = (reply: ReaderReply) => {
    const call = calls.get(reply.id);
    if (call === undefined) return;
    calls.delete(reply.id);
    if (reply.ok) call.resolve(reply.value);
    else call.reject(new DatabaseError(reply.problem, reply.message));
  };
  const detach = () => {
    clearInterval(watch);
    child.process.off('message', onReply);
    child.process.off('close', onClose);
  };
  /** Ends this reader: its calls fail with `error`; the child is killed unless `keep`. */
  const end = (error: DatabaseError) => {
    ended ??= error;
    detach();
    killReaderChild(child);
    for (const call of calls.values()) call.reject(ended);
    calls.clear();
  };
  const onClose = (_code: number | null, signal: NodeJS.Signals | null) =>
    end(
      OUT_OF_MEMORY_OUTPUT.test(child.stderrTail) || signal === 'SIGKILL'
        ? tooMuchMemory()
        : new DatabaseError('server', `${options.what} could not be read: its reader stopped.`),
    );
  const watch = setInterval(() => {
    const pid = child.process.pid;
    if (pid === undefined) return;
    void residentBytes(pid).then((bytes) => {
      if (bytes !== undefined && bytes > options.runner.memoryMb * 1024 * 1024 && ended === undefined)
        end(tooMuchMemory());
    });
  }, RSS_EVERY_MS);
  watch.unref();
  child.process.on('message', onReply);
  child.process.on('close', onClose);
  const send = <T>(message: Omit<ReaderOpen, 'id'> | ReaderCallBody | { op: 'close' }, ms: number) => {
    if (ended !== undefined) return Promise.reject(ended);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      const clock = setTimeout(
        () =>
          end(
            new DatabaseError(
              'limit',
              `${options.what} took longer than ${seconds} s to read, and was stopped.`,
            ),
          ),
        ms,
      );
      calls.set(id, {
        resolve: (value) => {
          clearTimeout(clock);
          resolve(value as T);
        },
        reject: (error) => {
          clearTimeout(clock);
          reject(error);
        },
      });
      child.process.send({ ...message, id });
    });
  };
  const call = <T>(message: ReaderCallBody) => send<T>(message, options.runner.timeoutMs);
  await send({ op: 'open', target: open, limits: options.limits }, options.runner.timeoutMs).catch(
    (error: unknown) => {
      if (ended === undefined) void close();
      throw error;
    },
  );
  async function close(): Promise<void> {
    if (ended !== undefined) return;
    try {
      await send({ op: 'close' }, CLOSE_MS);
    } catch {
      return; // Killed (end): not given back.
    }
    ended = new DatabaseError('server', `${options.what}: the reader is closed.`);
    detach();
    giveBackReaderChild(child);
  }
  return {
    listTables: () => call({ op: 'listTables' }),
    columns: (from) => call({ op: 'columns', from }),
    rows: (from, request) => call({ op: 'rows', from, request }),
    ids: (from, idColumn, after, limit) => call({ op: 'ids', from, idColumn, after, limit }),
    close,
  };
}
