import { inflateRawSync } from 'node:zlib';

// A zip's directory and its entries, read with bounds (docs/decisions/019, 025, 121). Every zip-shaped kind
// (DOCX, XLSX, PPTX, the OpenDocument formats, ZIP archives) is opened through here: the central directory is
// walked by hand (JSZip and fflate inflate whole entries with no cap) and each entry is inflated by zlib with
// `maxOutputLength`, so a bomb stops at its budget before the memory is taken, whatever sizes it declares.

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const ZIP64_EXTRA = 0x0001;
const STORED = 0;
const DEFLATED = 8;
/** Unix file type bits of the external attributes (made on Unix: version made by's high byte is 3). */
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

export interface ZipEntry {
  /** The path as stored (UTF-8 when flagged, else CP437 read as Latin-1). */
  name: string;
  method: number;
  compressedBytes: number;
  /** What the directory declares; the entry's own word, checked again when it is inflated. */
  declaredBytes: number;
  encrypted: boolean;
  symlink: boolean;
  directory: boolean;
  /** Where its local header starts. */
  offset: number;
}

/** Where the zip's end-of-central-directory record starts, or -1: the last 22 bytes plus a ≤ 64 KB comment. */
function endOfCentralDirectory(view: DataView): number {
  for (let at = view.byteLength - 22; at >= Math.max(0, view.byteLength - 22 - 0xffff); at -= 1) {
    if (view.getUint32(at, true) === END_OF_CENTRAL_DIRECTORY) return at;
  }
  return -1;
}

/** zip64: the real size is the first field of the zip64 extra block; 4 GiB at least if it is missing. */
function zip64Size(view: DataView, from: number, to: number): number {
  let extra = from;
  while (extra + 4 <= to) {
    const id = view.getUint16(extra, true);
    const length = view.getUint16(extra + 2, true);
    if (id === ZIP64_EXTRA && length >= 8 && extra + 12 <= to)
      return Number(view.getBigUint64(extra + 4, true));
    extra += 4 + length;
  }
  return 2 ** 32;
}

/**
 * The zip's entries from its central directory (at most `limit`), or undefined when it has none (not a zip, or
 * truncated).
 */
export function zipEntries(bytes: Uint8Array, limit = Number.POSITIVE_INFINITY): ZipEntry[] | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = endOfCentralDirectory(view);
  if (end < 0) return undefined;
  const entries: ZipEntry[] = [];
  // The entry count may be capped (zip64), so the directory is walked until its headers stop.
  let at = view.getUint32(end + 16, true);
  while (at + 46 <= end && view.getUint32(at, true) === CENTRAL_DIRECTORY_HEADER && entries.length < limit) {
    const flags = view.getUint16(at + 8, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const nameBytes = bytes.subarray(at + 46, Math.min(at + 46 + nameLength, end));
    const name = new TextDecoder(flags & 0x800 ? 'utf-8' : 'latin1').decode(nameBytes);
    const madeOnUnix = view.getUint8(at + 5) === 3;
    const mode = view.getUint32(at + 38, true) >>> 16;
    let declared = view.getUint32(at + 24, true);
    const extraStart = at + 46 + nameLength;
    if (declared === 0xffffffff)
      declared = zip64Size(view, extraStart, Math.min(extraStart + extraLength, end));
    entries.push({
      name,
      method: view.getUint16(at + 10, true),
      compressedBytes: view.getUint32(at + 20, true),
      declaredBytes: declared,
      encrypted: (flags & 1) === 1,
      symlink: madeOnUnix && (mode & S_IFMT) === S_IFLNK,
      directory: name.endsWith('/'),
      offset: view.getUint32(at + 42, true),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Why an entry could not be opened: more than its budget, a method or encryption we do not read, damage. */
export type EntryProblem = 'too-large' | 'encrypted' | 'unsupported' | 'damaged';

export class ZipEntryError extends Error {
  constructor(readonly problem: EntryProblem) {
    super(`zip entry: ${problem}`);
  }
}

/**
 * An entry's bytes, inflated with at most `maxBytes` out: one byte more stops zlib (ERR_BUFFER_TOO_LARGE)
 * before it takes the memory. Throws ZipEntryError.
 */
export function readZipEntry(bytes: Uint8Array, entry: ZipEntry, maxBytes: number): Uint8Array {
  if (entry.encrypted) throw new ZipEntryError('encrypted');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const local = entry.offset;
  if (local + 30 > bytes.byteLength || view.getUint32(local, true) !== LOCAL_FILE_HEADER)
    throw new ZipEntryError('damaged');
  const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
  const data = bytes.subarray(start, Math.min(bytes.byteLength, start + entry.compressedBytes));
  if (entry.method === STORED) {
    if (data.byteLength > maxBytes) throw new ZipEntryError('too-large');
    return data;
  }
  if (entry.method !== DEFLATED) throw new ZipEntryError('unsupported');
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(1, maxBytes) });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new ZipEntryError('too-large');
    throw new ZipEntryError('damaged');
  }
}

/**
 * A zip opened for a reader: its entries by name, each read at most once against one running budget for
 * the whole file (all parts together), so a package whose parts each stay small still cannot open to more.
 */
export class ZipPackage {
  readonly entries: Map<string, ZipEntry>;
  private left: number;

  constructor(
    private readonly bytes: Uint8Array,
    entries: ZipEntry[],
    budget: number,
  ) {
    this.entries = new Map(entries.map((entry) => [entry.name, entry]));
    this.left = budget;
  }

  /** The sum of what its entries declare (a bomb that says so is refused before anything is inflated). */
  declaredBytes(): number {
    let total = 0;
    for (const entry of this.entries.values()) total += entry.declaredBytes;
    return total;
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** An entry's bytes (undefined when there is none), counted against the package's budget. */
  bytesOf(name: string): Uint8Array | undefined {
    const entry = this.entries.get(name);
    if (entry === undefined) return undefined;
    const out = readZipEntry(this.bytes, entry, this.left);
    this.left -= out.byteLength;
    return out;
  }

  /** An entry as UTF-8 text (XML parts). */
  textOf(name: string): string | undefined {
    const bytes = this.bytesOf(name);
    return bytes === undefined ? undefined : new TextDecoder().decode(bytes);
  }
}

/** A zip's package, or undefined when the bytes have no central directory. */
export function openZip(bytes: Uint8Array, budget: number): ZipPackage | undefined {
  const entries = zipEntries(bytes);
  return entries === undefined ? undefined : new ZipPackage(bytes, entries, budget);
}
