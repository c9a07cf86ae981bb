import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { parseRemotesConfig, type RemotesConfig } from '../rspack/site-files';

// docs/decisions/009-deploy-story.md, "Independent deploys": a remote is deployed by pointing the runtime
// map (config/remotes.json, fetched by the shell with no-cache) at another immutable version folder.
// The map is written whole and renamed into place, so nginx serves either the old map or the new one,
// never half of one. The shell's files are never touched.

/** The remotes the platform knows (docs/decisions/001). */
export const REMOTE_NAMES = ['marketing', 'auth', 'profile', 'connectors', 'chat'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export function isRemoteName(value: string): value is RemoteName {
  return (REMOTE_NAMES as readonly string[]).includes(value);
}

/** A version is the 12 hex characters build.ts names folders with. */
const VERSION = /^[0-9a-f]{12}$/;

/** The runtime map file of a variant: `remotes.json` for A (everyone's default), `remotes.b.json` for B. */
export function mapFileName(variant: 'a' | 'b' = 'a'): string {
  return variant === 'a' ? 'remotes.json' : 'remotes.b.json';
}

export function entryOf(name: string, version: string): string {
  return `/remotes/${name}/${version}/mf-manifest.json`;
}

/** The version a map entry points at, when it is one of ours (`/remotes/<name>/<version>/…`). */
export function versionInEntry(name: string, entry: string): string | undefined {
  const match = new RegExp(`^/remotes/${name}/([0-9a-f]{12})/mf-manifest\\.json$`).exec(entry);
  return match?.[1];
}

export async function readRuntimeMap(wwwRoot: string, file = mapFileName()): Promise<RemotesConfig> {
  const path = join(wwwRoot, 'config', file);
  if (!existsSync(path)) return { remotes: {} };
  const parsed = parseRemotesConfig(await readFile(path, 'utf8'));
  if (parsed === null) throw new Error(`${path} is not a runtime map ({ "remotes": { … } })`);
  return parsed;
}

/** Whole file to a temp name beside it, then rename: readers see the old file or the new one. */
export async function writeAtomically(path: string, body: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temp, body);
  await rename(temp, path);
}

/** Points `name` at `version` in the map file, after checking the version folder is complete. */
export async function switchRemote(
  wwwRoot: string,
  name: RemoteName,
  version: string,
  file = mapFileName(),
): Promise<RemotesConfig> {
  if (!VERSION.test(version)) throw new Error(`Not a version: ${JSON.stringify(version)}`);
  // Never switch to a folder that is not there: every browser would fail to load the remote.
  if (!existsSync(join(wwwRoot, 'remotes', name, version, 'mf-manifest.json'))) {
    throw new Error(`remotes/${name}/${version}/mf-manifest.json is missing under ${wwwRoot}`);
  }
  // A variant's map starts as a copy of everyone's map: a B test changes one remote, not all of them.
  const variantExists = existsSync(join(wwwRoot, 'config', file));
  const map = await readRuntimeMap(wwwRoot, variantExists ? file : mapFileName());
  const next: RemotesConfig = { remotes: { ...map.remotes, [name]: { entry: entryOf(name, version) } } };
  await writeAtomically(join(wwwRoot, 'config', file), `${JSON.stringify(next, null, 2)}\n`);
  return next;
}

/** How many versions per remote the history keeps: enough to roll back a few times. */
const HISTORY_LENGTH = 10;

export interface DeployHistory {
  /** Per remote and map file, the versions switched to, oldest first; the last is live. */
  remotes: Record<string, string[]>;
}

/**
 * `dist/.www-deploys.json` beside `dist/www`: outside the served folder, since it is for operators only.
 */
export function historyPath(wwwRoot: string): string {
  return join(dirname(wwwRoot), `.${basename(wwwRoot)}-deploys.json`);
}

export async function readHistory(wwwRoot: string): Promise<DeployHistory> {
  const path = historyPath(wwwRoot);
  if (!existsSync(path)) return { remotes: {} };
  const value = JSON.parse(await readFile(path, 'utf8')) as Partial<DeployHistory>;
  return { remotes: value.remotes ?? {} };
}

function historyKey(name: string, file: string): string {
  return file === mapFileName() ? name : `${name}@${file}`;
}

/** Records `version` as live for `name` (seeding the history with the version it replaces). */
export async function recordDeploy(
  wwwRoot: string,
  name: RemoteName,
  previous: string | undefined,
  version: string,
  file = mapFileName(),
): Promise<void> {
  const history = await readHistory(wwwRoot);
  const key = historyKey(name, file);
  const versions = history.remotes[key] ?? [];
  if (versions.length === 0 && previous !== undefined) versions.push(previous);
  if (versions.at(-1) !== version) versions.push(version);
  history.remotes[key] = versions.slice(-HISTORY_LENGTH);
  await writeAtomically(historyPath(wwwRoot), `${JSON.stringify(history, null, 2)}\n`);
}

/** Switches `name` back to the version before the live one and forgets the live one. */
export async function rollbackRemote(
  wwwRoot: string,
  name: RemoteName,
  file = mapFileName(),
): Promise<{ from: string | undefined; to: string }> {
  const history = await readHistory(wwwRoot);
  const key = historyKey(name, file);
  const versions = history.remotes[key] ?? [];
  const map = await readRuntimeMap(wwwRoot, file);
  const live = versionInEntry(name, map.remotes[name]?.entry ?? '');
  // The history's last entry is live unless someone switched by hand since; then roll back to it.
  if (versions.at(-1) === live) versions.pop();
  const to = versions.at(-1);
  if (to === undefined)
    throw new Error(`No earlier version of ${name} to roll back to (history: ${historyPath(wwwRoot)})`);
  await switchRemote(wwwRoot, name, to, file);
  history.remotes[key] = versions;
  await writeAtomically(historyPath(wwwRoot), `${JSON.stringify(history, null, 2)}\n`);
  return { from: live, to };
}
