import { datesInQuestion } from '../chats/question-dates';
import { amountValueText } from './decimal';

// A question that computes, as a plan (issue 37 item 2; docs/decisions/131-questions-that-compute.md): which
// figures it asks for (total, count, average, largest, smallest), how to group them (per customer, by month),
// which comparisons, period and states narrow the rows, and the words left, which name the rows ("invoices") and
// the values asked about ("Stark Industries"). Pure and without a language model: the same question gives the same
// plan, and the plan is shown back as the question as Trove understood it. Which field each part means is decided
// against the rows' fields (figures.ts), not here.

export type Aggregate = 'sum' | 'count' | 'average' | 'max' | 'min';
export type Operator = 'gt' | 'gte' | 'lt' | 'lte' | 'eq' | 'between';
export type RowState = 'overdue' | 'open' | 'paid';

export interface Comparison {
  /** Words naming the field compared ("quantity"), when the question names one. */
  field: string | null;
  op: Operator;
  /** A decimal; for `between`, the low end. */
  value: string;
  high?: string | undefined;
  currency?: string | undefined;
  /** Plainly money (a currency, grouping or a scale word), so it compares the amount. */
  money: boolean;
  /** The words as asked ("over $20,000"). */
  text: string;
}

export interface PeriodAsked {
  from?: string | undefined;
  to?: string | undefined;
  /** The words as asked ("in March"). */
  text: string;
  /** A month or quarter named without a year: the latest one that has rows is meant. */
  latest: boolean;
  /** Words before it naming the date field ("due"), when there are. */
  field: string | null;
}

export interface QuestionPlan {
  /** The figures asked for; none for a list ("which invoices are overdue?"). */
  aggregates: Aggregate[];
  /** Words naming the field the figures are of ("amount"), when the question names one. */
  measure: string | null;
  group: { by: 'month' } | { by: 'field'; words: string } | null;
  comparisons: Comparison[];
  period: PeriodAsked | null;
  states: RowState[];
  /** The question with the parts above taken out, lower case: kind words and the values asked about. */
  rest: string;
}

const CURRENCY: Record<string, string> = {
  $: 'USD',
  us$: 'USD',
  usd: 'USD',
  dollars: 'USD',
  dollar: 'USD',
  '€': 'EUR',
  eur: 'EUR',
  euros: 'EUR',
  euro: 'EUR',
  '£': 'GBP',
  gbp: 'GBP',
  pounds: 'GBP',
  '₹': 'INR',
  rs: 'INR',
  'rs.': 'INR',
  inr: 'INR',
  rupees: 'INR',
};

