import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type GitSettings, sourceUrlHost } from '@trove/contracts';
import { HostRefusedError, isListedHost, resolveAllowedHost } from '@trove/service-core';
import type { SourceReach } from '../../source-settings';
import { GitError, gitFailure } from './git-error';
import { type GitCall, runGit } from './git-run';
import type { GitTuning } from './git-settings';

// A repository as the kind reads it (issue 43 item 3): the remote's branches (ls-remote), a fetch of one branch
// into a bare copy in the service's data folder (its size watched as it arrives), and the copy's tree, history
// and blobs. Every call goes through runGit's bounds, in the kinds' child (git-sandbox.ts; docs/decisions/218).

export interface Remote {
  url: string;
  host: string;
  credentials: { username: string; password: string };
  reach: SourceReach;
  tuning: GitTuning;
}

export interface TreeFile {
  path: string;
  sha: string;
  size: number;
}

export interface Commit {
  sha: string;
  author: string;
  email: string;
  date: string;
  message: string;
}

const LIST_MAX = 64 * 1024 * 1024;

export function remoteOf(
  settings: GitSettings,
  password: string,
  reach: SourceReach,
  tuning: GitTuning,
): Remote {
  // Hosts take any user name with a token; GitHub documents x-access-token.
  const username = settings.username !== '' ? settings.username : password === '' ? '' : 'x-access-token';
  return {
    url: settings.url,
    host: sourceUrlHost(settings.url),
    credentials: { username, password },
    reach,
    tuning,
  };
}

/** The host guard on the remote's host: the address to dial, or the card's 'dns' or 'refused'. */
export async function checkedRemoteAddress(remote: Remote): Promise<{ address: string; family: 4 | 6 }> {
  try {
    return await resolveAllowedHost(remote.host, remote.reach.allowedHosts, remote.reach.lookup);
  } catch (error) {
    if (error instanceof HostRefusedError)
      throw new GitError(error.kind === 'dns' ? 'dns' : 'refused', error.message);
    throw error;
  }
}

/** The host guard, then git pinned to the address it checked. */
async function connection(remote: Remote): Promise<Pick<GitCall, 'pin' | 'allowHttp' | 'credentials'>> {
  const url = new URL(remote.url);
  const resolved = await checkedRemoteAddress(remote);
  if (url.protocol === 'http:' && !isListedHost(remote.host, remote.reach.allowedHosts))
    throw new GitError(
      'tls',
      'A repository on the internet is read over https:// only: its token would travel in the clear.',
    );
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  return {
    pin: { host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port, ...resolved },
    allowHttp: url.protocol === 'http:',
    credentials: remote.credentials,
  };
}

async function git(
  remote: Remote,
  call: Omit<GitCall, 'timeoutMs' | 'maxStdoutBytes'> & { maxStdoutBytes?: number },
) {
  const result = await runGit(remote.tuning.dir, {
    timeoutMs: remote.tuning.timeoutMs,
    maxStdoutBytes: LIST_MAX,
    ...call,
  });
  if (result.code !== 0) throw gitFailure(result.stderr, remote.host);
  return result.stdout;
}

/** The remote's branches and the one its HEAD names. */
export async function remoteBranches(remote: Remote): Promise<{ head: string | null; branches: string[] }> {
  const out = await git(remote, {
    ...(await connection(remote)),
    args: ['ls-remote', '--symref', '--', remote.url, 'HEAD', 'refs/heads/*'],
  });
  let head: string | null = null;
  const branches: string[] = [];
  for (const line of out.toString('utf8').split('\n')) {
    const symref = /^ref: refs\/heads\/(\S+)\tHEAD$/.exec(line);
    if (symref?.[1] !== undefined) head = symref[1];
    const branch = /^[0-9a-f]{40,64}\trefs\/heads\/(\S+)$/.exec(line);
    if (branch?.[1] !== undefined) branches.push(branch[1]);
  }
  // A web page answers the address too (git then reads it as the old "dumb" protocol and finds nothing).
  if (head === null && branches.length === 0)
    throw new GitError(
      'server',
      `${remote.host} answered, but not as a Git repository with a branch at that address.`,
    );
  return { head, branches };
}

