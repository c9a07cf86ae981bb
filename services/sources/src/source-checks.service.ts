import {
  DATABASE_ERROR_CODES,
  DATABASE_MESSAGES,
  type DatabasePreviewResult,
  type PreviewSavedSource,
  type PreviewSource,
  SOURCE_LIMIT_MESSAGES,
  type SourceFileResponse,
  type SourceTestResult,
  type TestSavedSource,
  type TestNewSource,
} from '@trove/contracts';
import { ApiError, tooManyRequests } from '@trove/service-core';
import { sqliteFileTables } from './database/database-source';
import { findSourceFile } from './database/database-sources.repository';
import { readerOptions } from './database/database-steps';
import { storeSourceFileFrom } from './database/source-file-pieces.repository';
import { requirePasswordForMovedConnection } from './credential-binding';
import type { AnySourceKind, CheckedSettings, SourceContext } from './kinds/source-kind';
import { requireSqliteHeader, type StagedFile } from './source-file-upload';
import { openSourcePassword } from './source-secrets';
import { DATABASE_DEFAULTS } from './source-settings';
import { sourceWithSecret } from './sources.repository';
import { limitsOf, NOT_FOUND, type SourcesDeps, savedKind, withChange } from './sources.service';

// A source's checks from the Connections page (issues 21 and 22): "Test" (a connection, its folders and
// certificate) and "Preview" (the rows a table would bring in), before saving or of a saved source with the
// changes being edited; and the SQLite file's upload. Nothing here is stored but the uploaded file. Which check
// a kind has is its `test.answer` (kinds/source-kind.ts); the other route says which to use.

/** What a kind's check gets to reach its system. */
export function checkContext(deps: SourcesDeps): SourceContext {
  return {
    reach: deps.reach,
    databases: deps.databases ?? DATABASE_DEFAULTS,
    imap: {},
    webdav: deps.webdav,
    git: deps.git,
    db: deps.db,
    now: () => deps.now?.() ?? new Date(),
  };
}

/** Checks running now, by user, in this process: a test, a preview or a SQLite file's check each holds one. */
const checksRunning = new Map<string, number>();

/**
 * Runs a check (test, preview, upload check) as one of the user's SOURCE_CHECKS_PER_USER: past it, a 429 that
 * says to wait. Each may hold a reader child for up to SOURCE_RUN_TIMEOUT_S; unbounded, one user's clicks could
 * hold every child the service can afford.
 */
async function asCheck<T>(deps: SourcesDeps, userId: string, work: () => Promise<T>): Promise<T> {
  const max = limitsOf(deps).checksPerUser;
  const running = checksRunning.get(userId) ?? 0;
  if (running >= max) throw tooManyRequests(SOURCE_LIMIT_MESSAGES.busy(max), 5);
  checksRunning.set(userId, running + 1);
  try {
    return await work();
  } finally {
    const left = (checksRunning.get(userId) ?? 1) - 1;
    if (left <= 0) checksRunning.delete(userId);
    else checksRunning.set(userId, left);
  }
}

const useTest = () =>
  new ApiError(
    400,
    'A mailbox is checked with its test (POST /api/v1/sources/:id/test).',
    DATABASE_ERROR_CODES.useTest,
  );
const usePreview = () => new ApiError(400, DATABASE_MESSAGES.usePreview, DATABASE_ERROR_CODES.usePreview);

/** The user's uploaded file a check reads, when its kind reads one. */
async function requireCheckedFile(
  deps: SourcesDeps,
  userId: string,
  kind: AnySourceKind,
  settings: CheckedSettings,
): Promise<void> {
  const fileId = kind.fileId(settings);
  if (fileId !== null && (await findSourceFile(deps.db, userId, fileId)) === undefined)
    throw new ApiError(400, DATABASE_MESSAGES.badFileId, DATABASE_ERROR_CODES.badFile);
}

