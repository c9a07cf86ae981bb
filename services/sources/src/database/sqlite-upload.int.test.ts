import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DATABASE_MESSAGES,
  type DatabasePreviewResult,
  DatabasePreviewResultSchema,
  SourceFileResponseSchema,
} from '@trove/contracts';
import { testTime } from '@trove/service-core/testing/time';
import Sqlite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SignedInUser,
  type SourcesTestService,
  startSourcesTestService,
} from '../../../../infra/src/testing/sources-and-search';
import { SOURCE_FILE_PIECE_BYTES } from './source-file-pieces.repository';

// Issue 34 item 6 (docs/decisions/200-imap-in-a-child-and-streamed-sqlite-files.md): a SQLite file's upload is
// streamed to disk under SOURCE_SQLITE_MAX_BYTES and kept in pieces; every read writes the pieces back to a file
// a few at a time. A file kept whole before the pieces (its one `bytes` value) is still read.

const MAX_BYTES = 4 * 1024 * 1024;

let service: SourcesTestService;
let ada: SignedInUser;
let dir: string;

async function upload(name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append(
    'file',
    new File([bytes as Uint8Array<ArrayBuffer>], name, { type: 'application/octet-stream' }),
  );
  const res = await service.request(ada, '/api/v1/sources/files', { method: 'POST', body: form });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** The same upload sent chunked (no Content-Length), as a client streaming from disk may: read a chunk at a time. */
async function uploadChunked(name: string, bytes: Uint8Array) {
  const boundary = 'trove-test-boundary';
  const pieces = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    ...Array.from({ length: Math.ceil(bytes.byteLength / 65_536) }, (_, n) =>
      bytes.subarray(n * 65_536, (n + 1) * 65_536),
    ),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ];
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = pieces.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(new Uint8Array(next));
    },
  });
  const res = await service.request(ada, '/api/v1/sources/files', {
    method: 'POST',
    body,
    duplex: 'half',
    headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Transfer-Encoding': 'chunked' },
  } as RequestInit);
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

async function preview(fileId: string): Promise<DatabasePreviewResult> {
  const res = await service.request(ada, '/api/v1/sources/preview', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      kind: 'sqlite',
      settings: {
        file_id: fileId,
        table: 'notes',
        id_column: 'id',
        title_column: 'title',
        body_columns: ['body'],
      },
    }),
  });
  expect(res.status).toBe(200);
  return DatabasePreviewResultSchema.parse(await res.json());
}

/** A SQLite file of `rows` notes, each with a body of `bodyBytes`. */
function notesFile(name: string, rows: number, bodyBytes: number): string {
  const path = join(dir, name);
  const file = new Sqlite(path);
  file.exec('create table notes (id integer primary key, title text, body text)');
  const insert = file.prepare('insert into notes values (?, ?, ?)');
  for (let id = 1; id <= rows; id += 1) insert.run(id, `Note ${id}`, `word${id} `.padEnd(bodyBytes, 'x'));
  file.close();
  return path;
}

const piecesOf = async (fileId: string) =>
  (
    await sql<{
      pieces: number;
      whole: boolean;
    }>`select (select count(*)::int from source_file_chunks where file_id = f.id) as pieces,
         f.bytes is not null as whole
       from source_files f where f.id = ${fileId}`.execute(service.db)
  ).rows[0];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'trove-sqlite-upload-'));
  service = await startSourcesTestService({
    sources: {
      databases: { sqliteMaxBytes: MAX_BYTES, runner: { timeoutMs: testTime(20_000), memoryMb: 256 } },
    },
  });
  ada = await service.signUp();
}, testTime(60_000));

afterAll(async () => {
  await service?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a SQLite file’s upload', () => {
  it('is kept in pieces, not one value, and read back from them for a preview', async () => {
    const path = notesFile('notes.sqlite', 30, 100_000);
    const size = statSync(path).size;
    expect(size).toBeGreaterThan(2 * SOURCE_FILE_PIECE_BYTES);
    const uploaded = await upload('notes.sqlite', readFileSync(path));
    expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(201);
    const { file, tables } = SourceFileResponseSchema.parse(uploaded.json);
    expect(tables).toEqual([{ name: 'notes', kind: 'table' }]);
    expect(file.size_bytes).toBe(size);
    expect(await piecesOf(file.id)).toEqual({
      pieces: Math.ceil(size / SOURCE_FILE_PIECE_BYTES),
      whole: false,
    });
    const result = await preview(file.id);
    if (!result.ok) throw new Error(JSON.stringify(result));
    expect(result.rows.map((row) => row.title).slice(0, 2)).toEqual(['Note 1', 'Note 2']);
  });

  it('is cut past SOURCE_SQLITE_MAX_BYTES while it streams, in the route’s words, and nothing is kept', async () => {
    const before = await sql<{ n: number }>`select count(*)::int as n from source_files`.execute(service.db);
    // Past the file's limit but within the body's (the file and 64 KiB of framing): the stream's count cuts it.
    const bytes = Buffer.alloc(MAX_BYTES + 16 * 1024, 1);
    Buffer.from('SQLite format 3\u0000', 'latin1').copy(bytes);
    const refused = await upload('big.sqlite', bytes);
    expect(refused.status).toBe(413);
    expect(refused.json).toMatchObject({ error: DATABASE_MESSAGES.fileTooLarge(MAX_BYTES) });
    const after = await sql<{ n: number }>`select count(*)::int as n from source_files`.execute(service.db);
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });

  it('streams a chunked upload too (no Content-Length): kept in pieces, cut past the limit', async () => {
    const path = notesFile('chunked.sqlite', 12, 100_000);
    const uploaded = await uploadChunked('chunked.sqlite', readFileSync(path));
    expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(201);
    const { file } = SourceFileResponseSchema.parse(uploaded.json);
    expect(file.size_bytes).toBe(statSync(path).size);
    expect((await piecesOf(file.id))?.pieces).toBe(Math.ceil(file.size_bytes / SOURCE_FILE_PIECE_BYTES));
    const bytes = Buffer.alloc(MAX_BYTES + 16 * 1024, 1);
    Buffer.from('SQLite format 3\u0000', 'latin1').copy(bytes);
    const refused = await uploadChunked('big.sqlite', bytes);
    expect(refused.status).toBe(413);
    expect(refused.json).toMatchObject({ error: DATABASE_MESSAGES.fileTooLarge(MAX_BYTES) });
  });

  it('reads a file kept whole before the pieces', async () => {
    const path = notesFile('old.sqlite', 3, 100);
    const row = await sql<{ id: string }>`
      insert into source_files (user_id, name, size_bytes, bytes)
      values (${ada.userId}, 'old.sqlite', ${statSync(path).size}, ${readFileSync(path)}) returning id`.execute(
      service.db,
    );
    const id = row.rows[0]?.id ?? '';
    expect(await piecesOf(id)).toEqual({ pieces: 0, whole: true });
    const result = await preview(id);
    if (!result.ok) throw new Error(JSON.stringify(result));
    expect(result.rows.map((row) => row.title)).toEqual(['Note 1', 'Note 2', 'Note 3']);
  });
});
