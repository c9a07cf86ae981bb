import type { DavEntry } from './webdav-client';
import { WebdavError } from './webdav-error';
import type { WebdavTuning } from './webdav-settings';
import type { DavReader } from './webdav-sandbox';

// The walk over a share (issue 43 item 2): PROPFIND Depth 1, folder by folder, a few at a time, from the chosen
// folders (or the top). Bounded three ways, so a share that never ends — a symlink to a parent folder that the
// server follows, a folder of millions — is one clear message, not a hang: a folder is listed once, at most
// depthMax deep, and at most entriesMax entries in all. Each listing is a call to the share's child
// (webdav-sandbox.ts).

const WALKERS = 4;

export async function walkShare(
  reader: Pick<DavReader, 'list'>,
  tuning: Pick<WebdavTuning, 'entriesMax' | 'depthMax'>,
  roots: readonly string[],
): Promise<DavEntry[]> {
  const files: DavEntry[] = [];
  const listed = new Set<string>();
  const queue: string[] = [];
  let entries = 0;
  for (const root of roots) {
    // A chosen folder inside another chosen one is read once.
    if (roots.some((other) => other !== root && (other === '' || root.startsWith(`${other}/`)))) continue;
    queue.push(root);
  }
  const depthOf = (path: string) => (path === '' ? 0 : path.split('/').length);
  async function worker(): Promise<void> {
    for (let folder = queue.shift(); folder !== undefined; folder = queue.shift()) {
      if (listed.has(folder)) continue;
      listed.add(folder);
      const children = await reader.list(folder);
      entries += children.length;
      if (entries > tuning.entriesMax)
        throw new WebdavError(
          'limit',
          `The share holds more than ${tuning.entriesMax.toLocaleString('en')} files and folders, more than one source reads.`,
        );
      for (const child of children) {
        if (!child.folder) files.push(child);
        else if (depthOf(child.path) > tuning.depthMax)
          throw new WebdavError(
            'limit',
            `The folder “${child.path.split('/').slice(0, 3).join('/')}/…” goes more than ${tuning.depthMax} folders deep: probably a link that leads back to a folder above it.`,
          );
        else queue.push(child.path);
      }
    }
  }
  // Workers take folders as they appear; one that finds the queue empty while others still list stops, so the
  // walk loops until no worker left any folder behind.
  while (queue.length > 0) await Promise.all(Array.from({ length: WALKERS }, () => worker()));
  return files;
}
