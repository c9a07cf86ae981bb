import { documentKindOf } from '@trove/contracts';
import { ExtractionError } from './detect-kind';
import type { ContainedFile, DocumentText } from './document-text';
import type { ReadContext, Reader } from './reader';
import { isZip, zipKind } from './zip-kinds';
import { readZipEntry, type ZipEntry, ZipEntryError, zipEntries } from './zip';
import { sniffKind } from './sniff';

// ZIP archives (issue 39 item 5, docs/decisions/121): each entry Trove reads becomes a document of its own,
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

/** The archive's entries as contained files, and the notes on what was left out. */
export function archiveEntries(
  bytes: Uint8Array,
  archiveName: string,
  context: ReadContext,
): { contained: ContainedFile[]; notes: string[]; listing: string[] } {
  const { settings } = context;
  const entries = zipEntries(bytes, settings.archiveMaxEntries * 4 + 1000);
  if (entries === undefined) throw new ExtractionError('This ZIP archive is damaged and cannot be read.');
  const files = entries.filter((entry) => !entry.directory);
  const declared = files.reduce((sum, entry) => sum + entry.declaredBytes, 0);
  if (declared > settings.archiveMaxBytes)
    throw new ExtractionError(
      `This archive opens to ${megabytes(declared)}; archives that open to at most ${megabytes(settings.archiveMaxBytes)} are indexed. Nothing in it was indexed.`,
    );
  const bomb = (entry: ZipEntry, opened: number) =>
    new ExtractionError(
      `This archive looks like a zip bomb: “${entry.name}” opens to more than ${megabytes(opened)} from ${megabytes(entry.compressedBytes)}, over ${settings.archiveMaxRatio} times its packed size. Nothing in it was indexed.`,
    );
  for (const entry of files) {
    if (
      entry.declaredBytes > Math.max(entry.compressedBytes, 1) * settings.archiveMaxRatio &&
      entry.declaredBytes > 1024 * 1024
    )
      throw bomb(entry, entry.declaredBytes);
  }
  const contained: ContainedFile[] = [];
  const listing: string[] = [];
  const unsafe: string[] = [];
  const links: string[] = [];
  const locked: string[] = [];
  let unread = 0;
  let left = settings.archiveMaxBytes;
  for (const entry of files) {
    if (entry.symlink) {
      links.push(entry.name);
      continue;
    }
    if (unsafePath(entry.name)) {
      unsafe.push(entry.name);
      continue;
    }
    listing.push(entry.name);
    if (contained.length >= settings.archiveMaxEntries) continue;
    const fileName = entry.name.slice(entry.name.lastIndexOf('/') + 1);
    // The ratio bound, counted on the real bytes: at least 1 MB, so small, very compressible files pass.
    const cap = Math.min(left, Math.max(entry.compressedBytes * settings.archiveMaxRatio, 1024 * 1024));
    let content: Uint8Array;
    try {
      content = readZipEntry(bytes, entry, cap);
    } catch (err) {
      if (!(err instanceof ZipEntryError)) throw err;
      if (err.problem === 'encrypted') locked.push(entry.name);
      else if (err.problem === 'too-large') throw bomb(entry, cap);
      else unread += 1;
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
      name: `${archiveName} › ${entry.name}`,
      fileName,
      mediaType: 'application/octet-stream',
      bytes: content,
      role: 'entry',
    });
  }
  const notes: string[] = [];
  const kept = listing.length;
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
  return { contained, notes, listing };
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
    return isZip(bytes) && zipKind(bytes) === 'zip' ? { accepted: true, text: null } : { accepted: false };
  },
  read: (input, context) => readArchive(input.bytes, input.fileName, context),
  limits: ['archiveMaxEntries', 'archiveMaxBytes', 'archiveMaxRatio'],
};
