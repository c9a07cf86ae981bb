import type { AnswerFields, Facts } from '@trove/contracts';

// The fields table of an answer (issue 11: "date, total with currency, people and organisations,
// source"): one row per cited passage that holds any of them, read from the facts extraction stored.

export interface FieldsPassage {
  passageId: string;
  documentName: string;
  documentTitle: string | null;
  documentDate: string | null;
  /** Plain text, to see which amount is labelled a total. */
  text: string;
  facts: Partial<Facts>;
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
    const facts = passage.facts;
    const date = dateOf(passage.text, facts.dates ?? [], passage.documentDate);
    const total = totalOf(passage.text, facts.amounts ?? []);
    const people = [
      ...new Set((facts.people ?? []).map((person) => person.name || person.email || '').filter(Boolean)),
    ];
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
    };
    if (date !== undefined) row.date = date;
    if (total !== undefined) row.total = { value: total.value, currency: total.currency, text: total.text };
    rows.push(row);
  }
  return rows;
}
