import {
  DATABASE_SOURCE_KINDS,
  type DocumentKind,
  type DocumentLink,
  type DocumentView,
  type SourceKind,
} from '@trove/contracts';
import type { DatabaseHandle } from '@trove/service-core';
import { messageHeaders, rowColumns } from './document-parts';
import {
  containedDocuments,
  documentOriginal,
  documentPassages,
  findDocumentForView,
} from './document-view.repository';

// One document as a whole for its page (issue 38 item 1, docs/decisions/100-document-view.md).

export interface DocumentViewSettings {
  /** Passages one answer holds at most (DOCUMENT_VIEW_PASSAGES); a longer document is read around a passage. */
  passages: number;
  /** Attachments or entries listed at most (DOCUMENT_VIEW_ATTACHMENTS). */
  attachments: number;
}

export const DOCUMENT_VIEW_DEFAULTS: DocumentViewSettings = { passages: 400, attachments: 200 };

const link = (row: { id: string; name: string; title: string | null; kind: string }): DocumentLink => ({
  id: row.id,
  name: row.name,
  title: row.title,
  type: row.kind as DocumentKind,
});

const isDatabaseKind = (kind: string | null) =>
  (DATABASE_SOURCE_KINDS as readonly string[]).includes(kind ?? '');

/** The user's document for its page; undefined when it is not the user's (or never existed). */
export async function documentView(
  db: DatabaseHandle,
  userId: string,
  documentId: string,
  passageId: string | undefined,
  settings: DocumentViewSettings,
): Promise<DocumentView | undefined> {
  const row = await findDocumentForView(db, userId, documentId);
  if (row === undefined) return undefined;
  const shape = isDatabaseKind(row.source_kind) ? 'row' : row.kind === 'eml' ? 'message' : 'file';
  const [passages, contained, original] = await Promise.all([
    documentPassages(db, userId, documentId, settings.passages, passageId),
    containedDocuments(db, userId, documentId, settings.attachments),
    shape === 'file' ? undefined : documentOriginal(db, userId, documentId),
  ]);
  return {
    document: {
      id: row.id,
      name: row.name,
      title: row.title,
      type: row.kind as DocumentKind,
      media_type: row.media_type,
      size_bytes: Number(row.size_bytes),
      document_date: row.document_date,
      created_at: new Date(row.created_at).toISOString(),
      source:
        row.source_name === null
          ? null
          : { name: row.source_name, folder: row.source_folder, kind: row.source_kind as SourceKind },
      parent:
        row.parent_id === null || row.parent_name === null || row.parent_kind === null
          ? null
          : link({
              id: row.parent_id,
              name: row.parent_name,
              title: row.parent_title,
              kind: row.parent_kind,
            }),
    },
    shape,
    message: shape === 'message' && original !== undefined ? await messageHeaders(original.original) : null,
    row:
      shape === 'row' && original !== undefined
        ? {
            source: row.source_name ?? '',
            table: row.source_table === '' ? null : row.source_table,
            columns: rowColumns(original.original.toString('utf8')),
          }
        : null,
    attachments: contained.map(link),
    passages: passages.passages.map((passage) => ({
      id: passage.id,
      ordinal: passage.ordinal,
      location: passage.location,
      text: passage.body,
    })),
    passages_total: passages.total,
  };
}

/** The original file for download, when the document is the user's. */
export async function originalFile(db: DatabaseHandle, userId: string, documentId: string) {
  return documentOriginal(db, userId, documentId);
}
