import { readdir, readFile } from 'node:fs/promises';
import { type ChildScript, giveBackReaderChild, killReaderChild, takeReaderChild } from './reader-pool';
import type { RunnerSettings } from './reader-sandbox';

// One conversation with a bounded child (issue 34 item 3; docs/decisions/082 and 200): a child of the pool
// (reader-pool.ts) taken for one reader or one mailbox session, each call with a wall clock, the child's resident
// memory watched, and the child killed past either — every call still waiting then fails with the words of what
// stopped it. A database reader (reader-sandbox.ts) and a mailbox (kinds/imap/imap-sandbox.ts) speak through it.

/** A reply: `value`, or the child's failure as its protocol says it (turned into an Error by `failure`). */
export type ChildReply = { id: number; ok: true; value: unknown } | ({ id: number; ok: false } & object);

/** The words of each way a child stops, as the caller's error type. */
export interface ChildWords {
  tooSlow(): Error;
  tooMuchMemory(): Error;
  stopped(): Error;
  notStarted(): Error;
  closed(): Error;
}

export interface ChildChannel {
  /** Sends a message and waits for its reply, for at most `ms` (the runner's clock unless set). */
  call<T>(message: object, ms?: number): Promise<T>;
  /** Says `message` (the protocol's close) and gives the child back; a child that does not answer is killed. */
  close(message: object): Promise<void>;
  /** Kills the child now: every waiting call fails with `error`. */
  end(error: Error): void;
}

/** How often the child's resident memory is read. */
const RSS_EVERY_MS = 200;
/** How long a child may take to start (load its code) before it is given up. */
const START_MS = 120_000;
/** How long a child may take to close before it is killed instead of kept. */
const CLOSE_MS = 2_000;

/** A process's own resident memory in bytes (Linux); undefined elsewhere or once it is gone. */
async function ownResidentBytes(pid: number): Promise<number | undefined> {
  try {
    const statm = await readFile(`/proc/${pid}/statm`, 'utf8');
    return Number(statm.split(' ')[1]) * 4096;
  } catch {
    return undefined;
  }
}

/** The processes a process started (each of its threads' children), from /proc; none when it cannot tell. */
async function childrenOf(pid: number): Promise<number[]> {
  try {
    const tasks = await readdir(`/proc/${pid}/task`);
    const lists = await Promise.all(
      tasks.map((task) => readFile(`/proc/${pid}/task/${task}/children`, 'utf8').catch(() => '')),
    );
    return lists.flatMap((list) => list.split(' ').filter(Boolean).map(Number));
  } catch {
    return [];
  }
}

/**
 * The child's resident memory in bytes with that of the processes it started (Linux): a Git source's child runs
 * `git`, whose memory is the source's as much as the child's own (docs/decisions/218). Undefined elsewhere or
 * once it is gone.
 */
export async function residentBytes(pid: number, depth = 0): Promise<number | undefined> {
  const own = await ownResidentBytes(pid);
  if (own === undefined || depth >= 4) return own;
  const below = await Promise.all((await childrenOf(pid)).map((child) => residentBytes(child, depth + 1)));
  return below.reduce<number>((sum, bytes) => sum + (bytes ?? 0), own);
}

/** A child of `script` taken from the pool, once it listens (its start is not the source's time). */
export async function openChildChannel(
  script: ChildScript,
  runner: RunnerSettings,
  words: ChildWords,
  failure: (reply: Exclude<ChildReply, { ok: true }>) => Error,
): Promise<ChildChannel> {
  const child = takeReaderChild(runner, script);
  const started = await Promise.race([
    child.ready,
    new Promise<false>((resolve) => setTimeout(() => resolve(false), START_MS).unref()),
  ]);
  if (!started) {
    killReaderChild(child);
    throw words.notStarted();
  }
  const calls = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 1;
  let ended: Error | undefined;
  const onReply = (reply: ChildReply) => {
    const call = calls.get(reply.id);
    if (call === undefined) return;
    calls.delete(reply.id);
    if (reply.ok) call.resolve((reply as { value: unknown }).value);
    else call.reject(failure(reply));
  };
  const detach = () => {
    clearInterval(watch);
    child.process.off('message', onReply);
    child.process.off('close', onClose);
  };
  const end = (error: Error) => {
    ended ??= error;
    detach();
    killReaderChild(child);
    for (const call of calls.values()) call.reject(ended);
    calls.clear();
  };
  const onClose = (_code: number | null, signal: NodeJS.Signals | null) =>
    end(child.stderr.outOfMemory() || signal === 'SIGKILL' ? words.tooMuchMemory() : words.stopped());
  const watch = setInterval(() => {
    const pid = child.process.pid;
    if (pid === undefined) return;
    void residentBytes(pid).then((bytes) => {
      if (bytes !== undefined && bytes > runner.memoryMb * 1024 * 1024 && ended === undefined)
        end(words.tooMuchMemory());
    });
  }, RSS_EVERY_MS);
  watch.unref();
  child.process.on('message', onReply);
  child.process.on('close', onClose);
  const call = <T>(message: object, ms = runner.timeoutMs) => {
    if (ended !== undefined) return Promise.reject(ended);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      const clock = setTimeout(() => end(words.tooSlow()), ms);
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
  return {
    call,
    end,
    async close(message) {
      if (ended !== undefined) return;
      try {
        await call(message, CLOSE_MS);
      } catch {
        return; // Killed (end): not given back.
      }
      ended = words.closed();
      detach();
      giveBackReaderChild(child);
    },
  };
}
