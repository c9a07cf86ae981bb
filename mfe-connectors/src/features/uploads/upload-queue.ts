import {
  type DocumentKind,
  type DocumentStatus,
  UPLOAD_CONCURRENCY_PER_USER,
  type UploadedDocument,
} from '@trove/contracts';

/**
 * The files of this visit, from the drop to the server's answer. After that the document's own status
 * (queued → extracting → indexed | failed) comes from GET /api/v1/uploads.
 */
export type UploadPhase = 'rejected' | 'waiting' | 'uploading' | 'sent' | 'upload-failed';

export interface UploadItem {
  key: string;
  name: string;
  size: number;
  kind: DocumentKind | null;
  phase: UploadPhase;
  /** Bytes of the request body sent so far (multipart overhead included, so it reaches `total`). */
  loaded: number;
  total: number;
  /** Why it was refused or why sending failed. */
  error: string | null;
  documentId: string | null;
}

export type QueueAction =
  | {
      type: 'add';
      accepted: { key: string; name: string; size: number; kind: DocumentKind }[];
      rejected: { key: string; name: string; size: number; reason: string }[];
    }
  | { type: 'start'; key: string }
  | { type: 'progress'; key: string; loaded: number; total: number }
  | { type: 'sent'; key: string; documentId: string }
  | { type: 'failed'; key: string; error: string }
  | { type: 'retry'; key: string }
  | { type: 'dismiss'; key: string }
  | { type: 'forget-documents'; ids: readonly string[] };

function update(items: UploadItem[], key: string, change: (item: UploadItem) => UploadItem): UploadItem[] {
  return items.map((item) => (item.key === key ? change(item) : item));
}

export function queueReducer(items: UploadItem[], action: QueueAction): UploadItem[] {
  switch (action.type) {
    case 'add': {
      const base = { loaded: 0, total: 0, documentId: null };
      // A new batch goes below the earlier ones, its refused files first, so what needs the reader's
      // attention leads the batch; the list stays in the order files are sent.
      return [
        ...items,
        ...action.rejected.map(
          (file): UploadItem => ({ ...base, ...file, kind: null, phase: 'rejected', error: file.reason }),
        ),
        ...action.accepted.map((file): UploadItem => ({ ...base, ...file, phase: 'waiting', error: null })),
      ];
    }
    case 'start':
      return update(items, action.key, (item) => ({ ...item, phase: 'uploading', loaded: 0, error: null }));
    case 'progress':
      return update(items, action.key, (item) =>
        item.phase === 'uploading' ? { ...item, loaded: action.loaded, total: action.total } : item,
      );
    case 'sent':
      return update(items, action.key, (item) => ({
        ...item,
        phase: 'sent',
        loaded: item.total,
        documentId: action.documentId,
      }));
    case 'failed':
      return update(items, action.key, (item) => ({ ...item, phase: 'upload-failed', error: action.error }));
    case 'retry':
      return update(items, action.key, (item) =>
        item.phase === 'upload-failed' ? { ...item, phase: 'waiting', error: null, loaded: 0 } : item,
      );
    case 'dismiss':
      return items.filter((item) => item.key !== action.key);
    case 'forget-documents':
      return items.filter((item) => item.documentId === null || !action.ids.includes(item.documentId));
  }
}

/**
 * Files sent at once: enough to keep the line busy, few enough that each bar moves (ADR 013), and no more
 * than the service takes from one user at once (UPLOAD_CONCURRENCY_PER_USER, ADR 026).
 */
export const UPLOAD_CONCURRENCY = UPLOAD_CONCURRENCY_PER_USER;

/** The waiting files to start now, oldest first, so no more than `concurrency` are in flight. */
export function nextToStart(items: readonly UploadItem[], concurrency = UPLOAD_CONCURRENCY): string[] {
  const inFlight = items.filter((item) => item.phase === 'uploading').length;
  const room = Math.max(0, concurrency - inFlight);
  return items
    .filter((item) => item.phase === 'waiting')
    .slice(0, room)
    .map((item) => item.key);
}

/** Where one file stands, combining this visit's upload with the document's status on the server. */
export type FileStage =
  | { stage: 'rejected' | 'upload-failed'; reason: string }
  | { stage: 'waiting' }
  | { stage: 'uploading'; percent: number }
  | { stage: DocumentStatus; reason: string | null };

export function fileStage(item: UploadItem, document: UploadedDocument | undefined): FileStage {
  switch (item.phase) {
    case 'rejected':
    case 'upload-failed':
      return { stage: item.phase, reason: item.error ?? 'The upload failed.' };
    case 'waiting':
      return { stage: 'waiting' };
    case 'uploading':
      return {
        stage: 'uploading',
        percent: item.total > 0 ? Math.min(100, Math.round((item.loaded / item.total) * 100)) : 0,
      };
    case 'sent':
      // Acknowledged but not yet in a list answer: it was queued (the service answers 202 queued).
      return document === undefined
        ? { stage: 'queued', reason: null }
        : { stage: document.status, reason: document.failure_reason };
  }
}

/** Issue 10 "live": poll while a file is on its way or the service is still reading one. */
export function needsPolling(items: readonly UploadItem[], documents: readonly UploadedDocument[]): boolean {
  return (
    items.some((item) => item.phase === 'waiting' || item.phase === 'uploading') ||
    documents.some((document) => document.status === 'queued' || document.status === 'extracting')
  );
}

/**
 * What a screen reader hears when a document finishes: the ones that became indexed or failed since the
 * last answer. Documents seen for the first time in a finished state are not news.
 */
export function finishedSince(
  before: readonly UploadedDocument[],
  after: readonly UploadedDocument[],
): string[] {
  const previous = new Map(before.map((document) => [document.id, document.status]));
  const messages: string[] = [];
  for (const document of after) {
    const was = previous.get(document.id);
    if (was === undefined || was === document.status) continue;
    if (document.status === 'indexed') messages.push(`${document.name} is indexed.`);
    if (document.status === 'failed')
      messages.push(`${document.name} failed: ${document.failure_reason ?? 'it could not be read'}.`);
  }
  return messages;
}

/**
 * The batch's count line (issue 38): files that went in and finished (indexed, or failed while being read) out of
 * those that went in; refused files are counted apart — "done" would say a refused file was uploaded.
 */
export function batchCountLine(stages: readonly FileStage['stage'][]): string {
  const refused = stages.filter((stage) => stage === 'rejected').length;
  const taken = stages.length - refused;
  const done = stages.filter((stage) => stage === 'indexed' || stage === 'failed').length;
  const refusedPart = refused === 0 ? '' : `${refused} refused`;
  if (taken === 0) return refusedPart;
  const donePart = `${done} of ${taken} done`;
  return refused === 0 ? donePart : `${donePart} · ${refusedPart}`;
}
