import { documentKindOf } from '@trove/contracts';
import { ExtractionError } from './detect-kind';
import type { ContainedFile, DocumentText } from './document-text';
import type { ReadContext, Reader } from './reader';
import { isZip, zipKind } from './zip-kinds';
import { isGzip, isTar, TarError, type TarEntry, tarEntries } from './tar';
import { readZipEntry, ZipEntryError, zipEntries } from './zip';
import { sniffKind } from './sniff';

// ZIP and tar archives (issue 39 item 5, docs/decisions/121 and 124): each entry Trove reads becomes a document of its own,
// named "archive.zip › path", read by its own job and removed with its archive. Bounded before anything is
// inflated by what the directory declares (entries, all together, each entry's ratio to its compressed size),
// then again while inflating (zlib stops at the budget: a directory can lie). Paths that climb out ("../"),
// absolute paths and links are never taken. Archives in archives are opened one level deep.

/** How deep a container may sit and still be opened: a top-level archive (0) and an archive in it (1). */
export const MAX_OPENED_DEPTH = 1;

const megabytes = (bytes: number) =>
  bytes >= 1024 * 1024 * 1024
    ? `${(bytes / (1024 * 1024 * 1024)).toFixed(1)} GB`
    : `${Math.max(1, Math.round(bytes / (1024 * 1024)))} MB`;

/** Why an entry's path is not taken: it leaves the archive, or names no file. */
function unsafePath(name: string): boolean {
  const path = name.replace(/\\/g, '/');
  return path.startsWith('/') || /^[A-Za-z]:/.test(path) || path.split('/').some((part) => part === '..');
}

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

/** An entry of either kind of archive, as the collecting loop sees it. */
interface ArchiveItem {
  name: string;
  link: boolean;
  /** Its bytes, inflated to at most `cap`, or why not. */
  read(cap: number): Uint8Array | 'encrypted' | 'unread' | 'too-large';
  /** Its own packed size (zip), for the ratio bound; 0 when the archive is packed as a whole (tar.gz). */
  packedBytes: number;
}

type Collected = { contained: ContainedFile[]; notes: string[]; listing: string[] };

/** A ZIP's entries, bounded before anything is inflated by what its directory declares. */
function zipItems(bytes: Uint8Array, context: ReadContext): ArchiveItem[] {
  const { settings } = context;
  const entries = zipEntries(bytes, settings.archiveMaxEntries * 4 + 1000);
  if (entries === undefined) throw new ExtractionError('This ZIP archive is damaged and cannot be read.');
  const files = entries.filter((entry) => !entry.directory);
  const declared = files.reduce((sum, entry) => sum + entry.declaredBytes, 0);
  if (declared > settings.archiveMaxBytes) throw tooLarge(declared, settings.archiveMaxBytes);
  for (const entry of files) {
    if (
      entry.declaredBytes > Math.max(entry.compressedBytes, 1) * settings.archiveMaxRatio &&
      entry.declaredBytes > 1024 * 1024
    )
      throw bomb(entry.name, entry.declaredBytes, entry.compressedBytes, settings.archiveMaxRatio);
  }
  return files.map((entry) => ({
    name: entry.name,
    link: entry.symlink,
    packedBytes: entry.compressedBytes,
    read(cap) {
      try {
        return readZipEntry(bytes, entry, cap);
      } catch (err) {
        if (!(err instanceof ZipEntryError)) throw err;
        return err.problem === 'encrypted'
          ? 'encrypted'
          : err.problem === 'too-large'
            ? 'too-large'
            : 'unread';
      }
    },
  }));
}

/** A tar's entries (gzipped or not): the whole stream inflated once, to the archive budget and ratio. */
function tarItems(bytes: Uint8Array, context: ReadContext): ArchiveItem[] {
  const { settings } = context;
  const byRatio = isGzip(bytes)
    ? Math.max(bytes.byteLength * settings.archiveMaxRatio, 1024 * 1024)
    : Infinity;
  const cap = Math.min(settings.archiveMaxBytes, byRatio);
  let entries: TarEntry[];
  try {
    entries = tarEntries(bytes, cap, settings.archiveMaxEntries * 4 + 1000);
  } catch (err) {
    if (!(err instanceof TarError)) throw err;
    if (err.problem === 'damaged') throw new ExtractionError('This archive is damaged and cannot be read.');
    if (cap < settings.archiveMaxBytes)
      throw bomb('the archive', cap, bytes.byteLength, settings.archiveMaxRatio);
    throw tooLarge(cap + 1, settings.archiveMaxBytes);
  }
  return entries
    .filter((entry) => !entry.directory)
    .map((entry) => ({ name: entry.name, link: entry.link, packedBytes: 0, read: () => entry.bytes }));
}

const tooLarge = (bytes: number, most: number) =>
  new ExtractionError(
    `This archive opens to ${bytes > most ? 'more than ' : ''}${megabytes(Math.min(bytes, most + 1))}; archives that open to at most ${megabytes(most)} are indexed. Nothing in it was indexed.`,
  );

