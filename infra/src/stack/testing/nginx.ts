import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { findNginx, type NginxRuntime, type ProxySettings, prepareNginxRuntime } from '@trove/proxy';

// nginx alone with the rendered config, for the deploy-story tests that need no services (deploys, the
// A/B split): cheaper than a whole stack on two shared cores.

export interface TestNginx {
  base: string;
  runtime: NginxRuntime;
  /** Renders the config again with `changes` and reloads it (SIGHUP): no restart, no dropped request. */
  reload(changes: Partial<ProxySettings>): Promise<void>;
  stop(): Promise<void>;
}

async function waitUntilAnswering(url: string, child: ChildProcess, errorLog: string): Promise<void> {
  const deadline = Date.now() + 15_000;
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
  let current = settings;
  const runtime = prepareNginxRuntime(current);
  const child = spawn(bin, runtime.args, { stdio: 'ignore' });
  const base = `http://127.0.0.1:${settings.httpPort}`;
  await waitUntilAnswering(base, child, runtime.errorLogPath);
  return {
    base,
    runtime,
    async reload(changes) {
      current = { ...current, ...changes };
      prepareNginxRuntime(current);
      const errorLogBefore = readFileSync(runtime.errorLogPath, 'utf8').length;
      child.kill('SIGHUP');
      // The master reads the new config and starts new workers; "start worker process" in the error
      // log at notice level is not logged at our `warn`, so wait for a request to see the new config.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const errors = readFileSync(runtime.errorLogPath, 'utf8').slice(errorLogBefore);
      if (/\[emerg\]/.test(errors)) throw new Error(`nginx refused the new config: ${errors}`);
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
