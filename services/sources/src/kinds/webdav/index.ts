import {
  documentKindOf,
  type Source,
  type SourceFolder,
  sourceUrlHost,
  type WebdavSettings,
  WebdavSettingsSchema,
} from '@trove/contracts';
import { RETRIED_PROBLEMS } from '../../source-status';
import type { RawItem, SourceContext, SourceKind, SyncRun, SyncStep } from '../source-kind';
import { type DavEntry, type DavShare, shareBase } from './webdav-client';
import { type DavReader, openDavReader, withDavReader } from './webdav-sandbox';
import { walkShare } from './webdav-walk';
import { failedTest, webdavFailure } from './webdav-words';
import { WEBDAV_DEFAULTS } from './webdav-settings';

// A file share over WebDAV (issue 43 item 2; docs/decisions/185-webdav-file-share.md): Nextcloud, ownCloud,
// Synology, Apache or nginx. Each sync walks the chosen folders with PROPFIND Depth 1; a file whose ETag (or last
// change and size) is not the one stored is read and handed over raw, through the same extraction as an
// upload; a file no longer listed (deleted, or moved: it is then new under its new path) leaves the index.
// Every listing and every file is read in the kinds' child, bounded by SOURCE_RUN_* (docs/decisions/218).

export interface WebdavCheckpoint {
  /** The version of each file read: its ETag, or its last change and size when the server gives none. */
  seen: Record<string, string>;
}

/** Every path a run's walk listed, for `listIds` after the steps (the walk is the listing). */
const listedByRun = new WeakMap<object, Set<string>>();

/** The checkpoint is written at least every this many files (a crash re-reads at most these). */
const CHECKPOINT_FILES = 1000;
const READERS = 4;

function shareOf(context: SourceContext, settings: WebdavSettings, password: string): DavShare {
  return {
    base: shareBase(settings.url),
    username: settings.username,
    password,
    reach: context.reach,
    tuning: { ...WEBDAV_DEFAULTS, ...context.webdav },
  };
}

const versionOf = (file: DavEntry) => file.etag ?? `${file.lastModified ?? ''}|${file.size ?? ''}`;
const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1);
// The top of the share shows as "/" beside the source's name.
const folderOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '/');

/** The extraction's format for a file, as an upload's: by its name, else its type; undefined: not read. */
const formatOf = (file: DavEntry) => documentKindOf(fileName(file.path), file.contentType ?? '');

async function readBatch(reader: DavReader, batch: readonly DavEntry[]): Promise<RawItem[]> {
  const items: RawItem[] = [];
  let next = 0;
  async function readSome(): Promise<void> {
    for (let index = next++; index < batch.length; index = next++) {
      const file = batch[index];
      const format = file === undefined ? undefined : formatOf(file);
      if (file === undefined || format === undefined) continue;
      const bytes = await reader.read(file.path);
      if (bytes === null) continue;
      items.push({
        key: file.path,
        name: fileName(file.path),
        mediaType: file.contentType ?? 'application/octet-stream',
        format,
        bytes,
        folder: folderOf(file.path),
      });
    }
  }
  await Promise.all(Array.from({ length: READERS }, () => readSome()));
  return items;
}

async function* webdavSteps(
  run: SyncRun<WebdavSettings, WebdavCheckpoint>,
): AsyncGenerator<SyncStep<WebdavCheckpoint>> {
  const share = shareOf(run.context, run.source.settings, run.source.password);
  const reader = await openDavReader(share, run.context.databases.runner);
  run.closeAfter(() => reader.close());
  const files = await walkShare(reader, share.tuning, run.source.settings.folders ?? ['']);
  listedByRun.set(run, new Set(files.map((file) => file.path)));
  const before = run.checkpoint?.seen ?? {};
  // What is no longer listed leaves the checkpoint with it (listIds takes out its document).
  const seen: Record<string, string> = {};
  for (const file of files)
    if (before[file.path] !== undefined) seen[file.path] = before[file.path] as string;
  const wanted = files.filter(
    (file) =>
      before[file.path] !== versionOf(file) &&
      formatOf(file) !== undefined &&
      (file.size === null || file.size <= share.tuning.fileMaxBytes),
  );
  yield { total: wanted.length, checkpoint: { seen } };
  let unsaved = 0;
  for (let start = 0; start < wanted.length; ) {
    const batch: DavEntry[] = [];
    let bytes = 0;
    while (
      start < wanted.length &&
      batch.length < share.tuning.batchFiles &&
      bytes < share.tuning.batchBytes
    ) {
      const file = wanted[start++] as DavEntry;
      batch.push(file);
      bytes += file.size ?? 0;
    }
    const items = await readBatch(reader, batch);
    for (const file of batch) seen[file.path] = versionOf(file);
    unsaved += batch.length;
    const last = start >= wanted.length;
    yield {
      count: batch.length,
      items,
      ...(last || unsaved >= CHECKPOINT_FILES ? { checkpoint: { seen } } : {}),
    };
    if (last || unsaved >= CHECKPOINT_FILES) unsaved = 0;
  }
}

function folderChoice(entry: DavEntry): SourceFolder {
  return {
    path: entry.path,
    name: fileName(entry.path),
    special_use: null,
    messages: null,
    default_selected: false,
  };
}

/** The share's top folders, to choose from (none chosen: the whole share). */
async function topFolders(
  context: SourceContext,
  settings: WebdavSettings,
  password: string,
): Promise<SourceFolder[]> {
  const entries = await withDavReader(
    shareOf(context, settings, password),
    context.databases.runner,
    (reader) => reader.list(''),
  );
  return entries
    .filter((entry) => entry.folder)
    .sort((a, b) => a.path.localeCompare(b.path))
    .map(folderChoice);
}

export const webdavKind: SourceKind<WebdavSettings, WebdavCheckpoint, SourceFolder, 'webdav'> = {
  name: 'webdav',
  settings: WebdavSettingsSchema,
  itemNoun: { one: 'file', many: 'files' },
  password: 'required',
  connectionFields: { url: 'address', username: 'user name' },
  restartFields: ['url'],
  host: (settings) => sourceUrlHost(settings.url),
  fileId: () => null,
  defaultName: (settings) => {
    const url = new URL(settings.url);
    return `Files on ${url.host}`;
  },
  describe: (base, settings) => ({ ...base, kind: 'webdav', settings }) satisfies Source,
  test: {
    answer: 'test',
    run: async (context, settings, password) => {
      const parsed = WebdavSettingsSchema.parse(settings);
      try {
        const folders = await topFolders(context, parsed, password);
        return { ok: true, folders, default_folders: [], certificate: null };
      } catch (error) {
        return failedTest(webdavFailure(error, parsed));
      }
    },
  },
  discover: (context, settings, password) => topFolders(context, settings, password),
  sync: webdavSteps,
  listIds: async (run) => {
    const listed = listedByRun.get(run);
    return listed === undefined ? null : { present: listed };
  },
  describeFailure: (error, settings) => webdavFailure(error, settings),
  retried: new Set([...RETRIED_PROBLEMS, 'timeout']),
};
