import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';

/** The runtime map (docs/decisions/001): remote name → URL of its mf-manifest.json. */
export interface RemotesConfig {
  remotes: Record<string, { entry: string }>;
}

export const REMOTES_CONFIG_URL = '/config/remotes.json';

/**
 * Checked by hand rather than with zod, which would sit on the path of every first page load for one
 * small map. A malformed entry is dropped (its remote then shows its error and Retry), not fatal.
 */
export function parseRemotesConfig(value: unknown): RemotesConfig {
  const remotes =
    typeof value === 'object' && value !== null ? (value as { remotes?: unknown }).remotes : undefined;
  if (typeof remotes !== 'object' || remotes === null)
    throw new Error(`${REMOTES_CONFIG_URL} has no "remotes" map`);
  const valid = Object.entries(remotes).flatMap(([name, item]): Array<[string, { entry: string }]> => {
    const entry = typeof item === 'object' && item !== null ? (item as { entry?: unknown }).entry : undefined;
    return typeof entry === 'string' && entry !== '' ? [[name, { entry }]] : [];
  });
  return { remotes: Object.fromEntries(valid) };
}

/** MF container names are `trove_<name>` (docs/decisions/001). */
export const containerName = (remote: string) => `trove_${remote}`;

/**
 * Fetched with no-store every time: changing this file is how a remote is redeployed, rolled back or
 * A/B tested, so a cached copy would pin users to an old build.
 */
export async function fetchRemotesConfig(): Promise<RemotesConfig> {
  const response = await fetch(REMOTES_CONFIG_URL, { cache: 'no-store', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${REMOTES_CONFIG_URL} answered ${response.status}`);
  return parseRemotesConfig(await response.json());
}

/** Entry URL each remote was last registered with. */
const registeredEntries = new Map<string, string>();

function register(remote: string, entry: string, force: boolean): void {
  // The landing page's islands register the map before the app does (docs/decisions/190): once is enough.
  if (!force && registeredEntries.get(remote) === entry) return;
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

/**
 * Loads any exposed module `trove_<remote>/<expose>` (data as well as pages). Its shape is unknown to
 * the shell, which never imports a remote's code or types (docs/architecture.md#import-rules: one-way imports): the caller
 * checks what it reads.
 */
export async function loadExposedModule(remote: string, expose: string): Promise<unknown> {
  if (!registeredEntries.has(remote)) {
    throw new Error(`The remote "${remote}" is not listed in ${REMOTES_CONFIG_URL}`);
  }
  const id = `${containerName(remote)}/${expose}`;
  const loaded = await loadRemote<unknown>(id);
  if (loaded === null || loaded === undefined) throw new Error(`${id} could not be loaded`);
  return loaded;
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
