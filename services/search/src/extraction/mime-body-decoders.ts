import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

// postal-mime (4.0.0) gathers each MIME part's decoded body in a Blob of its pieces — one per line for 7bit and
// 8bit parts, and a '\n' after each — and reads it back with blob.arrayBuffer(). On Node 20 a Blob is slow to
// make from many pieces and slow to read back (RafaelGSS/nodejs-bench-operations#44 measured the 20.x slowdown): the
// archive's 6,046 messages parsed in 6.1–7.3 s with it and in 1.9 s with the pieces joined in one buffer,
// about a fifth of what indexing a mail cost this process (docs/decisions/073-mail-bodies-without-blobs.md).
// The body decoders are postal-mime's own modules, not exported, so they are found beside its entry point;
// each one's finalize is replaced by the same join, done at once, only while its source still reads a Blob
// of `this.chunks` (an upgrade that changes that keeps postal-mime's own; a test says so).

/** postal-mime's body decoders: module file and the method that flushes what it holds before finalize. */
const DECODERS = [
  { file: 'pass-through-decoder.js', flush: undefined },
  { file: 'base64-decoder.js', flush: 'flushRemainder' },
  { file: 'qp-decoder.js', flush: 'flushBuffer' },
] as const;

const BLOB_FINALIZE = /new Blob\(this\.chunks/;

type Piece = string | ArrayBuffer | ArrayBufferView;

interface DecoderPrototype {
  chunks: Piece[];
  finalize(): Promise<ArrayBuffer>;
  [flush: string]: unknown;
}

/**
 * The pieces joined as a Blob would join them: strings as UTF-8, binary as is. Written straight into one buffer:
 * a 7bit part is a piece per line and a '\n' string after each, and encoding each string to its own array made
 * a million small arrays for 1 MB of empty lines (the collector then took a second over them).
 */
export function joinPieces(pieces: readonly Piece[]): ArrayBuffer {
  let size = 0;
  for (const piece of pieces)
    size += typeof piece === 'string' ? Buffer.byteLength(piece, 'utf8') : piece.byteLength;
  // Its own ArrayBuffer of exactly this size (not a slice of Node's shared pool): it is handed on whole.
  const joined = Buffer.allocUnsafeSlow(size);
  let at = 0;
  for (const piece of pieces) {
    if (typeof piece === 'string') {
      at += joined.write(piece, at, 'utf8');
      continue;
    }
    const bytes =
      piece instanceof ArrayBuffer
        ? new Uint8Array(piece)
        : new Uint8Array(piece.buffer, piece.byteOffset, piece.byteLength);
    joined.set(bytes, at);
    at += bytes.byteLength;
  }
  return joined.buffer as ArrayBuffer;
}

/** The decoders whose finalize now joins pieces without a Blob (by file name). */
export const decodersWithoutBlobs: string[] = [];

const entry = createRequire(import.meta.url).resolve('postal-mime/package.json');
for (const { file, flush } of DECODERS) {
  const url = pathToFileURL(join(dirname(entry), 'dist', 'esm', file)).href;
  const decoder = ((await import(url)) as { default: { prototype: DecoderPrototype } }).default;
  const prototype = decoder.prototype;
  if (!BLOB_FINALIZE.test(String(prototype.finalize))) continue;
  prototype.finalize = function finalize(this: DecoderPrototype) {
    if (flush !== undefined) (this[flush] as () => void)();
    return Promise.resolve(joinPieces(this.chunks));
  };
  decodersWithoutBlobs.push(file);
}