/** A source's preview before saving (issue 22): nothing is stored. */
export function previewNewSource(
  deps: SourcesDeps,
  userId: string,
  input: PreviewSource,
): Promise<DatabasePreviewResult> {
  return asCheck(deps, userId, async () => {
    const kind = savedKind(input.kind);
    if (kind.test.answer !== 'preview') throw useTest();
    await requireCheckedFile(deps, userId, kind, input.settings);
    const password = 'password' in input ? input.password : '';
    return kind.test.run(checkContext(deps), input.settings, password);
  });
}

/** A saved source's preview, with the changes being edited unsaved (also a database source's "Test"). */
export function previewSavedSource(
  deps: SourcesDeps,
  userId: string,
  sourceId: string,
  input: PreviewSavedSource,
): Promise<DatabasePreviewResult> {
  return asCheck(deps, userId, async () => {
    const saved = await sourceWithSecret(deps.db, sourceId, { userId });
    if (saved === undefined) throw NOT_FOUND();
    const kind = savedKind(saved.kind);
    if (kind.test.answer !== 'preview') throw useTest();
    const merged = withChange(saved.settings, input.settings);
    // Before anything connects: a moved connection needs the password (docs/decisions/080).
    requirePasswordForMovedConnection(kind, saved.settings, merged, input.password);
    const password =
      kind.password === 'none'
        ? ''
        : (input.password ?? (await openSourcePassword(deps.db, deps.secrets, saved)));
    await requireCheckedFile(deps, userId, kind, merged);
    return kind.test.run(checkContext(deps), merged, password);
  });
}

/** "Test" before saving: nothing is stored. */
export function testNewSource(
  deps: SourcesDeps,
  userId: string,
  input: TestNewSource,
): Promise<SourceTestResult> {
  return asCheck(deps, userId, async () => {
    const kind = savedKind(input.kind);
    if (kind.test.answer !== 'test') throw usePreview();
    return kind.test.run(checkContext(deps), input.settings, input.password);
  });
}

/** "Test" of a saved source, with the changes being edited (a new password, a fingerprint to pin) unsaved. */
export async function testSavedSource(
  deps: SourcesDeps,
  userId: string,
  sourceId: string,
  input: TestSavedSource,
): Promise<SourceTestResult> {
  const saved = await sourceWithSecret(deps.db, sourceId, { userId });
  if (saved === undefined) throw NOT_FOUND();
  const kind = savedKind(saved.kind);
  const check = kind.test;
  if (check.answer !== 'test') throw usePreview();
  // A bad merged value is a ZodError: a 400 with its first message (core's error handler).
  const settings = kind.settings.parse(withChange(saved.settings, input.settings));
  requirePasswordForMovedConnection(kind, saved.settings, settings, input.password);
  const password = input.password ?? (await openSourcePassword(deps.db, deps.secrets, saved));
  return asCheck(deps, userId, () => check.run(checkContext(deps), settings, password));
}

/**
 * An uploaded SQLite file (issue 22, "Add file"), staged on disk by the route (source-file-upload.ts), checked by
 * its header and opened read-only in a reader child before it is kept (in pieces: docs/decisions/200); answered
 * with its tables for the picker. Kept for a source made from it within a day. The staged copy goes either way.
 */
export async function uploadSourceFile(
  deps: SourcesDeps,
  userId: string,
  file: StagedFile,
): Promise<SourceFileResponse> {
  try {
    await requireSqliteHeader(file);
    const name = file.name.replace(/[\p{Cc}]/gu, '').slice(0, 200) || 'database.sqlite';
    let tables: SourceFileResponse['tables'];
    try {
      tables = await asCheck(deps, userId, () =>
        sqliteFileTables(file.path, readerOptions(checkContext(deps))),
      );
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw new ApiError(
        400,
        `${DATABASE_MESSAGES.notSqlite} It could not be opened as one.`,
        DATABASE_ERROR_CODES.notSqlite,
      );
    }
    const row = await storeSourceFileFrom(deps.db, {
      userId,
      name,
      path: file.path,
      sizeBytes: file.sizeBytes,
    });
    return {
      file: {
        id: row.id,
        name: row.name,
        size_bytes: row.sizeBytes,
        uploaded_at: row.createdAt.toISOString(),
      },
      tables,
    };
  } finally {
    await file.discard();
  }
}
