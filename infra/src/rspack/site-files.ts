import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
// The one list of connector settings and their variables (see connectorsConfigJson below).
import { connectorSettingsFromEnv } from '../../../mfe-connectors/src/features/connectors/connector-state';

/** Every file under `dir`, as sorted forward-slash paths relative to it. */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * docs/decisions/001: a remote's version is the first 12 hex characters of a sha256 over its built
 * files, so a folder's content never changes under its name. Paths are hashed with the bytes, so a
 * renamed file is a new version too.
 */
export async function versionOf(dir: string): Promise<string> {
  const hash = createHash('sha256');
  for (const file of await listFiles(dir)) {
    hash.update(file);
    hash.update('\0');
    hash.update(await readFile(path.join(dir, file)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

export interface RemotesConfig {
  remotes: Record<string, { entry: string }>;
}

/** The runtime map after a build: the fresh versions replace their remotes' entries, the rest stay. */
export function mergeRemotesConfig(
  previous: RemotesConfig | null,
  fresh: ReadonlyArray<{ name: string; version: string }>,
): RemotesConfig {
  const remotes = { ...(previous?.remotes ?? {}) };
  for (const { name, version } of fresh) {
    remotes[name] = { entry: `/remotes/${name}/${version}/mf-manifest.json` };
  }
  return { remotes };
}

export function parseRemotesConfig(text: string): RemotesConfig | null {
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const remotes = (value as { remotes?: unknown }).remotes;
    if (typeof remotes !== 'object' || remotes === null) return null;
    const valid = Object.entries(remotes).filter(
      (entry): entry is [string, { entry: string }] =>
        typeof entry[1] === 'object' &&
        entry[1] !== null &&
        typeof (entry[1] as { entry?: unknown }).entry === 'string',
    );
    return { remotes: Object.fromEntries(valid) };
  } catch {
    return null;
  }
}

/**
 * /config/connectors.json (docs/decisions/004): the connectors' public OAuth client ids, from the
 * environment, empty when unset. Written at build and again by `npm start`, so setting a variable and
 * restarting turns a connector card from Configure to Ready without a rebuild. The variable names live
 * with the connector catalog, which is the one place that knows which settings exist.
 */
export function connectorsConfigJson(env: NodeJS.ProcessEnv): string {
  return `${JSON.stringify(connectorSettingsFromEnv(env), null, 2)}\n`;
}

/** Writes it whole, then renames it into place, so nginx never serves half of it. */
export async function writeConnectorsConfig(wwwRoot: string, env: NodeJS.ProcessEnv): Promise<void> {
  const file = path.join(wwwRoot, 'config', 'connectors.json');
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, connectorsConfigJson(env));
  await rename(temp, file);
}
