import type { SourceProblem } from '@trove/contracts';
import { type ChildChannel, openChildChannel } from '../../database/child-channel';
import type { ChildScript } from '../../database/reader-pool';
import type { RunnerSettings } from '../../database/reader-sandbox';
import { KIND_CHILD_FLAG, type KindReply } from './kind-protocol';

// Every read of a file share or a repository — its test, its folder or branch list, its sync — runs in a child
// process (issue 34 item 3; docs/decisions/218-webdav-and-git-in-the-child.md), on the runner a mailbox and a
// database use (child-channel.ts, ADRs 082 and 200): a V8 heap of SOURCE_RUN_MEMORY_MB, the child's resident
// memory (with the git it starts) held to the same figure, and SOURCE_RUN_TIMEOUT_S for each call. Past either
// the child is killed and the call fails as problem `limit`, in the kind's words.

export const KIND_SCRIPT: ChildScript = {
  module: new URL('./kind-child.ts', import.meta.url),
  flag: KIND_CHILD_FLAG,
  // A file's bytes cross as they are (V8's structured clone), not as JSON arrays of numbers.
  serialization: 'advanced',
};

/** A kind's error for a problem and its words (WebdavError, GitError). */
export type KindError = (problem: SourceProblem, message: string) => Error;

export interface KindChannel {
  /** Runs `op` in the child with `args`, for at most `ms` (SOURCE_RUN_TIMEOUT_S unless set). */
  call<T>(op: string, args: unknown, ms?: number): Promise<T>;
  close(): Promise<void>;
}

/** A child of the kinds' script for one source's session; `what` names the source in the words ("The share at …"). */
export async function openKindChannel(
  runner: RunnerSettings,
  what: string,
  error: KindError,
): Promise<KindChannel> {
  const seconds = Math.round(runner.timeoutMs / 1000);
  const channel: ChildChannel = await openChildChannel(
    KIND_SCRIPT,
    runner,
    {
      tooSlow: () =>
        error('limit', `${what} took longer than ${seconds} s to answer, and reading it was stopped.`),
      tooMuchMemory: () =>
        error(
          'limit',
          `${what} took more than ${runner.memoryMb} MB of memory to read, and reading it was stopped.`,
        ),
      stopped: () => error('server', `${what} could not be read: its reader stopped.`),
      notStarted: () => error('server', `${what} could not be read: its reader did not start.`),
      closed: () => error('server', `${what}: the reader is closed.`),
    },
    (reply) => {
      const failed = reply as Extract<KindReply, { ok: false }>;
      return error(failed.problem, failed.message);
    },
  );
  return {
    call: <T>(op: string, args: unknown, ms?: number) => channel.call<T>({ op, args }, ms),
    close: () => channel.close({ op: 'close' }),
  };
}

/** One session's work in a child, closed after it whatever happens. */
export async function inKindChild<T>(
  runner: RunnerSettings,
  what: string,
  error: KindError,
  work: (channel: KindChannel) => Promise<T>,
): Promise<T> {
  const channel = await openKindChannel(runner, what, error);
  try {
    return await work(channel);
  } finally {
    await channel.close();
  }
}

/** A Buffer again, whichever way the structured clone gave the bytes back. */
export const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
