// The postings of one lexeme, as stored in search_lists (docs/decisions/069-posting-lists.md): blocks of at
// most BLOCK_POSTINGS passages in passage-id order, each a run of (varint gap from the previous id, one byte
// of weight). The first id of a block is its key, so its first gap is 0. A byte of weight holds whether the
// lexeme is a title word (the top bit) and its BM25F pseudo-frequency, log-quantised in the other seven
// bits: ~6.5 % steps from 0.05 to 140, which BM25's saturation makes ~2 % of a term's score at most.

/** Postings per block: appending rewrites only the last block, a few hundred bytes. */
export const BLOCK_POSTINGS = 256;

const TITLED = 0x80;
const STEPS_PER_E = 16;
const LOWEST_LOG = -3;
const LEVELS = 127;

/** The weight byte of a pseudo-frequency (> 0) and whether the lexeme is a title word. */
export function weightByte(weight: number, titled: boolean): number {
  const level = Math.round((Math.log(Math.max(weight, 1e-9)) - LOWEST_LOG) * STEPS_PER_E);
  return Math.min(LEVELS, Math.max(0, level)) | (titled ? TITLED : 0);
}

/** The pseudo-frequency a weight byte stands for. */
export function weightOf(byte: number): number {
  return Math.exp((byte & LEVELS) / STEPS_PER_E + LOWEST_LOG);
}

export const isTitled = (byte: number) => (byte & TITLED) !== 0;

/** One lexeme's postings decoded: ids ascending, each with its weight byte. */
export interface PostingList {
  ids: number[];
  weights: number[];
}

export const emptyList = (): PostingList => ({ ids: [], weights: [] });

/**
 * Encodes postings (ids ascending, all above `previousId`) as gaps from `previousId`: a block's bytes when
 * `previousId` is its first id minus nothing (gap 0 first), or bytes to append after a block's last id.
 */
export function encodePostings(
  previousId: number,
  ids: readonly number[],
  weights: readonly number[],
): Buffer {
  const out = Buffer.allocUnsafe(ids.length * 10);
  let at = 0;
  let previous = previousId;
  for (let index = 0; index < ids.length; index++) {
    const id = ids[index] as number;
    let gap = id - previous;
    if (gap < 0 || (gap === 0 && index > 0))
      throw new Error(`posting ids out of order: ${id} after ${previous}`);
    previous = id;
    // Gaps can pass 2^32 (ids are bigint), so no bitwise shifts on the whole number.
    while (gap >= 0x80) {
      out[at++] = (gap % 0x80) | 0x80;
      gap = Math.floor(gap / 0x80);
    }
    out[at++] = gap;
    out[at++] = weights[index] as number;
  }
  return out.subarray(0, at);
}

/** Appends a block's postings (first id `firstId`) to `into`. */
export function decodeBlock(firstId: number, bytes: Uint8Array, into: PostingList): void {
  let previous = firstId;
  let at = 0;
  while (at < bytes.length) {
    let gap = 0;
    let scale = 1;
    let byte = bytes[at++] as number;
    while (byte >= 0x80) {
      gap += (byte & 0x7f) * scale;
      scale *= 0x80;
      byte = bytes[at++] as number;
    }
    gap += byte * scale;
    previous += gap;
    into.ids.push(previous);
    into.weights.push(bytes[at++] as number);
  }
}

/** A block to write: its key (first id), last id, count and bytes. */
export interface EncodedBlock {
  firstId: number;
  lastId: number;
  count: number;
  postings: Buffer;
}

/** A list cut into blocks of BLOCK_POSTINGS, in order. */
export function encodeBlocks(list: PostingList): EncodedBlock[] {
  const blocks: EncodedBlock[] = [];
  for (let start = 0; start < list.ids.length; start += BLOCK_POSTINGS) {
    const ids = list.ids.slice(start, start + BLOCK_POSTINGS);
    const weights = list.weights.slice(start, start + BLOCK_POSTINGS);
    const firstId = ids[0] as number;
    blocks.push({
      firstId,
      lastId: ids.at(-1) as number,
      count: ids.length,
      postings: encodePostings(firstId, ids, weights),
    });
  }
  return blocks;
}

/** A block's span as stored (search_lists.span, an int4): its ids' distance, or −1 past what an int4 holds. */
export function spanOf(block: { firstId: number; lastId: number }): number {
  const span = block.lastId - block.firstId;
  return span > 2_147_483_647 ? -1 : span;
}

/** A stored block's last id: from its span, or read from its postings when the span did not fit. */
export function lastIdOf(firstId: number, span: number, postings: Uint8Array): number {
  if (span >= 0) return firstId + span;
  const list = emptyList();
  decodeBlock(firstId, postings, list);
  return list.ids.at(-1) ?? firstId;
}

