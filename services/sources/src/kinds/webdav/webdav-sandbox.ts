import type { RunnerSettings } from '../../database/reader-sandbox';
import { childReach } from '../sandbox/child-reach';
import { asBuffer, inKindChild, type KindChannel, openKindChannel } from '../sandbox/kind-sandbox';
import type { DavEntry, DavShare } from './webdav-client';
import type { ChildShare } from './webdav-child-operations';
import { WebdavError } from './webdav-error';
import { checkedAddress } from './webdav-http';

// A file share read in the kinds' child (docs/decisions/218-webdav-and-git-in-the-child.md): each folder listing
// and each file is one call, with SOURCE_RUN_TIMEOUT_S, in a child of SOURCE_RUN_MEMORY_MB — a PROPFIND answer of
// 64 MB parsed, or a file of the upload bound read, is the child's memory, never the service's.

export interface DavReader {
  list(path: string): Promise<DavEntry[]>;
  /** A file's bytes; null when it is larger than the bound or gone. */
  read(path: string): Promise<Buffer | null>;
}

const words = (share: DavShare) => `The share at ${share.base.host}`;
const webdavError = (problem: WebdavError['problem'], message: string) => new WebdavError(problem, message);

/** The share as it crosses: its host checked here, on the service's DNS and SOURCE_ALLOWED_HOSTS. */
async function childShare(share: DavShare): Promise<ChildShare> {
  const checked = await checkedAddress(share.base, share.reach);
  return {
    base: share.base.toString(),
    username: share.username,
    password: share.password,
    tuning: share.tuning,
    reach: childReach(share.reach, share.base.hostname, checked),
  };
}

function readerOn(channel: KindChannel, share: ChildShare): DavReader {
  return {
    list: (path) => channel.call<DavEntry[]>('webdav.list', { share, path }),
    read: async (path) => {
      const bytes = await channel.call<Uint8Array | null>('webdav.read', { share, path });
      return bytes === null ? null : asBuffer(bytes);
    },
  };
}

/** A reader for a sync: closed by `close` (the life cycle's closeAfter). */
export async function openDavReader(
  share: DavShare,
  runner: RunnerSettings,
): Promise<DavReader & { close(): Promise<void> }> {
  const crossing = await childShare(share);
  const channel = await openKindChannel(runner, words(share), webdavError);
  return { ...readerOn(channel, crossing), close: () => channel.close() };
}

/** One check (a test, the folder list) in a child, closed after it. */
export async function withDavReader<T>(
  share: DavShare,
  runner: RunnerSettings,
  work: (reader: DavReader) => Promise<T>,
): Promise<T> {
  const crossing = await childShare(share);
  return inKindChild(runner, words(share), webdavError, (channel) => work(readerOn(channel, crossing)));
}
