import {
  UPLOADS_LIMIT_DEFAULT,
  UPLOADS_LIMIT_MAX,
  type UploadedDocument,
  type UploadsListResponse,
} from '@trove/contracts';

// "Your documents" a page at a time (docs/decisions/013-uploads-page.md "Paging"): the pages loaded so
// far, the cursor of the next, and how many the user has. Pure, so the merge rules are tested alone.

export interface UploadsList {
  documents: UploadedDocument[];
  /** Where "Show more" reads from; null once the last page is in. */
  nextCursor: string | null;
  /** Every document the user has ("Showing 50 of 48,368"). */
  total: number;
}

/** Ids being deleted: an answer read before the DELETE landed must not bring them back, nor count them. */
function visible(page: UploadsListResponse, hidden: ReadonlySet<string>) {
  const documents = page.documents.filter((document) => !hidden.has(document.id));
  return { documents, total: Math.max(0, page.total - (page.documents.length - documents.length)) };
}

/**
 * A fresh first page (the first load, or a poll while something is indexing) merged by id: its documents
 * replace the ones loaded before and lead the list, and the pages loaded with "Show more" stay, with their
 * cursor (a keyset cursor still points after the last loaded document, however many arrived since). A
 * document deleted elsewhere that is not on the fresh page stays until the page is reloaded: finding it
 * would mean re-reading every loaded page each second. When the fresh page is the whole list (no next
 * cursor) it is the truth and replaces everything.
 */
export function withFirstPage(
  list: UploadsList | null,
  page: UploadsListResponse,
  hidden: ReadonlySet<string>,
): UploadsList {
  const fresh = visible(page, hidden);
  if (list === null || page.next_cursor === null) return { ...fresh, nextCursor: page.next_cursor };
  const freshIds = new Set(fresh.documents.map((document) => document.id));
  return {
    documents: [...fresh.documents, ...list.documents.filter((document) => !freshIds.has(document.id))],
    nextCursor: list.nextCursor,
    total: fresh.total,
  };
}

/** "Show more": the next page appended; one already shown (a poll reached further) is not shown twice. */
export function withNextPage(
  list: UploadsList,
  page: UploadsListResponse,
  hidden: ReadonlySet<string>,
): UploadsList {
  const next = visible(page, hidden);
  const known = new Set(list.documents.map((document) => document.id));
  return {
    documents: [...list.documents, ...next.documents.filter((document) => !known.has(document.id))],
    nextCursor: page.next_cursor,
    total: next.total,
  };
}

const inProgress = (document: UploadedDocument) =>
  document.status === 'queued' || document.status === 'extracting';

/**
 * The documents a poll can refresh: the first page, stretched to the largest the service gives (200,
 * one full batch) so every document of a big upload moves on. A document still indexing further down
 * (another tab's upload of thousands) shows its new state after a reload.
 */
export function pollReach(documents: readonly UploadedDocument[]): UploadedDocument[] {
  return documents.slice(0, UPLOADS_LIMIT_MAX);
}

/** The first page's size for a poll: down to the last document in progress within reach, at least 50. */
export function pollLimit(documents: readonly UploadedDocument[]): number {
  const last = pollReach(documents).findLastIndex(inProgress);
  return Math.max(UPLOADS_LIMIT_DEFAULT, last + 1);
}

/** The count line: plain words, the numbers grouped the reader's way. */
export function countLine(shown: number, total: number, locale?: string): string {
  const format = new Intl.NumberFormat(locale);
  if (shown >= total) return `${format.format(total)} ${total === 1 ? 'document' : 'documents'}`;
  return `Showing ${format.format(shown)} of ${format.format(total)}`;
}
