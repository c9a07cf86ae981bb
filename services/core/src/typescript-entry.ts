import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { prebuiltBundle, SERVICE_BUNDLES_SETTING } from './child-entry';

/**
 * How a TypeScript entry point runs as a process: one node process with tsx's loader
 * (docs/decisions/037). Not the `tsx` CLI: it runs the script in a second node process and relays
 * SIGTERM with a 30 ms handshake; on a loaded machine the handshake misses, and it SIGKILLs the service
 * in the middle of its drain and exits 143. A service's entry that `bundlesDir` lists runs from its bundle with
 * plain node instead (`TROVE_SERVICE_BUNDLES_DIR`, docs/decisions/247): the tests' services start in a tenth of the CPU.
 */
export function typeScriptEntry(
  entry: string,
  args: readonly string[] = [],
  bundlesDir: string | undefined = process.env[SERVICE_BUNDLES_SETTING] || undefined,
): { command: string; args: string[] } {
  const prebuilt = bundlesDir === undefined ? undefined : prebuiltBundle(entry, bundlesDir);
  if (prebuilt !== undefined) return { command: process.execPath, args: [prebuilt, ...args] };
  // createRequire, not import.meta.resolve: vitest's module runner (the e2e and stack tests start services
  // through this) does not implement import.meta.resolve.
  const loader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { command: process.execPath, args: ['--import', loader, entry, ...args] };
}
