import { askedPart, COMPUTED_ROWS_MAX, type ComputedAnswer } from '@trove/contracts';
import type { DatabaseHandle } from '@trove/service-core';
import { stem } from '../chats/summary';
import {
  type CollectionCount,
  citationsOf,
  collectionRecords,
  recordCollections,
  type StoredRecord,
} from '../records/records.repository';
import { userTimeZone } from '../search/candidates.repository';
import { answerRowOf } from '../records/answer-row';
import { localDay } from '../search/time-zone';
import type { RecordsCache } from './records-cache';
import { computeFigures, rowsNoun } from './figures';
import { planQuestion, type QuestionPlan } from './question-plan';
import { nameStems, sameStem } from './row-fields';

// The answer of a question that computes (issue 37 items 2 and 3; docs/decisions/131): the user's collection the
// question names ("invoices"), its rows read (at most ANSWER_ROWS_MAX), the figures computed, and the rows
// counted, cited. Two to four queries whatever the row count: the collections, the time zone, the rows.

export interface FigureSettings {
  /** ANSWER_PAID_WORDS: statuses that mean a row is settled (paid, closed, done…). */
  paidWords: readonly string[];
  /** ANSWER_ROWS_MAX: the most rows one answer reads; a collection larger than this is not computed over. */
  rowsMax: number;
  /** Collections' rows kept between questions (ANSWER_CACHE_ROWS); none, every answer reads its rows. */
  cache?: RecordsCache | undefined;
}

export const FIGURE_DEFAULTS: FigureSettings = {
  paidWords: [
    'paid',
    'closed',
    'done',
    'settled',
    'complete',
    'completed',
    'cancelled',
    'canceled',
    'void',
    'refunded',
  ],
  rowsMax: 100_000,
};

const MAIL_WORDS = /\b(?:e-?mails?|mails?|messages?|inbox|threads?)\b/i;

/** Words that name rows of whatever collection, when the user has one. */
const ANY_ROWS = /\b(?:rows|records|entries|lines|items)\b/i;
/** Words that start a list question without a figure: "which invoices …", "list the invoices …". */
const LIST_QUESTION = /^\s*(?:which|list|show|what are|give me|find)\b/i;

/**
 * The collection a question names: the one whose name's words it holds most of, then the largest; else, when it
 * names none, the one whose columns it names ("total amount per customer"), when only one does.
 */
export function collectionNamed(
  question: string,
  collections: readonly CollectionCount[],
): CollectionCount | undefined {
  const words = question
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map(stem);
  const holds = (stems: readonly string[]) =>
    stems.filter((s) => words.some((word) => sameStem(word, s))).length;
  let best: { collection: CollectionCount; score: number } | undefined;
  for (const collection of collections) {
    const stems = nameStems(collection.collection).filter((word) => word.length > 2);
    const shared = holds(stems);
    if (shared === 0) continue;
    const score = shared / stems.length;
    if (best === undefined || score > best.score) best = { collection, score };
  }
  if (best !== undefined) return best.collection;
  if (collections.length === 1 && ANY_ROWS.test(question)) return collections[0];
  const byColumns = collections.filter(
    (collection) =>
      holds([...new Set(collection.fieldNames.flatMap(nameStems))].filter((s) => s.length > 2)) > 0,
  );
  return byColumns.length === 1 ? byColumns[0] : undefined;
}

/** Whether the plan asks for anything a table answers: a figure, a comparison, a state, a group, a period or a list. */
const computes = (plan: QuestionPlan, question: string) =>
  plan.aggregates.length > 0 ||
  plan.comparisons.length > 0 ||
  plan.states.length > 0 ||
  plan.group !== null ||
  plan.period !== null ||
  LIST_QUESTION.test(question);

/** The computed answer of a question, or undefined when it names none of the user's collections of rows. */
export async function computedAnswer(
  db: DatabaseHandle,
  userId: string,
  question: string,
  now: Date,
  settings: FigureSettings,
): Promise<(ComputedAnswer & { cited: StoredRecord[] }) | undefined> {
  const asked = askedPart(question) || question;
  // Mail is searched, not computed over (its totals are in its text): "summarize mail from Dana".
  if (MAIL_WORDS.test(asked)) return undefined;
  const collections = await recordCollections(db, userId);
  if (collections.length === 0) return undefined;
  const named = collectionNamed(asked, collections);
  if (named === undefined) return undefined;
  const timeZone = await userTimeZone(db, userId);
  const today = localDay(now.toISOString(), timeZone);
  // Periods are read from the profile's day: "last month" on 1 March in Kolkata is February even at 20:00 UTC.
  const plan = planQuestion(asked, new Date(`${today}T12:00:00Z`));
  if (!computes(plan, asked)) return undefined;
  const base = {
    collection: named.collection,
    understood: [named.collection],
    figures: [],
    groups: [],
    rows: [],
    notes: [],
    cited: [],
  };
  if (named.records > settings.rowsMax) {
    const cannot = `The ${named.collection} hold ${named.records.toLocaleString('en-US')} rows, more than the ${settings.rowsMax.toLocaleString('en-US')} one answer reads (ANSWER_ROWS_MAX), so no figure is given rather than one over part of them.`;
    return { ...base, headline: cannot, how: '', row_count: 0, cannot };
  }
  const records =
    settings.cache === undefined
      ? await collectionRecords(db, userId, named.collection, settings.rowsMax)
      : await settings.cache.rows(db, userId, named, settings.rowsMax);
  const figures = computeFigures(plan, records, {
    today,
    timeZone,
    collection: named.collection,
    paidWords: new Set(settings.paidWords.map((word) => word.toLowerCase())),
  });
  // Only the rows shown (and each group's first) are cited: their names and passages are read now.
  const cited = await citationsOf(db, userId, [
    ...figures.rows.slice(0, COMPUTED_ROWS_MAX),
    ...figures.groups.map((group) => group.first),
  ]);
  const shown = cited.slice(0, Math.min(COMPUTED_ROWS_MAX, figures.rows.length));
  const notes = [...figures.notes];
  if (figures.rows.length > shown.length)
    notes.push(
      `The table shows the first ${shown.length} of the ${figures.rows.length} ${rowsNoun(named.collection, 2)}; the figures count them all.`,
    );
  return {
    headline: figures.headline,
    how: figures.how,
    collection: named.collection,
    understood: figures.understood,
    figures: figures.figures,
    groups: figures.groups.map(({ key, count, figures: groupFigures }) => ({
      key,
      count,
      figures: groupFigures,
    })),
    row_count: figures.rows.length,
    rows: shown.map(answerRowOf),
    cannot: figures.cannot,
    notes,
    cited,
  };
}
