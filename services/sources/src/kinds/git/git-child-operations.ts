import { type ChildReach, reachInChild } from '../sandbox/child-reach';
import {
  type Commit,
  changedPaths,
  commitIds,
  commits,
  fetchBranch,
  isAncestor,
  type Remote,
  readBlobs,
  remoteBranches,
  repository,
  type TreeFile,
  treeFiles,
} from './git-repo';

// A repository's reads as the kinds' child runs them (git-sandbox.ts calls them; docs/decisions/218): git is
// started by the child, so its memory is counted with the child's, and what git prints (a tree of 100,000
// files, 10,000 commits, a batch of blobs) is parsed there. The remote comes with each call, its host pinned to
// the address the parent checked.

/** A remote as it crosses to the child: its reach pinned. */
export type ChildRemote = Omit<Remote, 'reach'> & { reach: ChildReach };

/** What a sync reads after the fetch: whether it is a delta, the tree, the paths a delta changed, the commits. */
export interface GitPlan {
  delta: boolean;
  tree: TreeFile[];
  changed: string[] | null;
  log: Commit[];
}

const remoteIn = (remote: ChildRemote): Remote => ({ ...remote, reach: reachInChild(remote.reach) });

async function fetched(args: {
  remote: ChildRemote;
  sourceId: string;
  branch: string;
  before: string | null;
}): Promise<{ dir: string; head: string }> {
  const remote = remoteIn(args.remote);
  const { dir, made } = await repository(remote, args.sourceId);
  // A copy made again (removed after a bound, or by an administrator) is fetched shallow like a first one.
  const head = await fetchBranch(remote, dir, args.branch, args.before === null || made);
  return { dir, head };
}

async function plan(args: {
  remote: ChildRemote;
  dir: string;
  before: string | null;
  head: string;
}): Promise<GitPlan> {
  const remote = remoteIn(args.remote);
  const { dir, before, head } = args;
  const delta = before !== null && (await isAncestor(remote, dir, before, head));
  const tree = await treeFiles(remote, dir, head);
  const changed = delta ? [...(await changedPaths(remote, dir, before, head))] : null;
  const log = await commits(remote, dir, delta ? `${before}..${head}` : head);
  return { delta, tree, changed, log };
}

export const GIT_CHILD_OPERATIONS = {
  'git.branches': (args: { remote: ChildRemote }) => remoteBranches(remoteIn(args.remote)),
  'git.fetch': fetched,
  'git.plan': plan,
  'git.blobs': (args: { remote: ChildRemote; dir: string; shas: string[]; bytes: number }) =>
    readBlobs(remoteIn(args.remote), args.dir, args.shas, args.bytes),
  'git.commitIds': (args: { remote: ChildRemote; dir: string; head: string }) =>
    commitIds(remoteIn(args.remote), args.dir, args.head),
};
