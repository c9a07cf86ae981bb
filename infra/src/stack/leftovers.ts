import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { dropDatabase, type FreshDatabase } from './database';

// A stack whose owner dies by SIGKILL (kill -9, the OOM killer, a test runner's hard timeout) cannot stop
// its children, which live in process groups of their own. Each running stack therefore keeps a record
// of what it started in .data/run/; the next start finds records whose owner is gone and stops what they
// list (and drops a database made for the run), so a crash costs nothing but a line in the output.

interface RecordedProcess {
  pid: number;
  /** Text that must appear in /proc/<pid>/cmdline, so a pid reused by someone else is never signalled. */
  marker: string;
}

interface StackRecord {
  owner: number;
  processes: RecordedProcess[];
  /** The embedded cluster's data folder: its postmaster.pid names the server. */
  postgresDir?: string;
  /** Per-run folders inside the run folder (nginx's prefix), removed with the record. */
  folders?: string[];
  /** A database made for the run (tests), dropped with the record. */
  freshDatabase?: FreshDatabase;
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function commandLine(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    // No /proc (macOS) or no such process: nothing we can vouch for.
    return undefined;
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Gone in the meantime.
  }
}

/** The server pid from `<dataDir>/postmaster.pid`, if the file is there. */
export function postmasterPid(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

async function waitGone(pid: number, group: boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (alive(group ? -pid : pid)) {
    if (Date.now() >= deadline) return false;
    await sleep(50);
  }
  return true;
}

/** What one running stack started, kept on disk while it runs. */
export class StackRecorder {
  private readonly record: StackRecord = { owner: process.pid, processes: [] };

  constructor(private readonly file: string) {}

  addProcess(pid: number, marker: string): void {
    this.record.processes.push({ pid, marker });
    this.save();
  }

  addFolder(folder: string): void {
    this.record.folders = [...(this.record.folders ?? []), folder];
    this.save();
  }

  setFreshDatabase(database: FreshDatabase): void {
    this.record.freshDatabase = database;
    this.save();
  }

  setPostgresDir(dataDir: string): void {
    this.record.postgresDir = dataDir;
    this.save();
  }

  remove(): void {
    rmSync(this.file, { force: true });
  }

  private save(): void {
    writeFileSync(this.file, JSON.stringify(this.record));
  }
}

export function createRecorder(runDir: string, name: string): StackRecorder {
  mkdirSync(runDir, { recursive: true });
  return new StackRecorder(join(runDir, `stack-${process.pid}-${name}.json`));
}

/**
 * Stops what stacks whose owner process is gone left running, and forgets them. Returns the pids it
 * stopped. Only processes whose command line still matches the record are signalled.
 */
export async function stopLeftovers(runDir: string): Promise<number[]> {
  if (!existsSync(runDir)) return [];
  const stopped: number[] = [];
  for (const entry of readdirSync(runDir)) {
    if (!/^stack-\d+-.+\.json$/.test(entry)) continue;
    const file = join(runDir, entry);
    let record: StackRecord;
    try {
      record = JSON.parse(readFileSync(file, 'utf8')) as StackRecord;
    } catch {
      rmSync(file, { force: true });
      continue;
    }
    if (alive(record.owner)) continue;
    for (const { pid, marker } of record.processes) {
      if (!commandLine(pid)?.includes(marker)) continue;
      signal(-pid, 'SIGTERM');
      if (!(await waitGone(pid, true, 5000))) signal(-pid, 'SIGKILL');
      stopped.push(pid);
    }
    if (record.freshDatabase) {
      // Before an embedded server is stopped, since the database may live on it.
      const { adminUrl, name } = record.freshDatabase;
      await dropDatabase(adminUrl, name).catch(() => undefined);
    }
    if (record.postgresDir) {
      const pid = postmasterPid(record.postgresDir);
      if (pid !== undefined && commandLine(pid)?.includes(record.postgresDir)) {
        // SIGINT is PostgreSQL's fast shutdown: clean, no recovery needed at the next start.
        signal(pid, 'SIGINT');
        await waitGone(pid, false, 15_000);
        stopped.push(pid);
      }
    }
    for (const folder of record.folders ?? []) {
      // Only folders inside the run folder: a damaged record must not delete anything else.
      if (folder.startsWith(`${runDir}/`)) rmSync(folder, { recursive: true, force: true });
    }
    rmSync(file, { force: true });
  }
  return stopped;
}