const bomb = (name: string, opened: number, packed: number, ratio: number) =>
  new ExtractionError(
    `This archive looks like a zip bomb: ${name === 'the archive' ? name : `“${name}”`} opens to more than ${megabytes(opened)} from ${megabytes(packed)}, over ${ratio} times its packed size. Nothing in it was indexed.`,
  );

/** The archive's entries as contained files, and the notes on what was left out. */
export function archiveEntries(bytes: Uint8Array, archiveName: string, context: ReadContext): Collected {
  const items = isZip(bytes) ? zipItems(bytes, context) : tarItems(bytes, context);
  return collect(items, archiveName, context);
}

function collect(items: ArchiveItem[], archiveName: string, context: ReadContext): Collected {
  const { settings } = context;
  const contained: ContainedFile[] = [];
  const listing: string[] = [];
  const unsafe: string[] = [];
  const links: string[] = [];
  const locked: string[] = [];
  let unread = 0;
  let left = settings.archiveMaxBytes;
  for (const item of items) {
    if (item.link) {
      links.push(item.name);
      continue;
    }
    if (unsafePath(item.name)) {
      unsafe.push(item.name);
      continue;
    }
    listing.push(item.name);
    if (contained.length >= settings.archiveMaxEntries) continue;
    const fileName = item.name.slice(item.name.lastIndexOf('/') + 1);
    // The ratio bound, counted on the real bytes: at least 1 MB, so small, very compressible files pass.
    const byRatio = item.packedBytes > 0 ? item.packedBytes * settings.archiveMaxRatio : left;
    const cap = Math.min(left, Math.max(byRatio, 1024 * 1024));
    const content = item.read(cap);
    if (content === 'too-large') throw bomb(item.name, cap, item.packedBytes, settings.archiveMaxRatio);
    if (content === 'encrypted') locked.push(item.name);
    if (typeof content === 'string') {
      if (content === 'unread') unread += 1;
      continue;
    }
    left -= content.byteLength;
    if (
      content.byteLength === 0 ||
      (documentKindOf(fileName, '') === undefined && sniffKind(content) === undefined)
    ) {
      unread += 1;
      continue;
    }
    contained.push({
      name: `${archiveName} › ${item.name}`,
      fileName,
      mediaType: 'application/octet-stream',
      bytes: content,
      role: 'entry',
    });
  }
  return { contained, notes: notesOn(listing.length, unsafe, links, locked, unread, context), listing };
}

function notesOn(
  kept: number,
  unsafe: string[],
  links: string[],
  locked: string[],
  unread: number,
  { settings }: ReadContext,
): string[] {
  const notes: string[] = [];
  if (kept > settings.archiveMaxEntries)
    notes.push(
      `Only the first ${settings.archiveMaxEntries.toLocaleString('en')} of its ${kept.toLocaleString('en')} files were indexed.`,
    );
  if (unsafe.length > 0)
    notes.push(
      `${plural(unsafe.length, 'entry was', 'entries were')} left out for a path outside the archive: ${unsafe.slice(0, 5).join(', ')}.`,
    );
  if (links.length > 0)
    notes.push(
      `${plural(links.length, 'link was', 'links were')} left out: ${links.slice(0, 5).join(', ')}.`,
    );
  if (locked.length > 0)
    notes.push(
      `${plural(locked.length, 'file is', 'files are')} protected by a password and could not be read: ${locked.slice(0, 5).join(', ')}.`,
    );
  if (unread > 0)
    notes.push(`${plural(unread, 'file was', 'files were')} empty, damaged or of a kind that is not read.`);
  return notes;
}

export async function readArchive(
  bytes: Uint8Array,
  archiveName: string,
  context: ReadContext,
): Promise<DocumentText> {
  if (context.depth > MAX_OPENED_DEPTH)
    throw new ExtractionError(
      'This archive is inside an archive inside another; archives are opened one level deep, so its files were not indexed.',
    );
  const { contained, notes, listing } = archiveEntries(bytes, archiveName, context);
  // The archive itself is found by the names of what it holds.
  const blocks = [];
  for (let at = 0; at < listing.length; at += 150) {
    blocks.push({ location: 'contents', text: listing.slice(at, at + 150).join('\n') });
  }
  return {
    title: null,
    parts: contained.length,
    documentDate: null,
    blocks,
    people: [],
    organisations: [],
    notes,
    contained,
  };
}

export const zipReader: Reader = {
  accepts(bytes) {
    if (isZip(bytes)) return zipKind(bytes) === 'zip' ? { accepted: true, text: null } : { accepted: false };
    // A gzip is taken as a .tar.gz; one that holds no tar says so when it is read.
    return isGzip(bytes) || isTar(bytes) ? { accepted: true, text: null } : { accepted: false };
  },
  read: (input, context) => readArchive(input.bytes, input.fileName, context),
  limits: ['archiveMaxEntries', 'archiveMaxBytes', 'archiveMaxRatio'],
};
