import type { RunnerSettings } from '../../database/reader-sandbox';
import { childReach } from '../sandbox/child-reach';
import { asBuffer, inKindChild, type KindChannel, openKindChannel } from '../sandbox/kind-sandbox';
import type { ChildRemote, GitPlan } from './git-child-operations';
import { GitError } from './git-error';
import { checkedRemoteAddress, type Remote } from './git-repo';

// A repository read in the kinds' child (docs/decisions/218-webdav-and-git-in-the-child.md): the branch list, the
// fetch, the tree and history, each batch of blobs and the deletion compare are one call each, with
// SOURCE_RUN_TIMEOUT_S, in a child of SOURCE_RUN_MEMORY_MB that counts git's memory with its own. The fetch alone
// has SOURCE_GIT_TIMEOUT_S instead: it is a download, bounded in size by SOURCE_GIT_REPO_MAX_MB, and git's own
// clock stops it first, in its own words.

export interface GitSession {
  branches(): Promise<{ head: string | null; branches: string[] }>;
  fetch(sourceId: string, branch: string, before: string | null): Promise<{ dir: string; head: string }>;
  plan(dir: string, before: string | null, head: string): Promise<GitPlan>;
  blobs(dir: string, shas: string[], bytes: number): Promise<Map<string, Buffer>>;
  commitIds(dir: string, head: string): Promise<string[]>;
}

const words = (remote: Remote) => `The repository at ${remote.host}`;
const gitError = (problem: GitError['problem'], message: string) => new GitError(problem, message);

/** The remote as it crosses: its host checked here, on the service's DNS and SOURCE_ALLOWED_HOSTS. */
async function childRemote(remote: Remote): Promise<ChildRemote> {
  const checked = await checkedRemoteAddress(remote);
  return { ...remote, reach: childReach(remote.reach, remote.host, checked) };
}

function sessionOn(channel: KindChannel, remote: ChildRemote, runner: RunnerSettings): GitSession {
  return {
    branches: () => channel.call('git.branches', { remote }),
    fetch: (sourceId, branch, before) =>
      channel.call(
        'git.fetch',
        { remote, sourceId, branch, before },
        Math.max(runner.timeoutMs, remote.tuning.timeoutMs + 5_000),
      ),
    plan: (dir, before, head) => channel.call('git.plan', { remote, dir, before, head }),
    async blobs(dir, shas, bytes) {
      const blobs = await channel.call<Map<string, Uint8Array>>('git.blobs', { remote, dir, shas, bytes });
      return new Map([...blobs].map(([sha, blob]) => [sha, asBuffer(blob)]));
    },
    commitIds: (dir, head) => channel.call('git.commitIds', { remote, dir, head }),
  };
}

/** A session for a sync: closed by `close` (the life cycle's closeAfter, after listIds). */
export async function openGitSession(
  remote: Remote,
  runner: RunnerSettings,
): Promise<GitSession & { close(): Promise<void> }> {
  const crossing = await childRemote(remote);
  const channel = await openKindChannel(runner, words(remote), gitError);
  return { ...sessionOn(channel, crossing, runner), close: () => channel.close() };
}

/** One check (a test, the branch list) in a child, closed after it. */
export async function withGitSession<T>(
  remote: Remote,
  runner: RunnerSettings,
  work: (session: GitSession) => Promise<T>,
): Promise<T> {
  const crossing = await childRemote(remote);
  return inKindChild(runner, words(remote), gitError, (channel) =>
    work(sessionOn(channel, crossing, runner)),
  );
}
