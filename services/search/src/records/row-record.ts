import { DocumentRecordSchema, ROW_RECORD_MEDIA_TYPE } from '@trove/contracts';
import type { TextRecord } from '../extraction/document-text';

// A database row's typed record travels inside its HTML document (docs/decisions/130-typed-fields.md): the row's
// document is what is stored and what the extraction job reads again when the row is too large to read inline, so
// the types go where the text goes and both ways of indexing a row read them the same. The sources service writes
// the block (services/core/src/records/row-record-block.ts); this reads it back.

const BLOCK = new RegExp(`<script type="${ROW_RECORD_MEDIA_TYPE.replace(/[.+]/g, '\\$&')}">([^<]*)</script>`);

/** The record a row's HTML document carries, if it carries a valid one. */
export function rowRecordOf(html: string): TextRecord | undefined {
  const match = BLOCK.exec(html);
  if (match === null) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(match[1] ?? '');
  } catch {
    return undefined;
  }
  const parsed = DocumentRecordSchema.safeParse(json);
  if (!parsed.success) return undefined;
  return { collection: parsed.data.collection, location: '', line: '', fields: parsed.data.fields };
}
