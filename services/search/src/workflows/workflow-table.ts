import {
  type AnswerFields,
  answerColumnCell,
  documentLabel,
  type WorkflowBody,
  type WorkflowRow,
} from '@trove/contracts';
import type { StoredAnswer } from '../chats/chats.repository';
import { daysAfter } from '../search/time-zone';

// What a run found, as a colleague would summarise it (issue 40 item 5): the answers to the workflow's questions
// as one, its rows in the workflow's columns, flagged rows first, then in the chosen order; totals summed per
// currency; which rows are new since the last run. Pure: the preview, Run now and the scheduler share it.

/** Several questions' answers as one: each passage and row once, in the order the questions found them. */
export function mergeAnswers(answers: readonly StoredAnswer[]): StoredAnswer {
  const [first, ...rest] = answers;
  if (first === undefined) throw new Error('a workflow asks at least one question');
  if (rest.length === 0) return first;
  const once = <T>(items: T[], key: (item: T) => string) => {
    const seen = new Set<string>();
    return items.filter((item) => {
      const k = key(item);
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
  };
  const passages = once(
    answers.flatMap((answer) => answer.passages),
    (passage) => passage.passage_id,
  );
  return {
    ...first,
    summary: once(
      answers.flatMap((answer) => answer.summary),
      (sentence) => sentence.text,
    ),
    passages,
    fields: once(
      answers.flatMap((answer) => answer.fields),
      (row) => row.passage_id,
    ),
    documents_read: once(
      answers.flatMap((answer) => answer.documents_read),
      (document) => document.id,
    ),
    // Several questions' computed figures do not add up to one; their rows are in `fields` all the same.
    computed: null,
    empty_hint: passages.length > 0 ? null : first.empty_hint,
  };
}

export function isFlagged(row: AnswerFields, flag: WorkflowBody['flag'], today: string): boolean {
  if (flag === null) return false;
  switch (flag.when) {
    case 'date_before_today':
      return row.date !== undefined && row.date < today;
    case 'date_within_days':
      return row.date !== undefined && row.date >= today && row.date <= daysAfter(today, flag.days);
    case 'total_over':
      return row.total !== undefined && row.total.value > flag.amount;
  }
}

/** Flagged rows first; then by the sort, rows without the sorted value last; ties keep the order found. */
export function orderRows(
  rows: readonly AnswerFields[],
  definition: Pick<WorkflowBody, 'sort' | 'flag'>,
  today: string,
): AnswerFields[] {
  const { by, order } = definition.sort;
  const sign = order === 'asc' ? 1 : -1;
  const value = (row: AnswerFields): string | number | undefined =>
    by === 'date' ? row.date : by === 'total' ? row.total?.value : undefined;
  return rows
    .map((row, index) => ({ row, index, flagged: isFlagged(row, definition.flag, today) }))
    .sort((a, b) => {
      if (a.flagged !== b.flagged) return a.flagged ? -1 : 1;
      const va = value(a.row);
      const vb = value(b.row);
      if (va !== vb) {
        if (va === undefined) return 1;
        if (vb === undefined) return -1;
        return (va < vb ? -1 : 1) * sign;
      }
      return a.index - b.index;
    })
    .map((entry) => entry.row);
}

export function tableRows(
  rows: readonly AnswerFields[],
  definition: Pick<WorkflowBody, 'columns' | 'flag'>,
  context: { today: string; fresh: ReadonlySet<string> },
): WorkflowRow[] {
  return rows.map((row) => {
    const { title, fileName } = documentLabel({ name: row.document_name, title: row.document_title });
    return {
      passage_id: row.passage_id,
      source: fileName === null ? title : `${title} (${fileName})`,
      cells: Object.fromEntries(definition.columns.map((column) => [column, answerColumnCell(row, column)])),
      flagged: isFlagged(row, definition.flag, context.today),
      new: context.fresh.has(row.passage_id),
    };
  });
}

/** The rows' totals summed per currency, in the order the currencies first appear, to the cent. */
export function totalsPerCurrency(rows: readonly AnswerFields[]): { currency: string; text: string }[] {
  const sums = new Map<string, number>();
  for (const row of rows) {
    if (row.total === undefined) continue;
    const currency = row.total.currency || '—';
    sums.set(currency, (sums.get(currency) ?? 0) + Math.round(row.total.value * 100));
  }
  return [...sums].map(([currency, cents]) => ({
    currency,
    text: `${currency} ${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
  }));
}

/** Rows not found by the last run; every row when there was no run before. */
export function freshKeys(rows: readonly AnswerFields[], before: readonly string[] | null): Set<string> {
  const seen = new Set(before ?? []);
  return new Set(rows.map((row) => row.passage_id).filter((key) => !seen.has(key)));
}
