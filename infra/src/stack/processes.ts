import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, fstatSync, openSync, readFileSync, writeSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** The last `count` non-empty lines of a log file from byte `fromOffset` on (this run's part), for error messages. */
export function tailFile(file: string, count = 20, fromOffset = 0): string {
  if (!existsSync(file)) return '';
  const lines = readFileSync(file).subarray(fromOffset).toString('utf8').split('\n');
  return lines
    .filter((line) => line.trim() !== '')
    .slice(-count)
    .join('\n');
}

/** A process group is alive while any member is, including children the leader spawned (nginx workers). */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // Already gone.
  }
}

const exitCleanups = new Set<() => void>();
let exitHookInstalled = false;

/**
 * Registers a synchronous last-resort cleanup for when this process ends without stop() (an uncaught
 * error, process.exit), so nothing we started outlives us. Returns the unregister function. SIGKILL of
 * this process cannot be caught; then the next start's port check names what is left.
 */
export function onProcessExit(cleanup: () => void): () => void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => {
      for (const run of exitCleanups) run();
    });
  }
  exitCleanups.add(cleanup);
  return () => exitCleanups.delete(cleanup);
}

export interface SpawnOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** stdout and stderr are appended here. */
  logFile: string;
  /** How messages name it (`The auth service`). Default: the name. */
  label?: string;
}

/**
 * A child in a process group of its own. Why a group: nginx starts workers, and a service may start
 * helpers (the extraction threads); signalling the group reaches all of them. Why its own: Ctrl-C in a terminal goes to
 * the foreground group, and we want to stop things in order (nginx, services, mail, database), not all
 * at once.
 */
export class ManagedProcess {
  readonly pid: number;
  readonly exited: Promise<void>;
  /** Part of the command line that identifies this process later (see leftovers.ts). */
  readonly marker: string;
  private readonly child: ChildProcess;
  private spawnError: Error | undefined;
  private stopping: Promise<void> | undefined;
  private readonly forgetExitCleanup: () => void;
  private readonly logOffset: number;

  constructor(
    readonly name: string,
    command: string,
    args: readonly string[],
    readonly options: SpawnOptions,
  ) {
    this.marker = args.join(' ');
    const log = openSync(options.logFile, 'a');
    writeSync(log, `\n--- ${new Date().toISOString()} ${command} ${args.join(' ')}\n`);
    // Logs are appended across runs; errors quote only what this run wrote.
    this.logOffset = fstatSync(log).size;
    try {
      this.child = spawn(command, args, {
        cwd: options.cwd,
        env: options.env,
        detached: true,
        stdio: ['ignore', log, log],
      });
    } finally {
      // The child holds its own copy of the descriptor.
      closeSync(log);
    }
    this.exited = new Promise((resolve) => {
      this.child.once('exit', () => resolve());
      this.child.once('error', (err) => {
        this.spawnError = err;
        resolve();
      });
    });
    // pid is undefined only when spawn failed (e.g. ENOENT); the 'error' event reports why.
    this.pid = this.child.pid ?? -1;
    this.forgetExitCleanup =
      this.pid > 0 ? onProcessExit(() => signalGroup(this.pid, 'SIGKILL')) : () => undefined;
  }

  /** The last lines this run wrote to its log. */
  logTail(count = 20): string {
    return tailFile(this.options.logFile, count, this.logOffset);
  }

  /** Undefined while the leader runs; else how it ended, for error messages. */
  get exitReason(): string | undefined {
    if (this.spawnError) return `could not start: ${this.spawnError.message}`;
    if (this.child.exitCode !== null) return `exited with code ${this.child.exitCode}`;
    if (this.child.signalCode !== null) return `was killed by ${this.child.signalCode}`;
    return undefined;
  }

  /** SIGTERM to the group; SIGKILL to whatever is left after `timeoutMs`. Resolves when the group is gone. */
  stop(timeoutMs = 5000): Promise<void> {
    this.stopping ??= (async () => {
      if (this.pid <= 0) return;
      signalGroup(this.pid, 'SIGTERM');
      if (!(await this.waitForGroupExit(timeoutMs))) {
        signalGroup(this.pid, 'SIGKILL');
        await this.waitForGroupExit(2000);
      }
      await this.exited;
      this.forgetExitCleanup();
    })();
    return this.stopping;
  }

  private async waitForGroupExit(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (groupAlive(this.pid)) {
      if (Date.now() >= deadline) return false;
      await sleep(25);
    }
    return true;
  }
}
