import { isUtf8 } from 'node:buffer';
import {
  type DocumentKind,
  documentKindOf,
  type GitSettings,
  GitSettingsSchema,
  SOURCE_FOLDERS_MAX,
  type Source,
  type SourceFolder,
  sourceUrlHost,
} from '@trove/contracts';
import { RETRIED_PROBLEMS } from '../../source-status';
import type { RawItem, SourceContext, SourceKind, SyncRun, SyncStep } from '../source-kind';
import { commitMail } from './git-commit-mail';
import { GitError } from './git-error';
import { type Commit, forgetRepository, type Remote, remoteOf, type TreeFile } from './git-repo';
import { type GitSession, openGitSession, withGitSession } from './git-sandbox';
import { GIT_DEFAULTS } from './git-settings';
import { failedGitTest, gitFailureWords } from './git-words';

// A Git repository over HTTPS (issue 43 item 3; docs/decisions/186-git-repository.md). Each sync fetches the
// branch into the source's bare copy; when the commit stored is in the new history, only the paths the range
// changed and its new commits are read (a delta), otherwise — a first sync, a force-push, another branch — the
// whole tree and the newest commits. Text files under SOURCE_GIT_FILE_MAX_BYTES become documents under their
// folder's path (their kind, and so their language, by their extension), and each commit a message from its
// author on its date. What the branch no longer holds (deleted files, commits a force-push dropped) leaves by
// `listIds`. Every read — the branch list, the fetch, the tree, the blobs — runs in the kinds' child, bounded by
// SOURCE_RUN_* (git-sandbox.ts; docs/decisions/218).

export interface GitCheckpoint {
  branch: string;
  head: string;
}

interface RunState {
  session: GitSession;
  dir: string;
  head: string;
  tree: TreeFile[];
}

const stateByRun = new WeakMap<object, RunState>();

/** Kinds read from a repository: text and documents; pictures and archives are left out. */
const SKIPPED: ReadonlySet<DocumentKind> = new Set(['image', 'zip', 'eml']);

function formatOf(path: string, bytes: Buffer): DocumentKind | undefined {
  const kind = documentKindOf(path.slice(path.lastIndexOf('/') + 1), '');
  if (kind !== undefined) return SKIPPED.has(kind) ? undefined : kind;
  // A file without a known extension (Makefile, LICENSE) is read when it is text.
  return bytes.subarray(0, 8000).includes(0) || !isUtf8(bytes) ? undefined : 'txt';
}

const fileKey = (path: string) => `file:${path}`;
const commitKey = (sha: string) => `commit:${sha}`;
const folderOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '/');

function remoteFor(context: SourceContext, settings: GitSettings, password: string): Remote {
  return remoteOf(settings, password, context.reach, { ...GIT_DEFAULTS, ...context.git });
}

async function branchOf(session: GitSession, settings: GitSettings): Promise<string> {
  if (settings.branch !== null) return settings.branch;
  const { head } = await session.branches();
  if (head === null)
    throw new GitError('server', 'The repository has no branch yet (it is empty), or its HEAD names none.');
  return head;
}

function commitItems(list: readonly Commit[], settings: GitSettings, branch: string): RawItem[] {
  return list.map((commit) => ({
    key: commitKey(commit.sha),
    name: `${commit.sha.slice(0, 7)} ${commit.message.split('\n')[0] ?? ''}`.slice(0, 200),
    mediaType: 'message/rfc822',
    format: 'eml',
    bytes: commitMail(commit, { repository: settings.url, branch }),
    folder: `Commits on ${branch}`,
  }));
}

