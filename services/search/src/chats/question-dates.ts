import * as chrono from 'chrono-node';

// Dates in a question (issue 11 "Asking"): "last month", "since 3 March", "in Q2", "this year",
// "yesterday" become a from/to range of calendar days, read relative to `now` in UTC. Questions look
// back, so a month or quarter named without a year is its latest occurrence not after today.

export interface DateRange {
  from?: string;
  to?: string;
}

export interface DatesInQuestion extends DateRange {
  /** The question with the date words (and their preposition) taken out. */
  rest: string;
}

interface Period {
  start: Date;
  end: Date;
}

const DAY_MS = 86_400_000;
const MONTHS =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const ORDINAL = String.raw`\d{1,2}(?:st|nd|rd|th)?`;
const YEAR = String.raw`(?:19|20)\d{2}`;

/** Every way of naming a period this module reads; each alternative is resolved by `resolvePeriod`. */
const PERIOD = [
  'yesterday|today',
  String.raw`(?:the\s+)?(?:last|past|previous|this|current)\s+(?:\d{1,3}\s+)?(?:days?|weeks?|months?|quarters?|years?)`,
  String.raw`(?:the\s+)?(?:first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter(?:\s+(?:of\s+)?${YEAR})?`,
  String.raw`q[1-4](?:\s*(?:of\s+)?${YEAR})?`,
  String.raw`\d{4}-\d{2}-\d{2}`,
  String.raw`\d{1,2}/\d{1,2}/(?:\d{4}|\d{2})`,
  String.raw`(?:${ORDINAL}\s+(?:of\s+)?)?(?:${MONTHS})\.?(?:\s+${ORDINAL}(?![\d,]))?(?:,?\s+${YEAR})?`,
  YEAR,
].join('|');

const RANGE = new RegExp(
  String.raw`\b(?:(between|from)\s+)(${PERIOD})\s+(?:and|to|until|till|-|–)\s+(${PERIOD})\b`,
  'giu',
);
const SINGLE = new RegExp(
  String.raw`\b(?:(since|after|from|starting|before|until|till|up\s+to|by|on|in|during|for|of|within)\s+)?(${PERIOD})\b`,
  'giu',
);

const utcDay = (year: number, monthIndex: number, day: number) => new Date(Date.UTC(year, monthIndex, day));
const iso = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

