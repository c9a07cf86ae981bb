import type { ComputedAnswer } from '@trove/contracts';
import type { StoredRecord } from './records.repository';

/** A cited record as a row of a computed answer's table: the one shape every answer (figures, mail, events) sends. */
export const answerRowOf = (row: StoredRecord): ComputedAnswer['rows'][number] => ({
  document_id: row.documentId,
  passage_id: row.passageId,
  document_name: row.documentName,
  document_title: row.documentTitle,
  location: row.location,
  fields: row.fields,
});
