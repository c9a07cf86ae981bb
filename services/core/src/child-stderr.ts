import type { Readable } from 'node:stream';

/** V8's words when a process's heap is full ("JavaScript heap out of memory", "Allocation failed"). */
const OUT_OF_MEMORY_OUTPUT = /heap out of memory|Allocation failed/;

/** What a forked child wrote to stderr: its last words, and whether it said its heap ran out. */
export interface ChildStderr {
  /** The last `keepChars` characters written. */
  tail(): string;
  /** Whether V8 said the heap ran out, at any point of the output. */
  outOfMemory(): boolean;
}

/**
 * Watches a child's stderr (the extraction child, the source readers, the calendar parser). The out-of-memory words
 * are looked for as the output arrives, not in the kept tail: V8 prints its native stack trace after them, which
 * pushed them out of a 2 KB tail (docs/decisions/247: a calendar past SOURCE_RUN_MEMORY_MB was told as a crash).
 * Read it once the child's 'close' fires, when stderr has been read to its end.
 */
export function watchChildStderr(
  stream: Readable | null | undefined,
  keepChars: number,
  onChunk?: (chunk: Buffer) => void,
): ChildStderr {
  let tail = '';
  let outOfMemory = false;
  stream?.on('data', (chunk: Buffer) => {
    onChunk?.(chunk);
    // The tail before this chunk too: the words may come split across two chunks.
    const text = tail + chunk.toString('utf8');
    if (!outOfMemory && OUT_OF_MEMORY_OUTPUT.test(text)) outOfMemory = true;
    tail = text.slice(-keepChars);
  });
  return { tail: () => tail, outOfMemory: () => outOfMemory };
}
