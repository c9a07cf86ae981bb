import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  documentKindOf,
  documentKindsText,
  type UploadedDocument,
  UPLOADS_MESSAGES,
  UploadsCursorSchema,
  type UploadsListQuery,
  type UploadsListResponse,
} from '@trove/contracts';
import { ApiError, type DatabaseHandle, DEFAULT_APP_NAME } from '@trove/service-core';
import { decodeCursor, encodeCursor } from '../search/cursor';
import { normaliseFileName } from '../search/query-text';
import {
  countDocuments,
  userHasSources,
  type DocumentKey,
  type DocumentRow,
  deleteDocument,
  findDocument,
  insertStagedDocumentsWithJobs,
  listDocuments,
  lockStoredBytes,
  type NewDocument,
  stageUploadChunk,
  storedBytes,
} from './documents.repository';
import {
  filePieces,
  MalformedMultipart,
  type MultipartPart,
  multipartParts,
} from '@trove/service-core/multipart';

export interface UploadSettings {
  maxFileBytes: number;
  maxFiles: number;
  /**
   * Bytes of originals one user may keep (UPLOAD_QUOTA_BYTES, always set by the service). Unset only
   * where a tool loads a corpus straight into the database (the bench), never behind the API.
   */
  quotaBytes?: number;
  /** The piece staged at a time; UPLOAD_PIECE_BYTES unless set. */
  pieceBytes?: number;
  /** Where a request's files are read to before its transaction (UPLOAD_STAGING_DIR); the OS's temp folder unless set. */
  stagingDir?: string | undefined;
  /** APP_NAME, for the messages that name the product; DEFAULT_APP_NAME unless set. */
  product?: string;
}

/** 1073741824 → "1 GB", 5242880 → "5 MB": the quota as a person reads it (binary units, like tooLarge). */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 || value >= 10 || Number.isInteger(value) ? Math.floor(value) : value.toFixed(1);
  return `${shown} ${units[unit]}`;
}

export const UPLOAD_MESSAGES = {
  noFiles: 'Choose at least one file to upload (form field "file").',
  notAFile: 'Every "file" field must be a file.',
  tooMany: (max: number) => `Upload at most ${max} files at a time.`,
  tooLarge: (name: string, max: number) => `"${name}" is larger than ${Math.floor(max / (1024 * 1024))} MB.`,
  empty: (name: string) => `"${name}" is empty.`,
  overQuota: (quota: number, used: number) =>
    `These files would take your uploads past your ${formatBytes(quota)} of storage (${formatBytes(used)} used). Delete some uploads, then try again.`,
  unsupported: (name: string, product: string) =>
    `"${name}" is not a type ${product} can index: ${documentKindsText('or')}.`,
} as const;

function toUploadedDocument(row: DocumentRow): UploadedDocument {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    type: row.kind as UploadedDocument['type'],
    media_type: row.media_type,
    size_bytes: row.size_bytes,
    parts: row.parts,
    status: row.status as UploadedDocument['status'],
    failure_reason: row.failure_reason,
    notes: row.notes,
    document_date: row.document_date,
    created_at: row.created_at.toISOString(),
  };
}

// The list's cursor: where the last document shown sits in the order (search/cursor.ts makes and checks it). An
// impossible timestamp is refused by the schema, so it never reaches PostgreSQL as a 500.
function encodeUploadsCursor(key: DocumentKey): string {
  return encodeCursor({ c: key.createdAt, i: key.id });
}

function decodeUploadsCursor(text: string): DocumentKey {
  const cursor = decodeCursor(UploadsCursorSchema, text, UPLOADS_MESSAGES.badCursor);
  return { createdAt: cursor.c, id: cursor.i };
}

/** GET /api/v1/uploads: a page of the user's documents, newest first, the cursor to the next and the total. */
export async function uploadsPage(
  db: DatabaseHandle,
  userId: string,
  query: UploadsListQuery,
): Promise<UploadsListResponse> {
  const after = query.cursor === undefined ? undefined : decodeUploadsCursor(query.cursor);
  const [page, total, hasSources] = await Promise.all([
    listDocuments(db, userId, { limit: query.limit, after }),
    countDocuments(db, userId),
    userHasSources(db, userId),
  ]);
  return {
    documents: page.rows.map(toUploadedDocument),
    next_cursor: page.next === null ? null : encodeUploadsCursor(page.next),
    total,
    has_sources: hasSources,
  };
}

/** The user's document; undefined for none (another user's is the same as none). */
export async function findUpload(
  db: DatabaseHandle,
  userId: string,
  documentId: string,
): Promise<UploadedDocument | undefined> {
  const row = await findDocument(db, userId, documentId);
  return row === undefined ? undefined : toUploadedDocument(row);
}

/** Out of the index and the statistics at once; false when the user has no such document. */
export async function deleteUpload(db: DatabaseHandle, userId: string, documentId: string): Promise<boolean> {
  // A mailbox's message is not an upload: it goes when its source removes it (or the source goes).
  if ((await findDocument(db, userId, documentId)) === undefined) return false;
  return deleteDocument(db, userId, documentId);
}

/**
 * The piece of a file staged at a time (upload_chunks): about what one upload holds, plus the driver's
 * hex copy of it (bytea goes over the wire as text). 256 KB: a 25 MB file is 100 round trips.
 */
export const UPLOAD_PIECE_BYTES = 256 * 1024;

