import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/**
 * How a TypeScript entry point runs as a process: one node process with tsx's loader
 * (docs/decisions/037). Not the `tsx` CLI: it runs the script in a second node process and relays
 * SIGTERM with a 30 ms handshake; on a loaded machine the handshake misses, and it SIGKILLs the service
 * in the middle of its drain and exits 143.
 */
export function typeScriptEntry(
  entry: string,
  args: readonly string[] = [],
): { command: string; args: string[] } {
  // createRequire, not import.meta.resolve: vitest's module runner (the e2e and stack tests start services
  // through this) does not implement import.meta.resolve.
  const loader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { command: process.execPath, args: ['--import', loader, entry, ...args] };
}
