import { type AnswerFields, type Facts, fieldText, type RecordField } from '@trove/contracts';

// The fields table of an answer (issue 11: "date, total with currency, people and organisations,
// source"): one row per cited passage that holds any of them. One model (issue 37 item 1, docs/decisions/130):
// a passage that is a row (a database row) is read from its typed fields; any other from the facts extraction
// stored, made into fields of the same shape (factFields), so the table, the mail and the answers that compute
// read one thing.

export interface FieldsPassage {
  passageId: string;
  documentName: string;
  documentTitle: string | null;
  documentDate: string | null;
  /** Plain text, to see which amount is labelled a total. */
  text: string;
  facts: Partial<Facts>;
  /** The passage's typed fields when it is one row (a database row). */
  record?: readonly RecordField[] | undefined;
}

const TOTAL_NAME = /\b(?:grand\s*total|total|amount\s*due|amount|balance|price|cost)\b/i;
const DATE_NAME = /\b(?:date|dated|issued|due|on)\b/i;
const ORGANISATION_NAME =
  /\b(?:customer|client|vendor|supplier|company|organi[sz]ation|account|payee|merchant)\b/i;
const PERSON_NAME = /\b(?:contact|person|owner|assignee|sender|from|employee|name)\b/i;

const words = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ');

/** A row's total: its money field named like a total ("Total", "Amount"), else its only money field. */
export function recordTotal(
  fields: readonly RecordField[],
): Extract<RecordField, { type: 'money' }> | undefined {
  const money = fields.filter((field) => field.type === 'money');
  return (
    money.find((field) => TOTAL_NAME.test(words(field.name))) ?? (money.length === 1 ? money[0] : undefined)
  );
}

/** A row's date: its date field named like one ("Date", "Due date", "Issued"), else its first date field. */
export function recordDate(fields: readonly RecordField[]): string | undefined {
  const dates = fields.filter((field) => field.type === 'date' || field.type === 'timestamp');
  return (dates.find((field) => DATE_NAME.test(words(field.name))) ?? dates[0])?.value.slice(0, 10);
}

/** The fields a text's facts give: its total, its date, its people and its organisations. */
export function factFields(passage: FieldsPassage): RecordField[] {
  const facts = passage.facts;
  const fields: RecordField[] = [];
  const total = totalOf(passage.text, facts.amounts ?? []);
  if (total !== undefined) {
    const value = decimalOf(total.value);
    if (value !== undefined)
      fields.push(
        /^[A-Z]{3}$/.test(total.currency)
          ? { name: 'Total', type: 'money', value, currency: total.currency }
          : { name: 'Total', type: 'money', value },
      );
  }
  const date = dateOf(passage.text, facts.dates ?? [], passage.documentDate);
  if (date !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(date))
    fields.push({ name: 'Date', type: 'date', value: date });
  for (const person of peopleOf(facts)) fields.push({ name: 'Person', type: 'text', value: person });
  for (const organisation of new Set(facts.organisations ?? []))
    fields.push({ name: 'Organisation', type: 'text', value: organisation });
  return fields;
}

/** A finite number as a decimal string; undefined for what is not one (an amount too large to be exact). */
function decimalOf(value: number): string | undefined {
  if (!Number.isFinite(value) || Math.abs(value) >= Number.MAX_SAFE_INTEGER) return undefined;
  const text = String(Number(value.toFixed(12)));
  return /e/i.test(text) ? undefined : text;
}

const peopleOf = (facts: Partial<Facts>) => [
  ...new Set((facts.people ?? []).map((person) => person.name || person.email || '').filter(Boolean)),
];

/** A row's fields as the table's columns: its total, date, and the people and organisations its columns name. */
function rowOf(passage: FieldsPassage, record: readonly RecordField[]): AnswerFields {
  const row: AnswerFields = {
    people: record
      .filter(
        (field) =>
          field.type === 'text' &&
          PERSON_NAME.test(words(field.name)) &&
          !ORGANISATION_NAME.test(words(field.name)),
      )
      .map((field) => String(field.value)),
    organisations: record
      .filter((field) => field.type === 'text' && ORGANISATION_NAME.test(words(field.name)))
      .map((field) => String(field.value)),
    passage_id: passage.passageId,
    document_name: passage.documentName,
    document_title: passage.documentTitle,
    fields: [...record],
  };
  const date = recordDate(record);
  if (date !== undefined) row.date = date;
  const total = recordTotal(record);
  if (total !== undefined)
    row.total = { value: Number(total.value), currency: total.currency ?? '', text: fieldText(total) };
  return row;
}

/** Words that label the amount a document is about, just before it ("Total: ₹12,500", "Amount due"). */
const TOTAL_LABEL =
  /\b(?:grand\s+total|total|amount\s+due|amount\s+payable|balance\s+due|net\s+payable)\b[^\d]{0,25}$/i;

/** The amount labelled total (the last such label wins: a "Total" line follows the subtotals), else the largest. */
export function totalOf(text: string, amounts: Facts['amounts']): Facts['amounts'][number] | undefined {
  let labelled: Facts['amounts'][number] | undefined;
  let from = 0;
  for (const amount of amounts) {
    const at = text.indexOf(amount.text, from);
    if (at < 0) continue;
    from = at + amount.text.length;
    if (TOTAL_LABEL.test(text.slice(Math.max(0, at - 40), at))) labelled = amount;
  }
  if (labelled) return labelled;
  return amounts.reduce<Facts['amounts'][number] | undefined>(
    (largest, amount) => (largest === undefined || amount.value > largest.value ? amount : largest),
    undefined,
  );
}

/** A date labelled as the document's ("Invoice date: 5 Oct"), else the document's own (a mail's), else the first. */
const DATE_LABEL = /\b(?:date|dated|issued(?:\s+on)?)\b[^\d\p{L}]{0,5}$/iu;

export function dateOf(text: string, dates: Facts['dates'], documentDate: string | null): string | undefined {
  for (const date of dates) {
    const at = text.indexOf(date.text);
    if (at >= 0 && DATE_LABEL.test(text.slice(Math.max(0, at - 30), at))) return date.iso;
  }
  return documentDate?.slice(0, 10) ?? dates[0]?.iso;
}

export function fieldsOf(passages: readonly FieldsPassage[]): AnswerFields[] {
  const rows: AnswerFields[] = [];
  for (const passage of passages) {
    if (passage.record !== undefined && passage.record.length > 0) {
      rows.push(rowOf(passage, passage.record));
      continue;
    }
    const facts = passage.facts;
    const date = dateOf(passage.text, facts.dates ?? [], passage.documentDate);
    const total = totalOf(passage.text, facts.amounts ?? []);
    const people = peopleOf(facts);
    const organisations = [...new Set(facts.organisations ?? [])];
    // A row of nothing but its source tells the reader nothing the passage list does not.
    if (
      total === undefined &&
      people.length === 0 &&
      organisations.length === 0 &&
      (facts.dates?.length ?? 0) === 0
    ) {
      continue;
    }
    const row: AnswerFields = {
      people,
      organisations,
      passage_id: passage.passageId,
      document_name: passage.documentName,
      document_title: passage.documentTitle,
      fields: factFields(passage),
    };
    if (date !== undefined) row.date = date;
    if (total !== undefined) row.total = { value: total.value, currency: total.currency, text: total.text };
    rows.push(row);
  }
  return rows;
}