const NUMBER = String.raw`\d{1,3}(?:,\d{2,3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
const BEFORE = String.raw`(US\$|\$|€|£|₹|\b(?:rs\.?|inr|usd|eur|gbp)\s?)?`;
const SCALE = String.raw`(?:\s?(k|m|mn|million|lakhs?|crores?)\b)?`;
const AFTER = String.raw`(?:\s?(usd|eur|gbp|inr|dollars?|euros?|pounds|rupees|€|£|₹)\b)?`;
const AMOUNT = `${BEFORE}(${NUMBER})${SCALE}${AFTER}`;

const OPERATORS: [RegExp, Operator][] = [
  [/^(?:at least|no less than|min(?:imum)?(?: of)?|>=|≥|or more)$/, 'gte'],
  [/^(?:at most|no more than|up to|max(?:imum)?(?: of)?|<=|≤|or less)$/, 'lte'],
  [/^(?:over|above|more than|greater than|larger than|bigger than|exceeding|higher than|>)$/, 'gt'],
  [/^(?:under|below|less than|fewer than|smaller than|lower than|<)$/, 'lt'],
  [/^(?:exactly|equal to|of exactly|=)$/, 'eq'],
];
const OPERATOR_WORDS =
  'at least|no less than|minimum of|minimum|min|at most|no more than|up to|maximum of|maximum|max|over|above|more than|greater than|larger than|bigger than|exceeding|higher than|under|below|less than|fewer than|smaller than|lower than|exactly|equal to|>=|<=|≥|≤|>|<|=';
/** An optional field name before the comparison: "amount over", "with a quantity of less than". */
const FIELD_BEFORE = String.raw`(?:\b(?:with|where|whose|having)\s+(?:an?\s+|the\s+)?([a-z][\w ]{0,30}?)\s+(?:is\s+|of\s+|are\s+)?)?`;
const COMPARED = new RegExp(
  String.raw`${FIELD_BEFORE}(${OPERATOR_WORDS})\s*${AMOUNT}(?![\d,.]|\s*(?:days?|weeks?|months?|years?)\b)`,
  'giu',
);
const BETWEEN = new RegExp(
  String.raw`${FIELD_BEFORE}\bbetween\s+${AMOUNT}\s+(?:and|to|-|–)\s+${AMOUNT}(?![\d,.])`,
  'giu',
);

function readAmount(
  before: string | undefined,
  digits: string,
  scale: string | undefined,
  after: string | undefined,
): { value: string; currency: string | undefined; money: boolean } | undefined {
  const value = amountValueText(digits, scale);
  if (value === undefined) return undefined;
  const currency = CURRENCY[(before ?? '').trim().toLowerCase()] ?? CURRENCY[(after ?? '').toLowerCase()];
  return { value, currency, money: currency !== undefined || scale !== undefined || digits.includes(',') };
}

const cut = (text: string, at: number, length: number) =>
  `${text.slice(0, at)} ${text.slice(at + length)}`.replace(/\s+/g, ' ').trim();

/** The comparisons a question names, and the question without them. */
export function comparisonsIn(question: string): { comparisons: Comparison[]; rest: string } {
  const comparisons: Comparison[] = [];
  let rest = question;
  for (let match = BETWEEN.exec(rest); match !== null; match = BETWEEN.exec(rest)) {
    const low = readAmount(match[2], match[3] ?? '', match[4], match[5]);
    const high = readAmount(match[6], match[7] ?? '', match[8], match[9]);
    BETWEEN.lastIndex = 0;
    rest = cut(rest, match.index, match[0].length);
    if (low === undefined || high === undefined) continue;
    const [a, b] = Number(low.value) <= Number(high.value) ? [low, high] : [high, low];
    comparisons.push({
      field: match[1]?.trim() || null,
      op: 'between',
      value: a.value,
      high: b.value,
      currency: a.currency ?? b.currency,
      money: a.money || b.money,
      text: match[0].trim(),
    });
  }
  for (let match = COMPARED.exec(rest); match !== null; match = COMPARED.exec(rest)) {
    COMPARED.lastIndex = 0;
    rest = cut(rest, match.index, match[0].length);
    const amount = readAmount(match[3], match[4] ?? '', match[5], match[6]);
    const word = (match[2] ?? '').toLowerCase().replace(/\s+/g, ' ');
    const op = OPERATORS.find(([pattern]) => pattern.test(word))?.[1];
    if (amount === undefined || op === undefined) continue;
    comparisons.push({
      field: match[1]?.trim() || null,
      op,
      value: amount.value,
      currency: amount.currency,
      money: amount.money,
      text: match[0].trim(),
    });
  }
  return { comparisons, rest };
}

const AGGREGATES: [RegExp, Aggregate][] = [
  [/\b(?:how many|count|number of)\b/, 'count'],
  [/\b(?:average|mean|avg)\b/, 'average'],
  [/\b(?:largest|biggest|highest|max(?:imum)?|most expensive|greatest)\b/, 'max'],
  [/\b(?:smallest|lowest|min(?:imum)?|cheapest|least expensive)\b/, 'min'],
  [/\b(?:totals?|sum|add(?:s)? up|add up to|in all|altogether|combined|how much)\b/, 'sum'],
];
const MEASURE =
  /\b(?:total|sum|average|mean|avg|largest|biggest|highest|smallest|lowest|maximum|minimum|max|min)\s+(?:of\s+)?(?:the\s+|their\s+|all\s+)?([a-z][a-z_]*)/;

const GROUP_TIME =
  /\b(?:(?:per|by|for each|each|every|grouped by|broken down by)\s+(month|week|year|quarter)|(monthly))\b/;
const GROUP_FIELD =
  /\b(?:per|by|for each|for every|grouped by|broken down by|split by)\s+([a-z][a-z_]*(?:\s+(?:name|id|type|category|status))?)\b/;

const STATES: [RegExp, RowState][] = [
  [/\b(?:overdue|past due|late)\b/, 'overdue'],
  [/\b(?:unpaid|not paid|outstanding|open|unsettled|pending)\b/, 'open'],
  [/(?<!\bun|\bnot |\bnot yet )\bpaid\b|\bsettled\b/, 'paid'],
];

const MONTH_OR_QUARTER =
  /\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|q[1-4]|(?:first|second|third|fourth)\s+quarter)\b/i;

/** Words before a period that say which date it is of: "due in March", "paid last month". */
const DATE_VERBS =
  /^(?:due|paid|issued|created|sent|closed|opened|updated|dated|invoiced|ordered|shipped|signed|expiring|expires)$/i;

/** Whether the words a date reader took out of `before` (leaving `after`) name a month or quarter without a year. */
export function namesBarePeriod(before: string, after: string): boolean {
  const left = after.split(/\s+/);
  let at = 0;
  const taken = before.split(/\s+/).filter((word) => {
    if (left[at] === word) {
      at += 1;
      return false;
    }
    return true;
  });
  return bare(taken.join(' '));
}

const bare = (text: string) =>
  MONTH_OR_QUARTER.test(text) &&
  !/\b(?:19|20)\d{2}\b|\b(?:last|this|past|previous|current|next)\b/i.test(text);

/** The period a question names, with the date field the words before it name ("due in March"). */
function periodIn(question: string, now: Date): { period: PeriodAsked | null; rest: string } {
  const dates = datesInQuestion(question, now);
  if (dates.from === undefined && dates.to === undefined) return { period: null, rest: question };
  // The words taken out are the period as asked: the question's words not in what is left.
  const left = dates.rest.split(/\s+/);
  const words = question.split(/\s+/);
  const asked: string[] = [];
  let first = -1;
  let at = 0;
  words.forEach((word, index) => {
    if (left[at] === word) at += 1;
    else {
      asked.push(word);
      if (first < 0) first = index;
    }
  });
  const text = asked.join(' ');
  const before = first > 0 ? (words[first - 1] ?? '') : '';
  const field = DATE_VERBS.test(before) ? before.toLowerCase() : null;
  return {
    period: {
      from: dates.from,
      to: dates.to,
      text,
      latest: bare(text),
      field,
    },
    rest: field === null ? dates.rest : dates.rest.replace(new RegExp(`\\b${field}\\b`, 'i'), ' '),
  };
}

/** The plan of a question, read against `now` (the profile's local day, as a UTC date). */
export function planQuestion(question: string, now: Date): QuestionPlan {
  const text = question.replace(/[?!]+/g, ' ').replace(/\s+/g, ' ').trim();
  const compared = comparisonsIn(text);
  const dated = periodIn(compared.rest, now);
  let rest = ` ${dated.rest.toLowerCase()} `;
  const aggregates: Aggregate[] = [];
  const measure = MEASURE.exec(rest)?.[1] ?? null;
  for (const [pattern, aggregate] of AGGREGATES) {
    if (pattern.test(rest)) {
      aggregates.push(aggregate);
      rest = rest.replace(new RegExp(pattern.source, 'g'), ' ');
    }
  }
  let group: QuestionPlan['group'] = null;
  const time = GROUP_TIME.exec(rest);
  if (time !== null) {
    group = { by: 'month' };
    rest = rest.replace(time[0], ' ');
  } else {
    const field = GROUP_FIELD.exec(rest);
    if (field?.[1] !== undefined) {
      group = { by: 'field', words: field[1] };
      rest = rest.replace(field[0], ' ');
    }
  }
  const states: RowState[] = [];
  for (const [pattern, state] of STATES) {
    if (pattern.test(rest)) {
      states.push(state);
      rest = rest.replace(new RegExp(pattern.source, 'g'), ' ');
    }
  }
  // "overdue" is also not paid; said once.
  const shown = states.includes('overdue') ? states.filter((state) => state !== 'open') : states;
  return {
    aggregates,
    measure: measure !== null && !/^(?:of|the|number|amount_of)$/.test(measure) ? measure : null,
    group,
    comparisons: compared.comparisons,
    period: dated.period,
    states: shown,
    rest: rest.replace(/\s+/g, ' ').trim(),
  };
}
