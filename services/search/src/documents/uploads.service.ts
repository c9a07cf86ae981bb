import { documentKindOf, type UploadedDocument } from '@trove/contracts';
import { ApiError, type DatabaseHandle } from '@trove/service-core';
import { normaliseFileName } from '../search/query-text';
import { type DocumentRow, insertDocumentWithJob, lockStoredBytes } from './documents.repository';

export interface UploadSettings {
  maxFileBytes: number;
  maxFiles: number;
  /**
   * Bytes of originals one user may keep (UPLOAD_QUOTA_BYTES, always set by the service). Unset only
   * where a tool loads a corpus straight into the database (the bench), never behind the API.
   */
  quotaBytes?: number;
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
  unsupported: (name: string) =>
    `"${name}" is not a type Trove can index: PDF, DOCX, TXT, Markdown, CSV, HTML or EML.`,
} as const;

export function toUploadedDocument(row: DocumentRow): UploadedDocument {
  return {
    id: row.id,
    name: row.name,
    type: row.kind as UploadedDocument['type'],
    media_type: row.media_type,
    size_bytes: row.size_bytes,
    parts: row.parts,
    status: row.status as UploadedDocument['status'],
    failure_reason: row.failure_reason,
    document_date: row.document_date,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * POST /api/v1/uploads. The whole batch is checked before anything is stored, and stored in one
 * transaction with its jobs: a batch is either queued whole or refused with the reason naming the file,
 * so a client never has to work out which half of a batch went in.
 */
export async function acceptUploads(
  db: DatabaseHandle,
  userId: string,
  files: unknown[],
  settings: UploadSettings,
): Promise<UploadedDocument[]> {
  if (files.length === 0) throw new ApiError(400, UPLOAD_MESSAGES.noFiles, 'invalid_request');
  if (files.length > settings.maxFiles)
    throw new ApiError(413, UPLOAD_MESSAGES.tooMany(settings.maxFiles), 'payload_too_large');
  const checked: { name: string; mediaType: string; kind: string; file: File }[] = [];
  for (const file of files) {
    if (!(file instanceof File)) throw new ApiError(400, UPLOAD_MESSAGES.notAFile, 'invalid_request');
    const name = normaliseFileName(file.name);
    if (file.size > settings.maxFileBytes)
      throw new ApiError(413, UPLOAD_MESSAGES.tooLarge(name, settings.maxFileBytes), 'payload_too_large');
    if (file.size === 0) throw new ApiError(400, UPLOAD_MESSAGES.empty(name), 'invalid_request');
    const mediaType = file.type.slice(0, 200) || 'application/octet-stream';
    const kind = documentKindOf(name, mediaType);
    if (kind === undefined)
      throw new ApiError(415, UPLOAD_MESSAGES.unsupported(name), 'unsupported_media_type');
    checked.push({ name, mediaType, kind, file });
  }
  const uploads = await Promise.all(
    checked.map(async (upload) => ({ ...upload, bytes: new Uint8Array(await upload.file.arrayBuffer()) })),
  );
  const incoming = uploads.reduce((total, upload) => total + upload.bytes.byteLength, 0);
  const rows = await db.transaction().execute(async (tx) => {
    // Checked under the user's lock, in the transaction that stores the batch: two batches sent at once
    // cannot both fit in the room only one of them has.
    const quota = settings.quotaBytes;
    if (quota !== undefined) {
      const used = await lockStoredBytes(tx, userId);
      if (used + incoming > quota)
        throw new ApiError(413, UPLOAD_MESSAGES.overQuota(quota, used), 'quota_exceeded');
    }
    const stored: DocumentRow[] = [];
    for (const upload of uploads) {
      stored.push(
        await insertDocumentWithJob(tx, {
          userId,
          name: upload.name,
          mediaType: upload.mediaType,
          kind: upload.kind,
          bytes: upload.bytes,
        }),
      );
    }
    return stored;
  });
  return rows.map(toUploadedDocument);
}
