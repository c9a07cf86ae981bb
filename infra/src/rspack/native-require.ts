import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

/**
 * Why this exists: rspack turns its Module Federation runtime template into source with
 * `Function.prototype.toString`. Under `tsx`'s require hook that template (an ES module that rspack
 * `require`s) is recompiled by esbuild with `keepNames`, which wraps functions in `__name(…)` — a helper
 * that does not exist in the browser, so every page would die with "__name is not defined". Under
 * `node --import tsx/esm` only the ES module loader is hooked; node's own require(esm) loads the template
 * untouched. So a script started with plain `tsx` re-runs itself that way.
 */
const RELAUNCHED = 'TROVE_RSPACK_RELAUNCHED';

function templateIsRewritten(): boolean {
  const requireFromRspack = createRequire(import.meta.resolve('@rspack/core'));
  const template = requireFromRspack('./moduleFederationDefaultRuntime.js') as { default: unknown };
  return String(template.default).includes('__name(');
}

/**
 * Re-runs `scriptPath` under `node --import tsx/esm` when needed and mirrors its exit; returns false when
 * the current process can run rspack as it is.
 */
export function relaunchWithNativeRequire(scriptPath: string): boolean {
  if (process.env[RELAUNCHED] || !templateIsRewritten()) return false;
  const child = spawn(
    process.execPath,
    ['--import', import.meta.resolve('tsx/esm'), scriptPath, ...process.argv.slice(2)],
    {
      stdio: 'inherit',
      env: { ...process.env, [RELAUNCHED]: '1' },
    },
  );
  // Stopping this process (Ctrl-C, or a test killing it by pid) must stop the real one too.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return true;
}
