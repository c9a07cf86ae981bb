// How many messages the next batch of a folder's new mail fetches (docs/decisions/249).
//
// Each batch is one FETCH, one hand-over transaction, one notice to the search service and one drain there, and
// the card's progress moves once a batch. Fixed at 50, a 6,046-message first sync made 121 of each, and that work
// alone kept the first sync behind what it was before the sources service. So the size follows the server: a batch
// should take about BATCH_MS from one to the next, growing from FIRST_BATCH on a fast server (to at most
// MOST_BATCH) and shrinking on a slow one, so that progress still moves about once a second. Bytes bound it as
// before, since a batch's messages are all in memory until it is stored.

/** Messages in a folder's first batch. */
export const FIRST_BATCH = 50;
/** Messages one batch holds at most. */
export const MOST_BATCH = 200;
/** Bytes of messages one batch should hold at most. */
export const BATCH_BYTES = 16 * 1024 * 1024;
/** About how long one batch should take, fetched and handed over. */
export const BATCH_MS = 1_000;
/** A batch grows at most this many times over the last, so one quick batch cannot jump to the largest. */
const GROWTH = 4;

export interface LastBatch {
  /** Messages it fetched: fewer than asked when the bytes bound cut it, so its speed is measured on these. */
  messages: number;
  bytes: number;
  /** From the start of this batch's fetch to the start of the next. */
  elapsedMs: number;
}

/**
 * The next batch's size. `fixed` (the `batchSize` setting) is a fixed size, bounded only by bytes; without it the
 * size aims at BATCH_MS.
 */
export function nextBatchSize(last: LastBatch, fixed?: number): number {
  const messages = Math.max(1, last.messages);
  const byBytes = Math.floor(BATCH_BYTES / Math.max(1, last.bytes / messages));
  if (fixed !== undefined) return Math.max(1, Math.min(fixed, byBytes));
  const byTime = Math.floor((messages * BATCH_MS) / Math.max(1, last.elapsedMs));
  return Math.max(1, Math.min(MOST_BATCH, messages * GROWTH, byTime, byBytes));
}
