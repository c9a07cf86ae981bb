import type { Figure } from '@trove/contracts';
import type { RowLike } from './conditions';
import type { FigureContext, Figures } from './figures';
import { AGGREGATE_LABEL, measureFigures } from './measure-figures';
import type { Aggregate, QuestionPlan } from './question-plan';
import { dateField, type FieldInfo, fieldNamed } from './row-fields';
import type { Table } from './table';

// "Per customer", "by month" (docs/decisions/131): the rows counted and measured per value of a field or per month
// of a date; a field with a value per row (free text) is not grouped by, and says so.

export function grouped<Row extends RowLike>(
  plan: QuestionPlan,
  table: Table<Row>,
  rows: readonly number[],
  measure: FieldInfo | undefined,
  measured: readonly Aggregate[],
  base: {
    understood: string[];
    notes: string[];
    how: string;
    phrase: string;
    noun: string;
    context: FigureContext;
  },
): Figures<Row> {
  const group = plan.group;
  const fields = table.fields;
  const byMonth = group?.by === 'month';
  const field = byMonth
    ? dateField(fields, plan.period?.field ?? null)
    : fieldNamed(group?.by === 'field' ? group.words : '', fields);
  const empty = {
    understood: base.understood,
    rows: table.pick(rows),
    groups: [],
    notes: base.notes,
    how: base.how,
  };
  if (field === undefined) {
    const cannot = byMonth
      ? `The ${base.context.collection} have no date column to group by month.`
      : `The ${base.context.collection} have no column called “${group?.by === 'field' ? group.words : ''}” to group by.`;
    return { ...empty, headline: cannot, figures: [], cannot };
  }
  // A field with more distinct values than the catalogue keeps is free text: said before any grouping.
  if (!byMonth && field.many) {
    const cannot = `${field.name} holds thousands of different values — free text, not something to group by.`;
    return { ...empty, headline: cannot, figures: [], cannot };
  }
  const groups = groupRows(table, field, byMonth, base.context.timeZone, rows);
  // A group per row (a free-text column) is no grouping: said, not listed.
  if (!byMonth && groups.size > 50 && groups.size > rows.length / 2) {
    const cannot = `${field.name} holds ${groups.size} different values — free text, not something to group by.`;
    return { ...empty, headline: cannot, figures: [], cannot };
  }
  const out: Figures<Row>['groups'] = [];
  let cannot: string | null = null;
  for (const [key, members] of groups) {
    const figures: Figure[] = [
      { label: 'Count', value: String(members.length), text: String(members.length) },
    ];
    if (measure !== undefined) {
      const result = measureFigures(table, members, measure, measured);
      if (result.cannot !== null) cannot = result.cannot;
      figures.push(...result.figures);
    }
    out.push({ key, count: members.length, figures, first: table.rows[members[0] as number] as Row });
  }
  if (byMonth) out.sort((a, b) => a.key.localeCompare(b.key));
  else out.sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
  const label =
    measure === undefined
      ? 'Count'
      : `${AGGREGATE_LABEL[(measured[0] ?? 'sum') as Exclude<Aggregate, 'count'>]} ${measure.name}`;
  const per = byMonth ? 'month' : field.name;
  const headline = `${label} per ${per} of ${rows.length} ${base.noun}${base.phrase}${cannot === null ? '' : `. ${cannot}`}`;
  return {
    ...empty,
    headline,
    groups: cannot === null ? out : out.map((g) => ({ ...g, figures: g.figures.slice(0, 1) })),
    figures: [{ label: 'Count', value: String(rows.length), text: String(rows.length) }],
    cannot,
    how: `${base.how}; grouped them by ${per}.`,
  };
}

/**
 * The rows by group, each group's rows in table order: by the month of a date, or by a field's value as text —
 * bucketed by the column's value numbers (table.ts), not by a string a row.
 */
function groupRows(
  table: Table,
  field: FieldInfo,
  byMonth: boolean,
  timeZone: string | null,
  rows: readonly number[],
): Map<string, number[]> {
  const column = table.column(field.name);
  const groups = new Map<string, number[]>();
  const push = (key: string, row: number) => {
    const members = groups.get(key);
    if (members === undefined) groups.set(key, [row]);
    else members.push(row);
  };
  if (byMonth) {
    const days = column.days(timeZone);
    const months = new Map<string, string>();
    for (const row of rows) {
      const day = days[row];
      if (day === undefined) {
        push('(none)', row);
        continue;
      }
      let month = months.get(day);
      if (month === undefined) {
        month = day.slice(0, 7);
        months.set(day, month);
      }
      push(month, row);
    }
    return groups;
  }
  const { ids, distinct } = column.keys();
  const byId: number[][] = [];
  const none: number[] = [];
  for (const row of rows) {
    const id = ids[row] ?? -1;
    if (id < 0) none.push(row);
    else {
      const members = byId[id];
      if (members === undefined) byId[id] = [row];
      else members.push(row);
    }
  }
  // Values of two types with one text ("12" as a number and as text) are one group, its rows back in order.
  byId.forEach((members, id) => {
    const key = distinct[id]?.text ?? '';
    const before = groups.get(key);
    if (before === undefined) groups.set(key, members);
    else
      groups.set(
        key,
        [...before, ...members].sort((a, b) => a - b),
      );
  });
  if (none.length > 0) groups.set('(none)', none);
  return groups;
}