function sizeOf(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += sizeOf(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

/** The source's bare copy removed (the source is). */
export async function forgetRepository(tuning: GitTuning, sourceId: string): Promise<void> {
  rmSync(resolve(tuning.dir, `${sourceId}.git`), { recursive: true, force: true });
}

/** The source's bare copy, made on first use (`made`: it was not there, so the next fetch is a first one). */
export async function repository(remote: Remote, sourceId: string): Promise<{ dir: string; made: boolean }> {
  const dir = resolve(remote.tuning.dir, `${sourceId}.git`);
  const made = !existsSync(join(dir, 'HEAD'));
  if (made) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    await git(remote, { cwd: dir, args: ['init', '--bare', '--quiet'] });
  }
  return { dir, made };
}

/**
 * Fetches the branch into refs/trove/head (forced: a force-push replaces it), the newest commitsMax commits on a
 * first fetch. Stopped once the copy has grown by more than repoMaxBytes. Answers the branch's commit.
 */
export async function fetchBranch(
  remote: Remote,
  dir: string,
  branch: string,
  first: boolean,
): Promise<string> {
  const objects = join(dir, 'objects');
  // The whole copy is bounded, not one fetch: a fetch stopped midway may leave the objects it had, and the next
  // would then find them there and bring nothing.
  const watch = () => {
    if (sizeOf(objects) > remote.tuning.repoMaxBytes)
      throw new GitError(
        'limit',
        `The repository is larger than ${Math.round(remote.tuning.repoMaxBytes / 1024 / 1024)} MB, more than one source reads. Fetching it was stopped.`,
      );
  };
  await fetchWithin(remote, dir, watch, {
    ...(await connection(remote)),
    cwd: dir,
    watch,
    args: [
      'fetch',
      '--quiet',
      '--no-tags',
      '--no-write-fetch-head',
      ...(first ? [`--depth=${remote.tuning.commitsMax}`] : []),
      '--',
      remote.url,
      `+refs/heads/${branch}:refs/trove/head`,
    ],
  });
  return (await git(remote, { cwd: dir, args: ['rev-parse', '--verify', 'refs/trove/head^{commit}'] }))
    .toString('utf8')
    .trim();
}

/** A fetch that passed the bound leaves nothing behind: the copy is made again from the start next time. */
async function fetchWithin(
  remote: Remote,
  dir: string,
  watch: () => void,
  call: Parameters<typeof git>[1],
): Promise<void> {
  try {
    await git(remote, call);
    watch();
  } catch (error) {
    if (error instanceof GitError && error.problem === 'limit') rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Whether `older` is in `newer`'s history (false after a force-push, or when it is gone). */
export async function isAncestor(
  remote: Remote,
  dir: string,
  older: string,
  newer: string,
): Promise<boolean> {
  const result = await runGit(remote.tuning.dir, {
    cwd: dir,
    args: ['merge-base', '--is-ancestor', older, newer],
    timeoutMs: remote.tuning.timeoutMs,
    maxStdoutBytes: 1024,
  });
  return result.code === 0;
}

/** Every regular file of the commit's tree with its blob and size (symlinks and submodules left out). */
export async function treeFiles(remote: Remote, dir: string, commit: string): Promise<TreeFile[]> {
  const out = await git(remote, { cwd: dir, args: ['ls-tree', '-r', '-z', '-l', '--full-tree', commit] });
  const files: TreeFile[] = [];
  for (const record of out.toString('utf8').split('\0')) {
    const match = /^(\d{6}) blob ([0-9a-f]+)\s+(\d+)\t(.+)$/s.exec(record);
    if (match === null) continue;
    const [, mode, sha, size, path] = match;
    if ((mode !== '100644' && mode !== '100755') || path === undefined) continue;
    if (path.startsWith('/') || path.split('/').some((part) => part === '..' || part === '.' || part === ''))
      continue;
    files.push({ path, sha: sha as string, size: Number(size) });
  }
  return files;
}

/** The paths a range changed (added, modified or deleted). */
export async function changedPaths(
  remote: Remote,
  dir: string,
  from: string,
  to: string,
): Promise<Set<string>> {
  const out = await git(remote, {
    cwd: dir,
    args: ['diff', '--name-only', '--no-renames', '-z', from, to, '--'],
  });
  return new Set(out.toString('utf8').split('\0').filter(Boolean));
}

const FIELD = '\x1f';
const RECORD = '\x1e';

/** Commits of a range (`a..b`) or a commit's history, newest first, at most commitsMax. */
export async function commits(remote: Remote, dir: string, range: string): Promise<Commit[]> {
  const out = await git(remote, {
    cwd: dir,
    args: [
      'log',
      `--max-count=${remote.tuning.commitsMax}`,
      `--format=format:%H${FIELD}%an${FIELD}%ae${FIELD}%aI${FIELD}%B${RECORD}`,
      range,
      '--',
    ],
  });
  return out
    .toString('utf8')
    .split(RECORD)
    .map((record) => record.replace(/^\n/, '').split(FIELD))
    .filter((fields) => fields.length === 5 && /^[0-9a-f]{40,64}$/.test(fields[0] ?? ''))
    .map(([sha, author, email, date, message]) => ({
      sha: sha as string,
      author: author ?? '',
      email: email ?? '',
      date: date ?? '',
      message: (message ?? '').trim(),
    }));
}

/** The commits the branch holds now (for the deletion compare), newest first, at most commitsMax. */
export async function commitIds(remote: Remote, dir: string, commit: string): Promise<string[]> {
  const out = await git(remote, {
    cwd: dir,
    args: ['rev-list', `--max-count=${remote.tuning.commitsMax}`, commit, '--'],
  });
  return out.toString('utf8').split('\n').filter(Boolean);
}

/** Blobs' bytes by id, through one `git cat-file --batch`; `bytes` is their sizes together (the tree's). */
export async function readBlobs(
  remote: Remote,
  dir: string,
  shas: readonly string[],
  bytes: number,
): Promise<Map<string, Buffer>> {
  const blobs = new Map<string, Buffer>();
  if (shas.length === 0) return blobs;
  const out = await git(remote, {
    cwd: dir,
    args: ['cat-file', '--batch'],
    input: Buffer.from(`${shas.join('\n')}\n`),
    // The sizes the tree gave, and a header line each: never more than that is read.
    maxStdoutBytes: bytes + shas.length * 200 + 1024,
  });
  let at = 0;
  while (at < out.length) {
    const end = out.indexOf(0x0a, at);
    if (end < 0) break;
    const header = out.subarray(at, end).toString('utf8').split(' ');
    at = end + 1;
    if (header[1] !== 'blob') continue;
    const size = Number(header[2]);
    blobs.set(header[0] as string, out.subarray(at, at + size));
    at += size + 1;
  }
  return blobs;
}
