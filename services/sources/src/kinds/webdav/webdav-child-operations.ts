import { type ChildReach, reachInChild } from '../sandbox/child-reach';
import { type DavEntry, listFolder, readFile } from './webdav-client';
import type { WebdavTuning } from './webdav-settings';

// A file share's reads as the kinds' child runs them (webdav-sandbox.ts calls them; docs/decisions/218): a folder's
// listing, a file's bytes. The share comes with each call, its host pinned to the address the parent checked.

/** A share as it crosses to the child: its address as text, its reach pinned. */
export interface ChildShare {
  base: string;
  username: string;
  password: string;
  tuning: WebdavTuning;
  reach: ChildReach;
}

const shareIn = (share: ChildShare) => ({
  ...share,
  base: new URL(share.base),
  reach: reachInChild(share.reach),
});

export const WEBDAV_CHILD_OPERATIONS = {
  'webdav.list': (args: { share: ChildShare; path: string }): Promise<DavEntry[]> =>
    listFolder(shareIn(args.share), args.path),
  'webdav.read': (args: { share: ChildShare; path: string }): Promise<Buffer | null> =>
    readFile(shareIn(args.share), args.path),
};
