import { z } from 'zod';
import { API_PATHS } from './api';
import { ContextPassageSchema } from './chat';
import { DOCUMENT_KINDS, DocumentSourceSchema } from './search';

// Issue 38 item 1, "Open what you find": one document as a whole, for its own page (/documents/:id), the one
// place a search result, a citation and a shipped answer's link all lead (docs/decisions/100-document-view.md).
// Owner-only: another user's document and one that never existed are the same 404.

/** A document's id as it travels in a path (a UUID); anything else is a 404, never a 400. */
export const DocumentIdSchema = z.uuid({ error: 'Not found' });

/** `GET /api/v1/documents/:id?passage=<id>`: which passage the view opens at (its window is read around it). */
export const DocumentViewQuerySchema = z.object({
  passage: z
    .string()
    .regex(/^[1-9]\d{0,17}$/, 'passage must be a passage id')
    .optional(),
});
export type DocumentViewQuery = z.output<typeof DocumentViewQuerySchema>;

/** A document named beside another: a message's attachment, the message an attachment came in. */
export const DocumentLinkSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string().nullable(),
  type: z.enum(DOCUMENT_KINDS),
});
export type DocumentLink = z.output<typeof DocumentLinkSchema>;

/** A message's headers, as its sender wrote them (display names and addresses). */
export const MessageHeadersSchema = z.object({
  from: z.string().nullable(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  /** ISO 8601, or null when the message has no readable Date. */
  date: z.string().nullable(),
  subject: z.string().nullable(),
});
export type MessageHeaders = z.output<typeof MessageHeadersSchema>;

/** A database row: its source, its table (null when the source reads a query), every column it was read with. */
export const RowViewSchema = z.object({
  source: z.string(),
  table: z.string().nullable(),
  columns: z.array(z.object({ name: z.string(), value: z.string() })),
});
export type RowView = z.output<typeof RowViewSchema>;

export const DocumentViewSchema = z.object({
  document: z.object({
    id: z.string(),
    name: z.string(),
    title: z.string().nullable(),
    type: z.enum(DOCUMENT_KINDS),
    media_type: z.string(),
    size_bytes: z.number().int(),
    document_date: z.string().nullable(),
    created_at: z.string(),
    source: DocumentSourceSchema.nullable(),
    /** The message or archive it came out of (docs/decisions/121); null for what was uploaded or synced. */
    parent: DocumentLinkSchema.nullable(),
  }),
  /** What the view shows it as. */
  shape: z.enum(['message', 'file', 'row']),
  message: MessageHeadersSchema.nullable(),
  row: RowViewSchema.nullable(),
  /** A message's attachments and an archive's entries, each a document of its own. */
  attachments: z.array(DocumentLinkSchema),
  /** The document's passages in order: all of them, or DOCUMENT_VIEW_PASSAGES around the asked-for one. */
  passages: z.array(ContextPassageSchema),
  /** How many passages the document has in all (more than `passages` holds when it is long). */
  passages_total: z.number().int().nonnegative(),
});
export type DocumentView = z.output<typeof DocumentViewSchema>;

/** The page of a document, opened at a passage: `/documents/<id>#passage-<passage id>`. */
export function documentHref(documentId: string, passageId?: string | null): string {
  const path = `/documents/${encodeURIComponent(documentId)}`;
  return passageId ? `${path}#${passageAnchor(passageId)}` : path;
}

/** The element id (and URL fragment) of one passage on a document's page. */
export const passageAnchor = (passageId: string) => `passage-${passageId}`;

/** Where the original file is downloaded from (an attachment, never shown inline). */
export const documentOriginalPath = (documentId: string) =>
  `${API_PATHS.documents}/${encodeURIComponent(documentId)}/original`;