/** The index of the first id ≥ `id` in ascending `ids` (ids.length when none). */
function lowerBound(ids: readonly number[], id: number): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((ids[middle] as number) < id) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The weight byte of `id` in the list, or -1 when the list does not hold it. */
export function weightIn(list: PostingList, id: number): number {
  const at = lowerBound(list.ids, id);
  return list.ids[at] === id ? (list.weights[at] as number) : -1;
}

/**
 * A lexeme's list as read (its blocks' first ids and bytes), decoded a block at a time when asked: a search
 * looks up a few hundred candidates in the lists of common words and walks the rarest word's from its end.
 */
export class BlockList {
  private readonly decoded: (PostingList | undefined)[];
  private readonly starts: number[];

  constructor(
    private readonly firstIds: readonly number[],
    /** Each block's byte count in `bytes`, in order. */
    sizes: readonly number[],
    /** The blocks' bytes one after the other (one bytea: an array of them cost more to parse than to read). */
    private readonly bytes: Uint8Array,
    /** The passages holding the lexeme (the blocks' counts summed). */
    readonly documentFrequency: number,
  ) {
    this.decoded = new Array(firstIds.length);
    this.starts = [0];
    for (const size of sizes) this.starts.push((this.starts.at(-1) as number) + size);
  }

  private block(at: number): PostingList {
    let list = this.decoded[at];
    if (list === undefined) {
      list = emptyList();
      decodeBlock(
        this.firstIds[at] as number,
        this.bytes.subarray(this.starts[at] as number, this.starts[at + 1] as number),
        list,
      );
      this.decoded[at] = list;
    }
    return list;
  }

  /** The weight byte of `id`, or -1 when the lexeme is not in that passage. */
  weightOf(id: number): number {
    const at = lowerBound(this.firstIds, id + 1) - 1;
    return at < 0 ? -1 : weightIn(this.block(at), id);
  }

  /** Ids newest (highest) first, only those whose lexeme is a title word when `titledOnly`. */
  *idsNewestFirst(titledOnly = false): Generator<number> {
    for (let at = this.firstIds.length - 1; at >= 0; at--) {
      const { ids, weights } = this.block(at);
      for (let index = ids.length - 1; index >= 0; index--) {
        if (!titledOnly || isTitled(weights[index] as number)) yield ids[index] as number;
      }
    }
  }

  /** How many postings are titled, counting no further than `limit`. */
  titledCount(limit: number): number {
    let count = 0;
    for (let at = this.firstIds.length - 1; at >= 0 && count < limit; at--) {
      for (const weight of this.block(at).weights) if (isTitled(weight)) count++;
    }
    return Math.min(count, limit);
  }
}

// Short lists share rows (docs/decisions/071-small-list-pages.md): a page holds the lists of a run of lexemes in
// byte order, each an entry — its lexeme, count, first id and postings (a block's bytes) — until the list reaches
// PAGE_LIST_LIMIT postings and moves to blocks of its own in search_lists.

/** A list this long leaves its page for blocks of its own: below it, the row and key of a block cost more than it. */
export const PAGE_LIST_LIMIT = 16;
/** A page past this many bytes is cut: a page is rewritten whole when one of its lists changes (512 left the index
 * 0.1–0.2× the text bigger just after a load). */
export const PAGE_BYTES = 256;

/** One lexeme's short list in a page. */
export interface PageEntry {
  lexeme: string;
  count: number;
  firstId: number;
  /** Encoded as a block's (its first gap 0). */
  postings: Buffer;
  /** The entry's bytes as read from its page, written back as they are while it does not change. */
  encoded?: Buffer | undefined;
}

function writeVarint(out: number[], value: number): void {
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
}

function readVarint(bytes: Uint8Array, from: number): [value: number, next: number] {
  let value = 0;
  let scale = 1;
  let at = from;
  let byte = bytes[at++] as number;
  while (byte >= 0x80) {
    value += (byte & 0x7f) * scale;
    scale *= 0x80;
    byte = bytes[at++] as number;
  }
  return [value + byte * scale, at];
}

/** An entry's bytes: varints of the lexeme's byte length, the count, the first id and the postings' length. */
function encodeEntry(entry: PageEntry): Buffer {
  if (entry.encoded !== undefined) return entry.encoded;
  const lexeme = Buffer.from(entry.lexeme, 'utf8');
  const head: number[] = [];
  writeVarint(head, lexeme.length);
  const middle: number[] = [];
  writeVarint(middle, entry.count);
  writeVarint(middle, entry.firstId);
  writeVarint(middle, entry.postings.length);
  return Buffer.concat([Buffer.from(head), lexeme, Buffer.from(middle), entry.postings]);
}

