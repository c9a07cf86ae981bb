import { testTime } from '@trove/service-core/testing/time';
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { findNginx, type NginxRuntime, type ProxySettings, prepareNginxRuntime } from '@trove/proxy';

// nginx alone with the rendered config, for the deploy-story tests that need no services (deploys, the
// A/B split): cheaper than a whole stack on two shared cores.

export interface TestNginx {
  base: string;
  runtime: NginxRuntime;
  /** The worker processes now: pass them to {@link TestNginx.workersReplaced} after a reload. */
  workers(): number[];
  /**
   * Resolves once none of `before` is left: the master has read the new config, started new workers
   * and the old ones have finished their requests and exited.
   */
  workersReplaced(before: readonly number[], timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

async function waitUntilAnswering(url: string, child: ChildProcess, errorLog: string): Promise<void> {
  const deadline = Date.now() + testTime(15_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`nginx exited (${child.exitCode}): ${readFileSync(errorLog, 'utf8')}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(500) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`nginx did not answer at ${url}`);
}

export async function startTestNginx(settings: ProxySettings): Promise<TestNginx> {
  const bin = findNginx();
  if (bin === undefined) throw new Error('nginx is not installed');
  const runtime = prepareNginxRuntime(settings);
  const child = spawn(bin, runtime.args, { stdio: 'ignore' });
  const base = `http://127.0.0.1:${settings.httpPort}`;
  await waitUntilAnswering(base, child, runtime.errorLogPath);
  return {
    base,
    runtime,
    workers: () => childrenOf(child.pid ?? -1),
    async workersReplaced(before, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (childrenOf(child.pid ?? -1).some((pid) => before.includes(pid))) {
        if (Date.now() > deadline) throw new Error('nginx workers from before the reload are still running');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The processes the nginx master forked (its workers). */
function childrenOf(masterPid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Field 4 of /proc/<pid>/stat is the parent pid; the name before it may hold spaces.
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === masterPid)
        children.push(Number(entry));
    } catch {
      // Gone in the meantime.
    }
  }
  return children;
}
