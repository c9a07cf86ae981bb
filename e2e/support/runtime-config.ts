import { readFileSync, writeFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';

export type RemoteName = 'marketing' | 'auth' | 'profile' | 'connectors' | 'chat';
export type RemotesConfig = { remotes: Record<RemoteName, { entry: string }> };

const configPath = (www: string) => join(www, 'config', 'remotes.json');

export function readRemotesConfig(www: string): RemotesConfig {
  return JSON.parse(readFileSync(configPath(www), 'utf8')) as RemotesConfig;
}

/** Written the way a deploy writes it: whole file, then rename, so nginx never serves half a file. */
export function writeRemotesConfig(www: string, config: RemotesConfig): void {
  const path = configPath(www);
  writeFileSync(`${path}.tmp`, JSON.stringify(config, null, 2));
  renameSync(`${path}.tmp`, path);
}

/** `/remotes/profile/abc123/mf-manifest.json` → `remotes/profile/abc123` */
export function remoteFolder(entry: string): string {
  const path = new URL(entry, 'http://x').pathname;
  return path.replace(/^\//, '').replace(/\/mf-manifest\.json$/, '');
}
