import { gunzipSync } from 'node:zlib';

// Tar archives, plain or gzipped (.tar, .tar.gz, .tgz: issue 39 item 5, docs/decisions/124). A tar is a run
// of 512-byte headers each followed by its file's bytes, so once the gzip stream is inflated — by zlib with
// `maxOutputLength`, so a bomb stops at its budget — the entries are slices of one buffer, read in place.
// Headers: POSIX ustar (with its 155-byte name prefix), pax extended headers ('x': the path) and GNU long
// names ('L'); global pax headers ('g') carry nothing an entry needs.

const BLOCK = 512;

export interface TarEntry {
  name: string;
  directory: boolean;
  /** A symbolic or hard link: never taken. */
  link: boolean;
  bytes: Uint8Array;
}

export class TarError extends Error {
  constructor(readonly problem: 'damaged' | 'too-large') {
    super(problem);
  }
}

export const isGzip = (bytes: Uint8Array): boolean => bytes[0] === 0x1f && bytes[1] === 0x8b;

/** ustar's magic ("ustar" at 257), or an old-style header whose checksum adds up. */
export function isTar(bytes: Uint8Array): boolean {
  if (bytes.byteLength < BLOCK) return false;
  if (ascii(bytes, 257, 5) === 'ustar') return true;
  const stored = octal(bytes, 148, 8);
  return stored !== undefined && stored === checksum(bytes.subarray(0, BLOCK));
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  const field = bytes.subarray(at, at + length);
  const end = field.indexOf(0);
  return new TextDecoder('utf-8').decode(end === -1 ? field : field.subarray(0, end));
}

function octal(bytes: Uint8Array, at: number, length: number): number | undefined {
  const text = ascii(bytes, at, length).trim();
  return /^[0-7]+$/.test(text) ? Number.parseInt(text, 8) : undefined;
}

/** The header's checksum: its bytes summed with the checksum field read as spaces. */
function checksum(header: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 0x20 : (header[i] ?? 0);
  return sum;
}

/** The `path` record of a pax extended header ("<length> path=<value>\n" records). */
function paxPath(data: Uint8Array): string | undefined {
  const text = new TextDecoder('utf-8').decode(data);
  return /(?:^|\n)\d+ path=([^\n]*)\n/.exec(text)?.[1];
}

/**
 * The archive's bytes as a tar: gunzipped first when gzipped, to at most `maxBytes` (more is a TarError
 * 'too-large'), then split into at most `limit` entries.
 */
export function tarEntries(bytes: Uint8Array, maxBytes: number, limit: number): TarEntry[] {
  let tar = bytes;
  if (isGzip(bytes)) {
    try {
      tar = gunzipSync(bytes, { maxOutputLength: Math.max(1, maxBytes) });
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new TarError('too-large');
      throw new TarError('damaged');
    }
  } else if (bytes.byteLength > maxBytes) throw new TarError('too-large');
  if (!isTar(tar)) throw new TarError('damaged');
  const entries: TarEntry[] = [];
  let longName: string | undefined;
  let at = 0;
  while (at + BLOCK <= tar.byteLength && entries.length < limit) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const size = octal(header, 124, 12);
    if (size === undefined || octal(header, 148, 8) !== checksum(header)) throw new TarError('damaged');
    const data = tar.subarray(at + BLOCK, at + BLOCK + size);
    if (data.byteLength < size) throw new TarError('damaged');
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    const type = String.fromCharCode(header[156] ?? 0);
    if (type === 'x' || type === 'L') {
      longName = type === 'L' ? ascii(data, 0, data.byteLength) : paxPath(data);
      continue;
    }
    if (type === 'g') continue;
    const prefix = ascii(header, 257, 6) === 'ustar' ? ascii(header, 345, 155) : '';
    const name = longName ?? (prefix ? `${prefix}/${ascii(header, 0, 100)}` : ascii(header, 0, 100));
    longName = undefined;
    entries.push({
      name,
      directory: type === '5' || name.endsWith('/'),
      link: type === '1' || type === '2',
      bytes: data,
    });
  }
  return entries;
}
