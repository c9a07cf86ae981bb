import type { Figure } from '@trove/contracts';
import { stem } from '../chats/summary';
import {
  type Condition,
  comparisonCondition,
  mentionCondition,
  periodCondition,
  type RowLike,
  shiftYears,
  showDay,
  valueCondition,
} from './conditions';
import { grouped } from './grouped-figures';
import { measureFigures } from './measure-figures';
import type { Aggregate, QuestionPlan } from './question-plan';
import {
  type FieldInfo,
  dateField,
  defaultMeasure,
  dueField,
  fieldNamed,
  isPaidValue,
  nameStems,
  sameStem,
  statusField,
} from './row-fields';
import { type Table, tableOf } from './table';

// Questions that compute, over one collection's rows (issue 37 item 2; docs/decisions/131): the plan's parts
// become conditions on the rows' typed fields, the rows that pass are counted, and their measure (the Amount) is
// added up exactly, per currency. Whatever cannot be computed exactly — an amount that did not read as a number,
// a group-by over free text, no amount or no status column — is said in `cannot`, and no figure is given for it.

export interface FigureContext {
  /** The profile's day today, YYYY-MM-DD. */
  today: string;
  timeZone: string | null;
  collection: string;
  /** Words that mean a row is paid (closed, done): ANSWER_PAID_WORDS. */
  paidWords: ReadonlySet<string>;
}

export interface Figures<Row extends RowLike> {
  headline: string;
  how: string;
  understood: string[];
  figures: Figure[];
  groups: { key: string; count: number; figures: Figure[]; first: Row }[];
  rows: Row[];
  cannot: string | null;
  notes: string[];
}

/** Words of a question that neither ask nor name: left out when looking for what it names. */
const QUESTION_WORDS = new Set(
  `a an the of to in on at for from by with and or is are was were be been do does did what which who whose how
  many much me my our all any list show give tell find get please can you i we there their they them it its this
  that these those have has had what's whats total sum count number average mean add adds up altogether combined
  each every per as than more less over under due rows row records record entries entry lines line items item
  amount amounts value values figure figures still currently now yet already ever just only also really so far
  been being got made there here kindly overall whole entire right at moment`
    .split(/\s+/)
    .filter(Boolean),
);

/** The values of text fields the question names whole ("Stark Industries"), each field's values together. */
function valuesNamed(rest: string, fields: Map<string, FieldInfo>, skip: ReadonlySet<string>) {
  const found: { field: FieldInfo; values: string[]; at: [number, number][] }[] = [];
  const lower = ` ${rest.toLowerCase()} `;
  for (const info of fields.values()) {
    if (info.type !== 'text' || info.many || skip.has(info.name)) continue;
    const values: string[] = [];
    const at: [number, number][] = [];
    for (const value of info.values) {
      const v = value.trim().toLowerCase();
      if (v.length < 3 || /^[\d\s.,-]+$/.test(v)) continue;
      const index = lower.indexOf(` ${v} `) >= 0 ? lower.indexOf(` ${v} `) : lower.indexOf(` ${v}'`);
      if (index >= 0) {
        values.push(value);
        at.push([index, index + v.length + 1]);
      }
    }
    if (values.length > 0) found.push({ field: info, values, at });
  }
  // A value inside a longer one another field holds ("Acme" in "Acme Corporation") is that longer one's.
  return found.filter(
    (entry) =>
      !found.some(
        (other) =>
          other !== entry &&
          entry.at.every(([s, e]) => other.at.some(([os, oe]) => os <= s && oe >= e && oe - os > e - s)),
      ),
  );
}

/** The period's candidates for "March" asked bare: the latest one with rows, else the next one with rows. */
function latestWithRows(
  plan: QuestionPlan,
  table: Table,
  field: FieldInfo,
  context: FigureContext,
): { from?: string | undefined; to?: string | undefined; moved: boolean } {
  const period = plan.period;
  if (period === null) return { moved: false };
  if (!period.latest || period.from === undefined || period.to === undefined)
    return { from: period.from, to: period.to, moved: false };
  const days = table.column(field.name).days(context.timeZone);
  const has = (from: string, to: string) => days.some((day) => day !== undefined && day >= from && day <= to);
  const { from, to } = period;
  for (let years = 0; years >= -10; years--) {
    const f = shiftYears(from, years);
    const t = shiftYears(to, years);
    if (f <= context.today && has(f, t)) return { from: f, to: t, moved: years !== 0 };
  }
  for (let years = 1; years <= 2; years++) {
    const f = shiftYears(from, years);
    const t = shiftYears(to, years);
    if (has(f, t)) return { from: f, to: t, moved: true };
  }
  return { from, to, moved: false };
}

/** Whether the row at an index is paid: each distinct status tested once; no status column, none is. */
function paidTest(
  table: Table,
  status: FieldInfo | undefined,
  paidWords: ReadonlySet<string>,
): (row: number) => boolean {
  if (status === undefined) return () => false;
  return table.column(status.name).rowsWhere((value) => isPaidValue(value, paidWords));
}

