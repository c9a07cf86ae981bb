import type { Figure } from '@trove/contracts';
import { dayOf, fieldOf, type RowLike } from './conditions';
import type { FigureContext, Figures } from './figures';
import { AGGREGATE_LABEL, measureFigures } from './measure-figures';
import type { Aggregate, QuestionPlan } from './question-plan';
import { dateField, type FieldInfo, fieldNamed } from './row-fields';

// "Per customer", "by month" (docs/decisions/131): the rows counted and measured per value of a field or per month
// of a date; a field with a value per row (free text) is not grouped by, and says so.

export function grouped<Row extends RowLike>(
  plan: QuestionPlan,
  rows: readonly Row[],
  fields: Map<string, FieldInfo>,
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
  const byMonth = group?.by === 'month';
  const field = byMonth
    ? dateField(fields, plan.period?.field ?? null)
    : fieldNamed(group?.by === 'field' ? group.words : '', fields);
  const empty = {
    understood: base.understood,
    rows: [...rows],
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
  const keyOf = (row: Row): string | undefined => {
    if (byMonth) return dayOf(row, field, base.context.timeZone)?.slice(0, 7);
    const value = fieldOf(row, field.name);
    return value === undefined ? undefined : String(value.value);
  };
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = keyOf(row) ?? '(none)';
    const members = groups.get(key);
    if (members === undefined) groups.set(key, [row]);
    else members.push(row);
  }
  // A group per row (a free-text column) is no grouping: said, not listed.
  if (!byMonth && (field.many || (groups.size > 50 && groups.size > rows.length / 2))) {
    const cannot = `${field.name} holds ${field.many ? 'thousands of' : groups.size} different values — free text, not something to group by.`;
    return { ...empty, headline: cannot, figures: [], cannot };
  }
  const out: Figures<Row>['groups'] = [];
  let cannot: string | null = null;
  for (const [key, members] of groups) {
    const figures: Figure[] = [
      { label: 'Count', value: String(members.length), text: String(members.length) },
    ];
    if (measure !== undefined) {
      const result = measureFigures(members, measure, measured);
      if (result.cannot !== null) cannot = result.cannot;
      figures.push(...result.figures);
    }
    out.push({ key, count: members.length, figures, first: members[0] as Row });
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
