import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import * as z from 'zod/mini';

/** The runtime map (docs/decisions/001): remote name → URL of its mf-manifest.json. */
export const RemotesConfigSchema = z.object({
  remotes: z.record(z.string(), z.object({ entry: z.string().check(z.minLength(1)) })),
});
export type RemotesConfig = z.infer<typeof RemotesConfigSchema>;

export const REMOTES_CONFIG_URL = '/config/remotes.json';

/** MF container names are `trove_<name>` (docs/decisions/001). */
export const containerName = (remote: string) => `trove_${remote}`;

/**
 * Fetched with no-store every time: changing this file is how a remote is redeployed, rolled back or
 * A/B tested, so a cached copy would pin users to an old build.
 */
export async function fetchRemotesConfig(): Promise<RemotesConfig> {
  const response = await fetch(REMOTES_CONFIG_URL, { cache: 'no-store', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${REMOTES_CONFIG_URL} answered ${response.status}`);
  return RemotesConfigSchema.parse(await response.json());
}

/** Entry URL each remote was last registered with. */
const registeredEntries = new Map<string, string>();

function register(remote: string, entry: string, force: boolean): void {
  registerRemotes([{ name: containerName(remote), entry }], { force });
  registeredEntries.set(remote, entry);
}

export function registerAllRemotes(config: RemotesConfig): void {
  for (const [remote, { entry }] of Object.entries(config.remotes)) register(remote, entry, false);
}

/**
 * Makes the next load of `remote` go back to the network. The MF runtime keeps a failed entry load (and
 * its manifest) cached per remote; re-registering with `force` drops those caches. The map is re-read
 * first because the fix may have been a new entry (a rollback) rather than the old one coming back.
 */
export async function resetRemote(remote: string): Promise<void> {
  let entry = registeredEntries.get(remote);
  try {
    entry = (await fetchRemotesConfig()).remotes[remote]?.entry ?? entry;
  } catch {
    // The map itself is unreachable: retry with the entry we already know, if any.
  }
  if (!entry) throw new Error(`The remote "${remote}" is not listed in ${REMOTES_CONFIG_URL}`);
  register(remote, entry, true);
}

export interface ExposedComponentModule {
  default: ComponentType;
}

/** Loads `trove_<remote>/<expose>`; it must default-export a React component (docs/decisions/001). */
export async function loadExposedComponent(remote: string, expose: string): Promise<ExposedComponentModule> {
  if (!registeredEntries.has(remote)) {
    throw new Error(`The remote "${remote}" is not listed in ${REMOTES_CONFIG_URL}`);
  }
  const id = `${containerName(remote)}/${expose}`;
  const component = (await loadRemote<Partial<ExposedComponentModule>>(id))?.default;
  if (!component) throw new Error(`${id} has no default-exported component`);
  return { default: component };
}
