import { ROW_RECORD_MEDIA_TYPE, type RecordField } from '@trove/contracts';

// A database row's typed record travels inside its HTML document (docs/decisions/130-typed-fields.md): the sources
// service writes the block, the search service's extraction reads it back (search's records/row-record.ts). The
// block is JSON in a <script> of its own media type, which no browser runs and the text extraction skips.

/** The block a row's document carries its record in; `<` escaped so no value can end the script. */
export function rowRecordBlock(collection: string, fields: readonly RecordField[]): string {
  const json = JSON.stringify({ collection, location: '', fields })
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026');
  return `<script type="${ROW_RECORD_MEDIA_TYPE}">${json}</script>`;
}
