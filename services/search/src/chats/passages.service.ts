import type { ContextPassage, DocumentKind, PassageContextResponse, SourceKind } from '@trove/contracts';
import type { DatabaseHandle } from '@trove/service-core';
import { type ContextRow, passageWithNeighbours } from './passages.repository';

// A cited passage in context (issue 11, "clickable to open the passage in context"): the passage, its
// document, and up to `window` passages either side of it.

function toContextPassage(row: ContextRow): ContextPassage {
  return { id: row.id, ordinal: row.ordinal, location: row.location, text: row.body };
}

/** The user's passage with its neighbours; undefined when it is not the user's (or never existed). */
export async function passageInContext(
  db: DatabaseHandle,
  userId: string,
  passageId: string,
  window: number,
): Promise<PassageContextResponse | undefined> {
  const rows = await passageWithNeighbours(db, userId, passageId, window);
  const index = rows.findIndex((row) => row.id === passageId);
  const target = rows[index];
  if (target === undefined) return undefined;
  return {
    document: {
      id: target.document_id,
      name: target.document_name,
      title: target.document_title,
      type: target.kind as DocumentKind,
      source:
        target.source_name === null
          ? null
          : {
              name: target.source_name,
              folder: target.source_folder,
              kind: target.source_kind as SourceKind,
            },
    },
    passage: toContextPassage(target),
    before: rows.slice(0, index).map(toContextPassage),
    after: rows.slice(index + 1).map(toContextPassage),
  };
}
