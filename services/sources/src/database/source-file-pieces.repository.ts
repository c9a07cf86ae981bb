import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type { DatabaseHandle } from '@trove/service-core';
import { sourcesDb } from '../db/tables';
import { type SourceFileRow, toFile } from './database-sources.repository';

// An uploaded SQLite file kept in pieces (issue 34 item 6; docs/decisions/200-imap-in-a-child-and-streamed-sqlite-files.md):
// the upload streams the request to a file on disk, and here that file goes into source_file_chunks a piece at a
// time; a sync or a check writes the pieces back to a file on disk the same way. At most a piece (and the
// driver's copy of it) is in the service's memory, whatever SOURCE_SQLITE_MAX_BYTES allows.

/** One piece: large enough that a 200 MB file is 200 statements, small enough to be nothing in memory. */
export const SOURCE_FILE_PIECE_BYTES = 1024 * 1024;

/** Pieces read back per statement. */
const PIECES_PER_READ = 4;

/**
 * Stores the file at `path` (already checked) as the user's upload, its pieces and its row in one transaction:
 * a failure leaves nothing behind.
 */
export async function storeSourceFileFrom(
  db: DatabaseHandle,
  file: { userId: string; name: string; path: string; sizeBytes: number },
): Promise<SourceFileRow> {
  return db.transaction().execute(async (tx) => {
    const row = await sourcesDb(tx)
      .insertInto('source_files')
      .values({ user_id: file.userId, name: file.name, size_bytes: file.sizeBytes, bytes: null })
      .returning(['id', 'user_id', 'source_id', 'name', 'size_bytes', 'created_at'])
      .executeTakeFirstOrThrow();
    let seq = 0;
    for await (const piece of createReadStream(file.path, { highWaterMark: SOURCE_FILE_PIECE_BYTES })) {
      await sourcesDb(tx)
        .insertInto('source_file_chunks')
        .values({ file_id: row.id, seq, bytes: piece as Buffer })
        .execute();
      seq += 1;
    }
    return toFile(row);
  });
}

/** How many pieces a stored file has (0: a file kept whole, from before pieces). */
export async function sourceFilePieceCount(db: DatabaseHandle, fileId: string): Promise<number> {
  const row = await sourcesDb(db)
    .selectFrom('source_file_chunks')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('file_id', '=', fileId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Writes the stored file to `path` (mode 0600), a few pieces a statement; a file kept whole before pieces is
 * written from its one value. False when the file is gone.
 */
export async function writeSourceFileTo(db: DatabaseHandle, fileId: string, path: string): Promise<boolean> {
  const whole = await sourcesDb(db)
    .selectFrom('source_files')
    .select((eb) => ['id', eb('bytes', 'is not', null).as('whole')])
    .where('id', '=', fileId)
    .executeTakeFirst();
  if (whole === undefined) return false;
  const out = createWriteStream(path, { mode: 0o600 });
  const write = async (bytes: Buffer) => {
    if (!out.write(bytes)) await once(out, 'drain');
  };
  try {
    if (whole.whole) {
      const row = await sourcesDb(db)
        .selectFrom('source_files')
        .select('bytes')
        .where('id', '=', fileId)
        .executeTakeFirst();
      if (row?.bytes) await write(row.bytes);
    } else {
      for (let next = 0; ; next += PIECES_PER_READ) {
        const pieces = await sourcesDb(db)
          .selectFrom('source_file_chunks')
          .select('bytes')
          .where('file_id', '=', fileId)
          .where('seq', '>=', next)
          .where('seq', '<', next + PIECES_PER_READ)
          .orderBy('seq')
          .execute();
        for (const piece of pieces) await write(piece.bytes);
        if (pieces.length < PIECES_PER_READ) break;
      }
    }
  } finally {
    out.end();
    await finished(out);
  }
  return true;
}