function startOfToday(now: Date): Date {
  return utcDay(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
}

function monthPeriod(year: number, monthIndex: number): Period {
  return { start: utcDay(year, monthIndex, 1), end: utcDay(year, monthIndex + 1, 0) };
}

function quarterPeriod(quarter: number, year: number | undefined, now: Date): Period {
  let y = year ?? now.getUTCFullYear();
  // "Q4" asked in February means last year's: the latest Q4 that has begun.
  if (year === undefined && utcDay(y, (quarter - 1) * 3, 1) > now) y -= 1;
  return { start: utcDay(y, (quarter - 1) * 3, 1), end: utcDay(y, quarter * 3, 0) };
}

const UNIT_WORDS: Record<string, 'day' | 'week' | 'month' | 'quarter' | 'year'> = {
  day: 'day',
  days: 'day',
  week: 'week',
  weeks: 'week',
  month: 'month',
  months: 'month',
  quarter: 'quarter',
  quarters: 'quarter',
  year: 'year',
  years: 'year',
};

/** "last month", "this year", "past 30 days", "previous quarter". Weeks start on Monday. */
function relativePeriod(phrase: string, now: Date): Period | undefined {
  const match = /^(?:the\s+)?(last|past|previous|this|current)\s+(?:(\d{1,3})\s+)?(\w+)$/i.exec(phrase);
  if (!match) return undefined;
  const [, which = '', count, unitWord = ''] = match;
  const unit = UNIT_WORDS[unitWord.toLowerCase()];
  if (unit === undefined) return undefined;
  const today = startOfToday(now);
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth();
  // "the last 30 days", "past 3 months": a rolling window ending today.
  if (count !== undefined || which.toLowerCase() === 'past') {
    const n = Math.max(1, Number(count ?? 1));
    const start =
      unit === 'day'
        ? addDays(today, -(n - 1))
        : unit === 'week'
          ? addDays(today, -7 * n + 1)
          : unit === 'month'
            ? utcDay(year, month - n, today.getUTCDate() + 1)
            : unit === 'quarter'
              ? utcDay(year, month - 3 * n, today.getUTCDate() + 1)
              : utcDay(year - n, month, today.getUTCDate() + 1);
    return { start, end: today };
  }
  const back = /^(last|previous)$/i.test(which) ? 1 : 0;
  switch (unit) {
    case 'day':
      return { start: addDays(today, -back), end: addDays(today, -back) };
    case 'week': {
      const monday = addDays(today, -((today.getUTCDay() + 6) % 7) - 7 * back);
      return { start: monday, end: addDays(monday, 6) };
    }
    case 'month':
      return monthPeriod(year, month - back);
    case 'quarter': {
      const index = Math.floor(month / 3) - back;
      const start = utcDay(year, index * 3, 1);
      return { start, end: utcDay(start.getUTCFullYear(), start.getUTCMonth() + 3, 0) };
    }
    case 'year':
      return { start: utcDay(year - back, 0, 1), end: utcDay(year - back, 11, 31) };
  }
}

const QUARTER_WORDS: Record<string, number> = {
  first: 1,
  '1st': 1,
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
};

/** A period phrase (one alternative of PERIOD) as the days it covers. */
export function resolvePeriod(phrase: string, now: Date): Period | undefined {
  const text = phrase.trim().replace(/\s+/g, ' ');
  const today = startOfToday(now);
  if (/^today$/i.test(text)) return { start: today, end: today };
  if (/^yesterday$/i.test(text)) return { start: addDays(today, -1), end: addDays(today, -1) };
  const relative = relativePeriod(text, now);
  if (relative) return relative;

  const quarter = /^q([1-4])(?:\s*(?:of\s+)?(\d{4}))?$/i.exec(text);
  if (quarter) return quarterPeriod(Number(quarter[1]), quarter[2] ? Number(quarter[2]) : undefined, now);
  const namedQuarter = /^(?:the\s+)?(\w+)\s+quarter(?:\s+(?:of\s+)?(\d{4}))?$/i.exec(text);
  if (namedQuarter) {
    const index = QUARTER_WORDS[(namedQuarter[1] ?? '').toLowerCase()];
    if (index !== undefined) {
      return quarterPeriod(index, namedQuarter[2] ? Number(namedQuarter[2]) : undefined, now);
    }
  }
  if (/^\d{4}$/.test(text)) {
    const year = Number(text);
    return { start: utcDay(year, 0, 1), end: utcDay(year, 11, 31) };
  }

  // A day, a month or a month of a year: chrono reads the words, the certainty says which.
  const parsed = chrono.parse(text, today, { forwardDate: false })[0];
  if (parsed === undefined) return undefined;
  const start = parsed.start;
  const year = start.get('year');
  const month = start.get('month');
  const day = start.get('day');
  if (year === null || month === null) return undefined;
  const yearGiven = start.isCertain('year');
  if (start.isCertain('day')) {
    let date = utcDay(year, month - 1, day ?? 1);
    if (!yearGiven && date > today) date = utcDay(year - 1, month - 1, day ?? 1);
    return { start: date, end: date };
  }
  if (start.isCertain('month')) {
    let period = monthPeriod(year, month - 1);
    if (!yearGiven && period.start > today) period = monthPeriod(year - 1, month - 1);
    return period;
  }
  return undefined;
}

/**
 * The range a question names, and the question without those words. One range per question: a second
 * date phrase narrows nothing and stays in the text (it may be what the user is looking for).
 */
export function datesInQuestion(question: string, now: Date): DatesInQuestion {
  for (const match of question.matchAll(RANGE)) {
    const first = resolvePeriod(match[2] ?? '', now);
    const second = resolvePeriod(match[3] ?? '', now);
    if (first && second) {
      const [a, b] = first.start <= second.start ? [first, second] : [second, first];
      return { from: iso(a.start), to: iso(b.end), rest: cut(question, match.index, match[0].length) };
    }
  }
  for (const match of question.matchAll(SINGLE)) {
    const preposition = (match[1] ?? '').toLowerCase().replace(/\s+/g, ' ');
    const phrase = match[2] ?? '';
    // A bare year is a date only after a preposition: "invoice 2024" may be a number in a name.
    if (preposition === '' && /^\d{4}$/.test(phrase)) continue;
    // Nor is a bare month name: "may" and "march" are also words ("invoices that may be late").
    if (preposition === '' && new RegExp(`^(?:${MONTHS})\\.?$`, 'i').test(phrase)) continue;
    const period = resolvePeriod(phrase, now);
    if (!period) continue;
    const rest = cut(question, match.index, match[0].length);
    switch (preposition) {
      // "from" alone names the period itself ("mails from yesterday", "from March"); with "to" it is RANGE.
      case 'since':
      case 'starting':
        return { from: iso(period.start), rest };
      case 'after':
        return { from: iso(addDays(period.end, 1)), rest };
      case 'before':
        return { to: iso(addDays(period.start, -1)), rest };
      case 'until':
      case 'till':
      case 'up to':
      case 'by':
        return { to: iso(period.end), rest };
      default:
        return { from: iso(period.start), to: iso(period.end), rest };
    }
  }
  return { rest: question };
}

function cut(text: string, at: number, length: number): string {
  return `${text.slice(0, at)} ${text.slice(at + length)}`.replace(/\s+/g, ' ').trim();
}
