import {
  type AnswerPassage,
  type ChatCommand,
  type ComputedAnswer,
  type SummarySentence,
  fieldText,
} from '@trove/contracts';
import type { StoredRecord } from '../records/records.repository';
import type { StoredAnswer } from './chats.repository';
import { fieldsOf } from './fields';

// A computed answer as a chat keeps it (issue 37 item 3; docs/decisions/131): the figure first — the summary's
// first line, so every view and every shipped answer (mail, chat posts) leads with it — then the groups, what
// could not be computed and the notes, each line citing a row; the fields table holds every row counted (its
// typed fields), the passages the first of them. `computed` carries the figures and rows for the views that
// show them as such.

/** Rows cited as passages under the answer; the table holds every row. */
const CITED_PASSAGES = 20;

const rowText = (row: StoredRecord) =>
  row.fields.map((field) => `${field.name}: ${fieldText(field)}`).join(' · ');

/**
 * The stored answer; undefined when the question is better searched: a list that matched nothing because of a
 * word no row mentions ("invoices in my email") is most likely not about these rows.
 */
export function computedStoredAnswer(
  command: ChatCommand,
  destinationNote: string | null,
  computed: ComputedAnswer & { cited: StoredRecord[] },
): StoredAnswer | undefined {
  const { cited, ...shown } = computed;
  const mentions = shown.understood.some((chip) => chip.startsWith('mentions “'));
  if (shown.row_count === 0 && mentions && shown.cannot === null) return undefined;
  const first = cited.find((row) => row.passageId !== null);
  const summary: SummarySentence[] = [];
  const cite = (text: string, row: StoredRecord | undefined) => {
    const passage = row?.passageId ?? first?.passageId;
    if (passage !== null && passage !== undefined) summary.push({ text, passage_id: passage });
  };
  cite(shown.headline, first);
  const groupFirsts = cited.slice(shown.rows.length);
  shown.groups.forEach((group, index) => {
    cite(
      `${group.key}: ${group.figures.map((figure) => `${figure.label.toLowerCase()} ${figure.text}`).join(', ')}`,
      groupFirsts[index],
    );
  });
  if (shown.cannot !== null && shown.cannot !== shown.headline && !shown.headline.includes(shown.cannot))
    cite(shown.cannot, first);
  for (const note of shown.notes) cite(note, first);
  const rows = cited.slice(0, shown.rows.length);
  const passages: AnswerPassage[] = rows
    .filter((row) => row.passageId !== null)
    .slice(0, CITED_PASSAGES)
    .map((row) => ({
      passage_id: row.passageId ?? '',
      document_id: row.documentId,
      document_name: row.documentName,
      document_title: row.documentTitle,
      location: row.location,
      snippet: [{ text: rowText(row), marked: false }],
      score: 0,
    }));
  const documents = new Map(rows.map((row) => [row.documentId, row]));
  return {
    command,
    filters: {},
    layout: 'table-first',
    destination_note: destinationNote,
    summary,
    passages,
    fields: fieldsOf(
      rows
        .filter((row) => row.passageId !== null)
        .map((row) => ({
          passageId: row.passageId ?? '',
          documentName: row.documentName,
          documentTitle: row.documentTitle,
          documentDate: null,
          text: '',
          facts: {},
          record: row.fields,
        })),
    ),
    documents_read: [...documents.values()].map((row) => ({
      id: row.documentId,
      name: row.documentName,
      title: row.documentTitle,
    })),
    empty_hint: summary.length === 0 ? shown.headline : null,
    computed: shown,
  };
}