interface Resolved {
  conditions: Condition[];
  measure: FieldInfo | undefined;
  status: FieldInfo | undefined;
  cannot: string | null;
  notes: string[];
}

/** The plan's parts as conditions on this collection's fields. */
function resolve(plan: QuestionPlan, table: Table, context: FigureContext): Resolved {
  const fields = table.fields;
  const notes: string[] = [];
  const conditions: Condition[] = [];
  const measureNamed =
    plan.measure === null
      ? undefined
      : (fieldNamed(plan.measure, fields, ['money']) ?? fieldNamed(plan.measure, fields, ['number']));
  const measure = measureNamed ?? defaultMeasure(fields);
  const status = statusField(fields);
  let rest = ` ${plan.rest} `;
  if (plan.period !== null) {
    const field = dateField(fields, plan.period.field);
    if (field === undefined)
      return {
        conditions,
        measure,
        status,
        notes,
        cannot: `The ${context.collection} have no date column, so “${plan.period.text}” cannot narrow them.`,
      };
    const period = latestWithRows(plan, table, field, context);
    const condition = periodCondition(table, period, field, context.timeZone);
    if (period.moved)
      notes.push(
        `“${plan.period.text}” is read as ${condition.chip.slice(field.name.length + 4)}, the latest with ${context.collection}.`,
      );
    conditions.push(condition);
  }
  for (const comparison of plan.comparisons) {
    const named =
      comparison.field === null ? undefined : fieldNamed(comparison.field, fields, ['money', 'number']);
    const field = named ?? measure;
    if (field === undefined)
      return {
        conditions,
        measure,
        status,
        notes,
        cannot: `The ${context.collection} have no amount column to compare with “${comparison.text}”.`,
      };
    conditions.push(comparisonCondition(table, comparison, field, named === undefined || named === measure));
  }
  for (const state of plan.states) {
    const due = dueField(fields);
    if (state === 'overdue' && due === undefined)
      return {
        conditions,
        measure,
        status,
        notes,
        cannot: `The ${context.collection} have no due date column, so which are overdue cannot be told.`,
      };
    if (status === undefined && state !== 'overdue')
      return {
        conditions,
        measure,
        status,
        notes,
        cannot: `The ${context.collection} have no status column, so which are ${state} cannot be told.`,
      };
    if (status === undefined)
      notes.push(
        `The ${context.collection} have no status column: every row past its due date counts as overdue.`,
      );
    const paid = paidTest(table, status, context.paidWords);
    const notPaid =
      status === undefined ? '' : ` and ${status.name} not ${[...context.paidWords].slice(0, 3).join('/')}`;
    const dueDays = due === undefined ? [] : table.column(due.name).days(context.timeZone);
    if (state === 'overdue' && due !== undefined)
      conditions.push({
        chip: `overdue: ${due.name} before ${showDay(context.today)}${notPaid}`,
        phrase: 'overdue',
        test: (row) => {
          const day = dueDays[row];
          return day !== undefined && day < context.today && !paid(row);
        },
      });
    else if (state === 'open')
      conditions.push({ chip: `open: ${status?.name} not paid`, phrase: 'open', test: (row) => !paid(row) });
    else conditions.push({ chip: `paid: ${status?.name} paid`, phrase: 'paid', test: paid });
    if (status !== undefined) rest = rest.replace(/\b(?:open|paid|unpaid)\b/g, ' ');
  }
  // Values asked about ("Stark Industries"), then words left that name neither the rows nor a field.
  const skip = new Set(plan.states.length > 0 && status !== undefined ? [status.name] : []);
  for (const named of valuesNamed(rest, fields, skip)) {
    conditions.push(valueCondition(table, named.field, named.values));
    for (const value of named.values)
      rest = rest.replace(new RegExp(`\\b${escapeRegExp(value.toLowerCase())}\\b`, 'g'), ' ');
  }
  const collectionStems = new Set(nameStems(context.collection));
  const fieldStems = new Set([...fields.keys()].flatMap(nameStems));
  const left = rest
    .split(/[^\p{L}\p{N}'&.-]+/u)
    .map((word) => word.replace(/^[.'-]+|[.'-]+$/g, ''))
    .filter(
      (word) =>
        word.length > 1 &&
        !QUESTION_WORDS.has(word) &&
        ![...collectionStems].some((s) => sameStem(s, stem(word))) &&
        ![...fieldStems].some((s) => sameStem(s, stem(word))),
    );
  if (left.length > 0) conditions.push(mentionCondition(table, left.join(' ')));
  return { conditions, measure, status, notes, cannot: null };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** "invoices", or "ledger rows" for a collection whose name is not a plural. */
export function rowsNoun(collection: string, count: number): string {
  const plural = /s$/i.test(collection) ? collection : `${collection} rows`;
  if (count !== 1) return plural;
  return /ies$/i.test(plural) ? plural.replace(/ies$/i, 'y') : plural.replace(/s$/i, '');
}

/** The indexes of the rows that pass every condition. */
function passing(count: number, conditions: readonly Condition[]): number[] {
  const kept: number[] = [];
  for (let row = 0; row < count; row++) kept.push(row);
  // Each condition over the rows the ones before kept (a plain loop: no closure made per row).
  for (const condition of conditions) {
    let at = 0;
    for (const row of kept) if (condition.test(row)) kept[at++] = row;
    kept.length = at;
  }
  return kept;
}

export function computeFigures<Row extends RowLike>(
  plan: QuestionPlan,
  all: readonly Row[],
  context: FigureContext,
): Figures<Row> {
  // The rows' columns are read once per array (table.ts): the same kept rows, question after question.
  const table = tableOf(all);
  const fields = table.fields;
  const resolved = resolve(plan, table, context);
  const kept = resolved.cannot === null ? passing(all.length, resolved.conditions) : [];
  const rows = table.pick(kept);
  const understood = [context.collection, ...resolved.conditions.map((c) => c.chip)];
  const phrase = resolved.conditions.map((c) => ` ${c.phrase}`).join('');
  const noun = rowsNoun(context.collection, rows.length);
  const base = { understood, rows, groups: [], notes: resolved.notes };
  if (resolved.cannot !== null)
    return { ...base, headline: resolved.cannot, how: '', figures: [], cannot: resolved.cannot };
  const how = `Read the ${all.length} ${rowsNoun(context.collection, all.length)}; kept the ${rows.length} ${resolved.conditions.length === 0 ? '(all of them)' : `where ${resolved.conditions.map((c) => c.chip).join(', and ')}`}`;
  const wanted = plan.aggregates.filter((a) => a !== 'count');
  const measured =
    wanted.length > 0 ? wanted : resolved.measure !== undefined ? (['sum'] as Aggregate[]) : [];
  const measure = resolved.measure;
  if (wanted.length > 0 && measure === undefined) {
    const cannot = `The ${context.collection} have no amount column${fields.size > 0 ? ` (their fields: ${[...fields.keys()].join(', ')})` : ''}, so there is nothing to add up.`;
    return { ...base, headline: `${rows.length} ${noun}${phrase}. ${cannot}`, how, figures: [], cannot };
  }
  const counted: Figure = { label: 'Count', value: String(rows.length), text: String(rows.length) };
  if (plan.group !== null)
    return grouped(plan, table, kept, measure, measured, { ...base, how, phrase, noun, context });
  const result =
    measure === undefined
      ? { figures: [], cannot: null, notes: [] }
      : measureFigures(table, kept, measure, measured);
  const notes = [...resolved.notes, ...result.notes];
  const head = `${rows.length} ${noun}${phrase}`;
  if (result.cannot !== null)
    return {
      ...base,
      notes,
      headline: `${head}. ${result.cannot}`,
      how,
      figures: [counted],
      cannot: wanted.length > 0 ? result.cannot : null,
    };
  if (rows.length === 0)
    return {
      ...base,
      notes,
      headline: `No ${rowsNoun(context.collection, 2)}${phrase}.`,
      how,
      figures: [counted],
      cannot: null,
    };
  const figures = [counted, ...result.figures];
  return {
    ...base,
    notes,
    headline: headline(head, wanted, result.figures, table, kept, resolved, context),
    how: `${how}; ${describeWork(measured, measure)}.`,
    figures,
    cannot: null,
  };
}

function describeWork(aggregates: readonly Aggregate[], measure: FieldInfo | undefined): string {
  if (measure === undefined) return 'counted them';
  const words: Record<Aggregate, string> = {
    sum: 'added up',
    average: 'averaged',
    max: 'took the largest',
    min: 'took the smallest',
    count: 'counted',
  };
  return `counted them and ${aggregates.map((a) => words[a]).join(', ')} their ${measure.name} exactly`;
}

function headline(
  head: string,
  wanted: readonly Aggregate[],
  figures: readonly Figure[],
  table: Table,
  rows: readonly number[],
  resolved: Resolved,
  context: FigureContext,
): string {
  const totals = figures.filter((f) => f.label.startsWith('Total')).map((f) => f.text);
  const others = figures
    .filter((f) => !f.label.startsWith('Total'))
    .map((f) => `${f.label.toLowerCase()} ${f.text}`);
  let line = head;
  if (wanted.some((a) => a !== 'sum') && others.length > 0) line += `: ${others.join('; ')}`;
  if (totals.length > 0)
    line += `${others.length > 0 && wanted.some((a) => a !== 'sum') ? '; ' : ': '}${totals.join(' and ')} in total`;
  // The issue's "— 3 open, 31,440.10": how much of it is still open, when the question did not ask for a state.
  const status = resolved.status;
  const measure = resolved.measure;
  if (
    status !== undefined &&
    measure !== undefined &&
    !resolved.conditions.some((c) => /^(?:open|paid|overdue)$/.test(c.phrase))
  ) {
    const paid = paidTest(table, status, context.paidWords);
    const open = rows.filter((row) => !paid(row));
    if (open.length > 0 && open.length < rows.length) {
      const sums = measureFigures(table, open, measure, ['sum']);
      if (sums.cannot === null)
        line += ` — ${open.length} open, ${sums.figures.map((f) => f.text).join(' and ')}`;
    }
  }
  return line;
}