/** A file of the batch as read to disk: what the transaction then stores. */
type StagedFile = NewDocument & { path: string; sizeBytes: number };

/**
 * POST /api/v1/uploads, streamed (issue 18 item 7): each file is read from the multipart body a piece at a
 * time, checked as it goes (type from its name before a byte is read, size and quota as the bytes come).
 * Issue 35 item 4: the body is read to files on disk (UPLOAD_STAGING_DIR) before any transaction opens, so a
 * client that trickles its body holds no database connection; only then, at disk speed, one transaction stages
 * the pieces in upload_chunks and PostgreSQL joins them into documents.original with their jobs. The batch is
 * queued whole or refused with the reason naming the file, so a client never has to work out which half went in.
 */
export async function acceptUploads(
  db: DatabaseHandle,
  userId: string,
  body: { stream: ReadableStream<Uint8Array> | null; contentType: string },
  settings: UploadSettings,
): Promise<UploadedDocument[]> {
  if (body.stream === null) throw new ApiError(400, UPLOAD_MESSAGES.noFiles, 'invalid_request');
  const parts = multipartParts(body.stream, body.contentType, { files: settings.maxFiles + 1 });
  const folder = await mkdtemp(join(settings.stagingDir ?? tmpdir(), 'trove-upload-'));
  try {
    const staged = await readToDisk(db, userId, parts, folder, settings);
    const rows = await db.transaction().execute(async (tx) => {
      // The decision, under the user's lock to the commit: two batches sent at once cannot both fit in the
      // room only one of them has.
      const quota = settings.quotaBytes;
      if (quota !== undefined) {
        const incoming = staged.reduce((sum, file) => sum + file.sizeBytes, 0);
        const used = await lockStoredBytes(tx, userId);
        if (used + incoming > quota)
          throw new ApiError(413, UPLOAD_MESSAGES.overQuota(quota, used), 'quota_exceeded');
      }
      const documents: (NewDocument & { uploadId: string; sizeBytes: number })[] = [];
      for (const { path, ...file } of staged) {
        const uploadId = randomUUID();
        let seq = 0;
        for await (const piece of createReadStream(path, {
          highWaterMark: settings.pieceBytes ?? UPLOAD_PIECE_BYTES,
        })) {
          await stageUploadChunk(tx, { uploadId, seq, bytes: piece as Buffer });
          seq += 1;
        }
        documents.push({ ...file, uploadId });
      }
      return insertStagedDocumentsWithJobs(tx, documents);
    });
    return rows.map(toUploadedDocument);
  } catch (err) {
    if (err instanceof MalformedMultipart)
      throw new ApiError(400, 'Malformed multipart body', 'invalid_request', { cause: err.cause });
    throw err;
  } finally {
    // Stops reading the body when the batch was refused part-way.
    await parts.return(undefined);
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * The body's files, each written to `folder` as it arrives and checked as it goes. The quota is checked
 * against what the user stored before (read once, without a lock or a transaction); the locked check is
 * the transaction's.
 */
async function readToDisk(
  db: DatabaseHandle,
  userId: string,
  parts: AsyncGenerator<MultipartPart>,
  folder: string,
  settings: UploadSettings,
): Promise<StagedFile[]> {
  const quota = settings.quotaBytes;
  const usedBefore = quota === undefined ? 0 : await storedBytes(db, userId);
  let incoming = 0;
  const staged: StagedFile[] = [];
  for await (const part of parts) {
    if (part.kind === 'field') {
      if (part.name === 'file') throw new ApiError(400, UPLOAD_MESSAGES.notAFile, 'invalid_request');
      continue;
    }
    if (part.field !== 'file') {
      part.stream.resume();
      continue;
    }
    if (staged.length >= settings.maxFiles)
      throw new ApiError(413, UPLOAD_MESSAGES.tooMany(settings.maxFiles), 'payload_too_large');
    const name = normaliseFileName(part.filename);
    const mediaType = part.mimeType.slice(0, 200) || 'application/octet-stream';
    const kind = documentKindOf(name, mediaType);
    if (kind === undefined)
      throw new ApiError(
        415,
        UPLOAD_MESSAGES.unsupported(name, settings.product ?? DEFAULT_APP_NAME),
        'unsupported_media_type',
      );
    const path = join(folder, String(staged.length));
    const file = await open(path, 'wx', 0o600);
    let size = 0;
    try {
      for await (const piece of filePieces(part.stream, settings.pieceBytes ?? UPLOAD_PIECE_BYTES)) {
        size += piece.byteLength;
        if (size > settings.maxFileBytes)
          throw new ApiError(413, UPLOAD_MESSAGES.tooLarge(name, settings.maxFileBytes), 'payload_too_large');
        if (quota !== undefined && usedBefore + incoming + size > quota)
          throw new ApiError(413, UPLOAD_MESSAGES.overQuota(quota, usedBefore), 'quota_exceeded');
        await file.write(piece);
      }
    } finally {
      await file.close();
    }
    if (size === 0) throw new ApiError(400, UPLOAD_MESSAGES.empty(name), 'invalid_request');
    incoming += size;
    staged.push({ userId, name, mediaType, kind, path, sizeBytes: size });
  }
  if (staged.length === 0) throw new ApiError(400, UPLOAD_MESSAGES.noFiles, 'invalid_request');
  return staged;
}
