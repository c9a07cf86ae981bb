import { type ChildProcess, fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { type ChildStderr, childEntry, watchChildStderr } from '@trove/service-core';
import { READER_CHILD_FLAG, READER_READY } from './reader-protocol';

// The reader children, kept warm (docs/decisions/082): a child runs from TypeScript source under tsx, and starting
// one took 1–2 s on an idle machine and 18 s under the bench's load — every preview paying it was the difference
// between an answer and a timeout. A reader (or a mailbox session, docs/decisions/200) takes an idle child of its script and memory size (or starts one), and gives it
// back when it closes cleanly; a child that was killed, or has served MAX_USES readers, is never reused. One idle
// child is started again in the background whenever the last is taken. Idle children hold no reference on the
// event loop, so a service or a test stops without waiting for them. An idle child that nobody takes within
// SOURCE_RUN_IDLE_S is stopped (docs/decisions/217): a quiet service holds no children, and the next reader starts
// one (a fraction of a second from the bundled JavaScript `npm start` and the images run).

/**
 * What a child runs: its module (loaded under tsx), the flag its argv carries, and how messages travel. The
 * database reader's messages are JSON; a mailbox's carry messages' bytes, which 'advanced' (V8's structured
 * clone) passes as they are instead of as JSON arrays of numbers.
 */
export interface ChildScript {
  module: URL;
  flag: string;
  serialization: 'json' | 'advanced';
}

/** The database reader's child (reader-child.ts). */
export const READER_SCRIPT: ChildScript = {
  module: new URL('./reader-child.ts', import.meta.url),
  flag: READER_CHILD_FLAG,
  serialization: 'json',
};

export interface ReaderChild {
  process: ChildProcess;
  script: ChildScript;
  memoryMb: number;
  /** The end of what the child wrote to stderr: V8's last words when it ran out of memory. */
  stderr: ChildStderr;
  uses: number;
  /** Resolves when the child has loaded its code and listens (false: it went first). */
  ready: Promise<boolean>;
  /** SOURCE_RUN_IDLE_S in ms: how long it may wait idle before it is stopped. */
  idleMs: number;
  /** Runs while it waits idle. */
  idleTimer?: NodeJS.Timeout | undefined;
}

/** What the pool needs of the runner's settings (reader-sandbox.ts's RunnerSettings). */
export interface PoolSettings {
  memoryMb: number;
  /** SOURCE_RUN_IDLE_S in ms. Default {@link IDLE_MS}. */
  idleMs?: number | undefined;
  /** SOURCE_RUN_PREWARM: false starts no child ahead of a read (the first read pays the start). Default true. */
  prewarm?: boolean | undefined;
}

/** SOURCE_RUN_IDLE_S's default: five minutes, far past a sync's gap between two readers. */
export const IDLE_MS = 300_000;

/** Readers one child serves before it is replaced (memory a long life may have kept). */
const MAX_USES = 50;
/** Idle children kept per memory size. */
const MAX_IDLE = 2;

/** Idle children by script and memory size. */
const idle = new Map<string, ReaderChild[]>();
const idleKey = (script: ChildScript, memoryMb: number) => `${script.flag}:${memoryMb}`;

/**
 * The child's environment: enough to start Node and tsx, nothing of the service's (no database, no keys); the
 * extra certificate authorities a deployment trusts, since a mailbox's TLS is made in the child.
 */
function childEnv(): NodeJS.ProcessEnv {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ', 'NODE_EXTRA_CA_CERTS'];
  return Object.fromEntries(
    keep.flatMap((key) => (process.env[key] === undefined ? [] : [[key, process.env[key]]])),
  );
}

const alive = (child: ReaderChild) =>
  child.process.exitCode === null && child.process.signalCode === null && child.process.connected;

/** Lets the event loop end while the child waits (an idle child), or holds it (a child at work). */
function hold(child: ReaderChild, held: boolean): void {
  const channel = child.process.channel as { ref(): void; unref(): void } | undefined;
  if (held) {
    child.process.ref();
    channel?.ref();
  } else {
    child.process.unref();
    channel?.unref();
  }
}

function spawnChild(script: ChildScript, memoryMb: number, idleMs: number): ReaderChild {
  // From TypeScript source under tsx, or the child's own bundle beside the service's (docs/decisions/217).
  const entry = childEntry(script.module);
  const process = fork(entry.path, [script.flag], {
    execArgv: [...entry.execArgv, `--max-old-space-size=${memoryMb}`],
    env: childEnv(),
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: script.serialization,
  });
  const ready = new Promise<boolean>((resolve) => {
    process.once('message', (message) => resolve(message === READER_READY));
    process.once('close', () => resolve(false));
  });
  const stderr = watchChildStderr(process.stderr, 4096);
  const child: ReaderChild = { process, script, memoryMb, stderr, uses: 0, ready, idleMs };
  (process.stderr as unknown as { unref?: () => void } | null)?.unref?.();
  process.on('error', () => undefined);
  return child;
}

/** Puts a child in the idle list, stopped (and dropped from it) if nobody takes it within its idle time. */
function park(list: ReaderChild[], child: ReaderChild): void {
  hold(child, false);
  list.push(child);
  child.idleTimer = setTimeout(() => {
    const at = list.indexOf(child);
    if (at >= 0) list.splice(at, 1);
    killReaderChild(child);
  }, child.idleMs);
  child.idleTimer.unref();
}

/** Starts an idle child of this size if none waits, so the next reader finds one. */
export function prewarmReaderChild(settings: PoolSettings, script: ChildScript = READER_SCRIPT): void {
  if (settings.prewarm === false) return;
  const key = idleKey(script, settings.memoryMb);
  const list = idle.get(key) ?? [];
  idle.set(key, list);
  if (list.some(alive)) return;
  park(list, spawnChild(script, settings.memoryMb, settings.idleMs ?? IDLE_MS));
}

/** An idle child of this size, or a new one; held until it is given back or killed. */
export function takeReaderChild(settings: PoolSettings, script: ChildScript = READER_SCRIPT): ReaderChild {
  const list = idle.get(idleKey(script, settings.memoryMb)) ?? [];
  let child: ReaderChild | undefined;
  while (child === undefined && list.length > 0) {
    const candidate = list.shift() as ReaderChild;
    clearTimeout(candidate.idleTimer);
    if (alive(candidate)) child = candidate;
  }
  child ??= spawnChild(script, settings.memoryMb, settings.idleMs ?? IDLE_MS);
  hold(child, true);
  child.uses += 1;
  if (list.length === 0) prewarmReaderChild(settings, script);
  return child;
}

/** Gives a child back after its reader closed cleanly; one that served enough, or is gone, is stopped. */
export function giveBackReaderChild(child: ReaderChild): void {
  const key = idleKey(child.script, child.memoryMb);
  const list = idle.get(key) ?? [];
  idle.set(key, list);
  if (!alive(child) || child.uses >= MAX_USES || list.length >= MAX_IDLE) {
    killReaderChild(child);
    return;
  }
  park(list, child);
}

/**
 * The processes below `pid` (its threads' children, and theirs), read from /proc while it still lives: once it is
 * gone they belong to init and cannot be found from it. None where /proc cannot tell.
 */
function descendantsOf(pid: number, depth = 0): number[] {
  if (depth >= 4) return [];
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const children = tasks.flatMap((task) => {
    try {
      return readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8')
        .split(' ')
        .filter(Boolean)
        .map(Number);
    } catch {
      return [];
    }
  });
  return children.flatMap((child) => [child, ...descendantsOf(child, depth + 1)]);
}

/**
 * Kills a child and what it started: a Git source's child runs `git` in a process group of its own
 * (git-run.ts), which would outlive the child and keep reading (docs/decisions/218).
 */
export function killReaderChild(child: ReaderChild): void {
  clearTimeout(child.idleTimer);
  if (child.process.exitCode !== null || child.process.signalCode !== null) return;
  const below = child.process.pid === undefined ? [] : descendantsOf(child.process.pid);
  child.process.kill('SIGKILL');
  for (const pid of below) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
}

/** Stops every idle child (the service's stop). */
export function stopReaderChildren(): void {
  for (const list of idle.values()) for (const child of list.splice(0)) killReaderChild(child);
}
