import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DATABASE_ERROR_CODES, DATABASE_MESSAGES } from '@trove/contracts';
import { ApiError } from '@trove/service-core';
import { MalformedMultipart, multipartParts } from '@trove/service-core/multipart';

// The SQLite file's upload (issue 34 item 6; docs/decisions/200-imap-in-a-child-and-streamed-sqlite-files.md): the
// request's file part is streamed to a file of its own on disk, counted as it goes and cut at
// SOURCE_SQLITE_MAX_BYTES — the one limit nginx's location and the route's body cap also apply
// (contracts' sqliteUploadBodyBytes). The service holds a piece of the request at a time, never the file.

/** An upload on disk, in a directory of its own that `discard` removes. */
export interface StagedFile {
  name: string;
  path: string;
  sizeBytes: number;
  discard(): Promise<void>;
}

/** SQLite's header: the 16 bytes every database file starts with. */
const SQLITE_MAGIC = Buffer.from('SQLite format 3\u0000', 'latin1');

const tooLarge = (max: number) => new ApiError(413, DATABASE_MESSAGES.fileTooLarge(max), 'payload_too_large');

/** Counts what passes and fails past `max` bytes. */
function counted(max: number, onSize: (size: number) => void): Transform {
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.byteLength;
      onSize(size);
      done(size > max ? tooLarge(max) : null, chunk);
    },
  });
}

/**
 * The request's `file` part on disk (others are skipped); undefined when it has none. A body past `maxBytes`
 * is a 413 and leaves nothing on disk; a malformed one a 400.
 */
export async function stageUploadedFile(
  body: ReadableStream<Uint8Array>,
  contentType: string,
  maxBytes: number,
): Promise<StagedFile | undefined> {
  const dir = await mkdtemp(join(tmpdir(), 'trove-upload-'));
  const discard = () => rm(dir, { recursive: true, force: true });
  let staged: StagedFile | undefined;
  try {
    for await (const part of multipartParts(body, contentType, { files: 1 })) {
      if (part.kind !== 'file' || part.field !== 'file' || staged !== undefined) {
        if (part.kind === 'file') part.stream.resume();
        continue;
      }
      const path = join(dir, 'upload.sqlite');
      let sizeBytes = 0;
      await pipeline(
        part.stream,
        counted(maxBytes, (size) => {
          sizeBytes = size;
        }),
        createWriteStream(path, { mode: 0o600 }),
      );
      staged = { name: part.filename, path, sizeBytes, discard };
    }
  } catch (error) {
    await discard();
    if (error instanceof MalformedMultipart)
      throw new ApiError(400, 'The upload is not a readable multipart form.', 'bad_request');
    throw error;
  }
  if (staged === undefined) await discard();
  return staged;
}

/** A staged file that is not a SQLite database by its header is a 400 (before anything opens it). */
export async function requireSqliteHeader(file: StagedFile): Promise<void> {
  const handle = await open(file.path, 'r');
  try {
    const head = Buffer.alloc(SQLITE_MAGIC.byteLength);
    await handle.read(head, 0, head.byteLength, 0);
    if (file.sizeBytes < 100 || !head.equals(SQLITE_MAGIC))
      throw new ApiError(400, DATABASE_MESSAGES.notSqlite, DATABASE_ERROR_CODES.notSqlite);
  } finally {
    await handle.close();
  }
}