const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * Lexemes in byte order (UTF-8), as PostgreSQL's "C" collation orders the pages' keys: code point order, which
 * is JavaScript's own order of strings unless one holds a character past U+FFFF.
 */
export function compareLexemes(a: string, b: string): number {
  if (a === b) return 0;
  if (!SURROGATE.test(a) && !SURROGATE.test(b)) return a < b ? -1 : 1;
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** A page's bytes: its entries, given in lexeme order. */
export function encodePage(entries: readonly PageEntry[]): Buffer {
  return Buffer.concat(entries.map(encodeEntry));
}

export function decodePage(bytes: Uint8Array): PageEntry[] {
  const entries: PageEntry[] = [];
  let at = 0;
  while (at < bytes.length) {
    const start = at;
    let length: number;
    [length, at] = readVarint(bytes, at);
    const lexeme = Buffer.from(bytes.buffer, bytes.byteOffset + at, length).toString('utf8');
    at += length;
    let count: number;
    let firstId: number;
    let size: number;
    [count, at] = readVarint(bytes, at);
    [firstId, at] = readVarint(bytes, at);
    [size, at] = readVarint(bytes, at);
    const postings = Buffer.from(bytes.buffer, bytes.byteOffset + at, size);
    entries.push({
      lexeme,
      count,
      firstId,
      postings,
      encoded: Buffer.from(bytes.buffer, bytes.byteOffset + start, at + size - start),
    });
    at += size;
  }
  return entries;
}

/**
 * Whether a page holds a posting of any of `ids` (all within [low, high]), read from its bytes without
 * decoding its lexemes: a removal reads every page of the user and rewrites only those.
 */
export function pageHoldsAny(
  bytes: Uint8Array,
  ids: ReadonlySet<number>,
  low: number,
  high: number,
): boolean {
  let at = 0;
  while (at < bytes.length) {
    let length: number;
    [length, at] = readVarint(bytes, at);
    at += length;
    let firstId: number;
    let size: number;
    [, at] = readVarint(bytes, at);
    [firstId, at] = readVarint(bytes, at);
    [size, at] = readVarint(bytes, at);
    if (firstId <= high) {
      const list = emptyList();
      decodeBlock(firstId, bytes.subarray(at, at + size), list);
      if ((list.ids.at(-1) as number) >= low && list.ids.some((id) => ids.has(id))) return true;
    }
    at += size;
  }
  return false;
}

/** An entry's postings decoded. */
export function entryList(entry: PageEntry): PostingList {
  const list = emptyList();
  decodeBlock(entry.firstId, entry.postings, list);
  return list;
}

/** The entry of a non-empty short list. */
export function pageEntry(lexeme: string, list: PostingList): PageEntry {
  const firstId = list.ids[0] as number;
  return {
    lexeme,
    count: list.ids.length,
    firstId,
    postings: encodePostings(firstId, list.ids, list.weights),
  };
}

/** A short list as a search reads it: one block. */
export const entryAsList = (entry: PageEntry) =>
  new BlockList([entry.firstId], [entry.postings.length], entry.postings, entry.count);

/**
 * Entries (in lexeme order) as pages of no more than PAGE_BYTES — half that each when cut, so a page fills a
 * while before it is cut again; one entry alone may pass it. One page when they fit. Each page with its first
 * lexeme, the key of every page but the first.
 */
export function splitPage(entries: readonly PageEntry[]): { firstLexeme: string; bytes: Buffer }[] {
  const encoded = entries.map(encodeEntry);
  const total = encoded.reduce((sum, bytes) => sum + bytes.length, 0);
  if (total <= PAGE_BYTES) return [{ firstLexeme: entries[0]?.lexeme ?? '', bytes: Buffer.concat(encoded) }];
  const parts: { from: number; to: number; bytes: number }[] = [];
  let part = { from: 0, to: 0, bytes: 0 };
  encoded.forEach((bytes, at) => {
    if (part.to > part.from && part.bytes + bytes.length > PAGE_BYTES / 2) {
      parts.push(part);
      part = { from: at, to: at, bytes: 0 };
    }
    part.to = at + 1;
    part.bytes += bytes.length;
  });
  const previous = parts.at(-1);
  if (previous !== undefined && previous.bytes + part.bytes <= PAGE_BYTES) {
    previous.to = part.to;
    previous.bytes += part.bytes;
  } else parts.push(part);
  return parts.map(({ from, to }) => ({
    firstLexeme: (entries[from] as PageEntry).lexeme,
    bytes: Buffer.concat(encoded.slice(from, to)),
  }));
}