async function* gitSteps(run: SyncRun<GitSettings, GitCheckpoint>): AsyncGenerator<SyncStep<GitCheckpoint>> {
  const { settings } = run.source;
  const remote = remoteFor(run.context, settings, run.source.password);
  const session = await openGitSession(remote, run.context.databases.runner);
  run.closeAfter(() => session.close());
  const branch = await branchOf(session, settings);
  const before = run.checkpoint?.branch === branch ? run.checkpoint.head : null;
  const { dir, head } = await session.fetch(run.source.id, branch, before);
  if (before === head) {
    yield { total: 0 };
    return;
  }
  const { tree, changed, log } = await session.plan(dir, before, head);
  stateByRun.set(run, { session, dir, head, tree });
  const changedSet = changed === null ? null : new Set(changed);
  const files = tree.filter(
    (file) => (changedSet === null || changedSet.has(file.path)) && file.size <= remote.tuning.fileMaxBytes,
  );
  yield { total: files.length + log.length };
  for (let start = 0; start < log.length; start += remote.tuning.batchFiles) {
    const batch = log.slice(start, start + remote.tuning.batchFiles);
    yield { count: batch.length, items: commitItems(batch, settings, branch) };
  }
  for (let start = 0; start < files.length; ) {
    const batch: TreeFile[] = [];
    let bytes = 0;
    while (
      start < files.length &&
      batch.length < remote.tuning.batchFiles &&
      bytes < remote.tuning.batchBytes
    ) {
      const file = files[start++] as TreeFile;
      batch.push(file);
      bytes += file.size;
    }
    const blobs = await session.blobs(
      dir,
      batch.map((file) => file.sha),
      bytes,
    );
    const items: RawItem[] = [];
    for (const file of batch) {
      const bytesOf = blobs.get(file.sha);
      const format = bytesOf === undefined ? undefined : formatOf(file.path, bytesOf);
      if (bytesOf === undefined || format === undefined) continue;
      items.push({
        key: fileKey(file.path),
        name: file.path.slice(file.path.lastIndexOf('/') + 1),
        mediaType: format === 'txt' || format === 'code' ? 'text/plain' : 'application/octet-stream',
        format,
        bytes: bytesOf,
        folder: folderOf(file.path),
      });
    }
    yield { count: batch.length, items };
  }
  // Saved once the branch's every change is stored: a run cut short reads the range again (unchanged items skip).
  yield { checkpoint: { branch, head } };
}

async function branchChoices(
  context: SourceContext,
  settings: GitSettings,
  password: string,
): Promise<SourceFolder[]> {
  const { head, branches } = await withGitSession(
    remoteFor(context, settings, password),
    context.databases.runner,
    (session) => session.branches(),
  );
  // Capped like a mailbox's folders (issue 34 item 3): a host can list a million branches; the HEAD stays first.
  return branches
    .sort((a, b) => (a === head ? -1 : b === head ? 1 : a.localeCompare(b)))
    .slice(0, SOURCE_FOLDERS_MAX)
    .map((branch) => ({
      path: branch,
      name: branch,
      special_use: null,
      messages: null,
      default_selected: branch === head,
    }));
}

export const gitKind: SourceKind<GitSettings, GitCheckpoint, SourceFolder, 'git'> = {
  name: 'git',
  settings: GitSettingsSchema,
  itemNoun: { one: 'file or commit', many: 'files and commits' },
  password: 'optional',
  connectionFields: { url: 'address', username: 'user name' },
  restartFields: ['url'],
  host: (settings) => sourceUrlHost(settings.url),
  fileId: () => null,
  defaultName: (settings) => {
    const path = new URL(settings.url).pathname.replace(/\.git$/, '').replace(/\/+$/, '');
    return path.split('/').slice(-2).join('/') || new URL(settings.url).host;
  },
  describe: (base, settings) => ({ ...base, kind: 'git', settings }) satisfies Source,
  test: {
    answer: 'test',
    run: async (context, settings, password) => {
      const parsed = GitSettingsSchema.parse(settings);
      try {
        const folders = await branchChoices(context, parsed, password);
        if (folders.length === 0)
          throw new GitError('server', 'The repository has no branch yet (it is empty).');
        return {
          ok: true,
          folders,
          default_folders: folders.filter((folder) => folder.default_selected).map((folder) => folder.path),
          certificate: null,
        };
      } catch (error) {
        return failedGitTest(gitFailureWords(error, parsed));
      }
    },
  },
  discover: (context, settings, password) => branchChoices(context, settings, password),
  sync: gitSteps,
  listIds: async (run) => {
    const state = stateByRun.get(run);
    if (state === undefined) return null;
    const present = new Set(state.tree.map((file) => fileKey(file.path)));
    for (const sha of await state.session.commitIds(state.dir, state.head)) present.add(commitKey(sha));
    return { present };
  },
  // The bare copy goes with the source (a restart keeps it: its objects are fetched again only where new).
  forget: async (sourceId, context) => forgetRepository({ ...GIT_DEFAULTS, ...context.git }, sourceId),
  describeFailure: (error, settings) => gitFailureWords(error, settings),
  retried: new Set([...RETRIED_PROBLEMS, 'timeout']),
};
