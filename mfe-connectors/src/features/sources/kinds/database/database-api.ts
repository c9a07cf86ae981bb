import {
  DATABASE_SOURCE_PATHS,
  type DatabasePreviewResult,
  DatabasePreviewResultSchema,
  type PreviewSavedSource,
  type PreviewSourceInput,
  type SourceFileResponse,
  SourceFileResponseSchema,
} from '@trove/contracts';
import { api, type UploadProgress, upload } from '@trove/kit';

// Issue 22: the database sources' own calls (the rest — create, update, sync, pause, remove — are every
// source's, sources-api.ts), through the kit's fetch wrapper and uploader, answers read with the contracts.

/** Unsaved settings: the tables (no table yet), or the columns, a suggested mapping and the first rows. */
export async function previewDatabase(request: PreviewSourceInput): Promise<DatabasePreviewResult> {
  return DatabasePreviewResultSchema.parse(await api.post(DATABASE_SOURCE_PATHS.preview, request));
}

/** A saved source with the changes being edited, unsaved (an empty request previews what is saved). */
export async function previewSavedDatabase(
  id: string,
  request: PreviewSavedSource = {},
): Promise<DatabasePreviewResult> {
  return DatabasePreviewResultSchema.parse(
    await api.post(DATABASE_SOURCE_PATHS.savedPreview(encodeURIComponent(id)), request),
  );
}

/** A SQLite file for a new source: its id and tables. */
export async function uploadSqliteFile(
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<SourceFileResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  return SourceFileResponseSchema.parse(
    await upload(DATABASE_SOURCE_PATHS.files, form, { onProgress, signal }),
  );
}
