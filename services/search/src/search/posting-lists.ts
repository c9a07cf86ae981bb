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
