import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';

/** A multipart body that is not one: the caller answers 400. */
export class MalformedMultipart extends Error {
  constructor(cause: unknown) {
    super('Malformed multipart body', { cause });
    this.name = 'MalformedMultipart';
  }
}

/**
 * The HTML standard's multipart encoding writes LF, CR and `"` in a file name as %0A, %0D and %22 (browsers
 * and fetch's FormData do); its parsers turn them back, and so does this one.
 */
export function unescapeFileName(name: string): string {
  return name.replace(/%0A/gi, '\n').replace(/%0D/gi, '\r').replace(/%22/g, '"');
}

export type MultipartPart =
  | { kind: 'field'; name: string }
  | { kind: 'file'; field: string; filename: string; mimeType: string; stream: Readable };

/**
 * The parts of a multipart/form-data body as they arrive (busboy), one at a time: a file's bytes are read
 * from its `stream`, and the next part comes only once that stream has been read to its end, so nothing
 * but the piece in hand is held (issue 18 item 7). Leaving early (a return or a throw in the loop) stops
 * reading the body. A body the parser cannot read ends in {@link MalformedMultipart}; an error of the body
 * itself (a size limit upstream) is thrown as it is.
 */
export async function* multipartParts(
  body: ReadableStream<Uint8Array>,
  contentType: string,
  limits: { files: number },
): AsyncGenerator<MultipartPart> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      limits: { files: limits.files },
      // Browsers send a file name as raw UTF-8 in the part header; busboy's default reads it as Latin-1.
      defParamCharset: 'utf8',
    });
  } catch (cause) {
    throw new MalformedMultipart(cause);
  }
  const source = Readable.fromWeb(body as WebReadableStream<Uint8Array>);
  const queue: MultipartPart[] = [];
  let finished = false;
  let failure: unknown;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  parser.on('file', (field, stream, info) => {
    // A file's stream fails with the parser; the parser's error is what the caller is told.
    stream.on('error', () => undefined);
    queue.push({
      kind: 'file',
      field,
      filename: unescapeFileName(info.filename ?? ''),
      mimeType: info.mimeType,
      stream,
    });
    notify();
  });
  parser.on('field', (name) => {
    queue.push({ kind: 'field', name });
    notify();
  });
  parser.on('close', () => {
    finished = true;
    notify();
  });
  parser.on('error', (cause) => {
    failure ??= new MalformedMultipart(cause);
    notify();
  });
  source.on('error', (cause) => {
    failure ??= cause;
    notify();
  });
  source.pipe(parser);
  try {
    for (;;) {
      if (failure !== undefined) throw failure;
      const next = queue.shift();
      if (next !== undefined) {
        yield next;
        continue;
      }
      if (finished) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    source.unpipe(parser);
    source.destroy();
    for (const part of queue) if (part.kind === 'file') part.stream.resume();
  }
}

/**
 * The bytes of one file part, in pieces of about `pieceBytes`; a failure while reading is the parser's
 * (MalformedMultipart) or the body's error, never a bare stream error.
 */
export async function* filePieces(stream: Readable, pieceBytes: number): AsyncGenerator<Buffer> {
  let held: Buffer[] = [];
  let heldBytes = 0;
  try {
    for await (const chunk of stream) {
      const bytes = chunk as Buffer;
      held.push(bytes);
      heldBytes += bytes.byteLength;
      if (heldBytes >= pieceBytes) {
        yield Buffer.concat(held, heldBytes);
        held = [];
        heldBytes = 0;
      }
    }
  } catch (cause) {
    throw cause instanceof MalformedMultipart ? cause : new MalformedMultipart(cause);
  }
  if (heldBytes > 0) yield Buffer.concat(held, heldBytes);
}
