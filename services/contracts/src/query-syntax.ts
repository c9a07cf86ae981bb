/**
 * The search syntax (issue 19 item 4), one reader for the search box, chats and the landing page's example:
 * `"exact phrase"`, `-word` (or `-"phrase"`), `word*` (prefix), `from:` and `to:` (a name or an address),
 * `subject:` (a word, or a quoted phrase, of the title), `type:` (pdf, docx, txt, md, csv, html, eml, or
 * email, word, text, markdown), `after:` / `before:` (YYYY-MM-DD, inclusive), `has:attachment`; and the facts
 * found in a passage (docs/decisions/230-fact-chips-as-operators.md): `mentions:` (a person or organisation),
 * `amount:` (`INR125000`, `$12.50`, `100..500`, `EUR100..`) and `date:` (a date in it, or its own: a day, a
 * month or a year). An unknown `x:` stays a word. No DOM, so every front-end can take it.
 */
import { currencyCode } from './currencies';
import { DOCUMENT_KINDS, type DocumentKind, EXTENSION_KINDS } from './document-formats';
import { periodDays } from './query-operators';

/** Letters a `word*` needs before its `*` (issue 42 item 2). */
export const PREFIX_MIN_LETTERS = 2;

/** What `source:` takes for the user's own uploads (any case). */
export const UPLOADS_SOURCE: readonly string[] = ['uploads', 'upload'];

/** The example the landing page shows (docs/product/public-pages.md#feature-grid's search card); it works verbatim in the product. */
export const LANDING_SEARCH_EXAMPLE = 'find "renewal" from:finance after:2024-04-01';

/** What `type:` takes: every file extension an upload may have, and the words people use for the kinds. */
const KIND_NAMES: Readonly<Record<string, DocumentKind>> = {
  // Every kind by its own name ("type:code", "type:image": issue 43 asks for `type:code retry backoff`), then
  // by its extensions.
  ...Object.fromEntries(DOCUMENT_KINDS.map((kind) => [kind, kind])),
  ...EXTENSION_KINDS,
  doc: 'docx',
  word: 'docx',
  web: 'html',
  email: 'eml',
  mail: 'eml',
};

/**
 * How `type:` writes a kind (issue 42 item 6: the type chips write the operator into the query): the kind's own
 * name when `type:` takes it, else the first extension that reads as it; undefined when none does (a database
 * row, which the `type` parameter filters on).
 */
export function typeOperatorValue(kind: string): string | undefined {
  if (KIND_NAMES[kind] === kind) return kind;
  return Object.keys(KIND_NAMES).find((name) => KIND_NAMES[name] === kind);
}

export interface ParsedQuery {
  /** Words to find, in order (a prefix's stem without its `*`, phrases' words, subject words included). */
  words: string[];
  /** Exact phrases, each as typed between the quotes. */
  phrases: string[];
  /** Words and phrases that must not appear. */
  excluded: string[];
  /** Words written with a trailing `*`, without it. */
  prefixes: string[];
  from?: string;
  to?: string;
  /** Words the title must hold. */
  subject: string[];
  type?: DocumentKind;
  /** YYYY-MM-DD, inclusive. */
  after?: string;
  before?: string;
  hasAttachment: boolean;
  /**
   * source: — where the documents came from: a connected source by its name or mailbox address, or
   * `uploads` for what the user uploaded (issue 21).
   */
  source?: string;
  /** mentions: — a person or organisation the passage's facts name, matched from a word's start. */
  mentions?: string;
  /** amount: — an amount the passage holds, in [min, max] (either may be open), in `currency` when given. */
  amount?: AmountRange;
  /** date: — a date the passage mentions, or the document's own, in [from, to] (YYYY-MM-DD, inclusive). */
  date?: { from: string; to: string };
  /** What was not understood, to say so: an operator with a value it cannot take. */
  problems: string[];
}

/** What `amount:` reads: a value (min = max) or a range, and the currency's ISO 4217 code when one is written. */
export interface AmountRange {
  min?: number;
  max?: number;
  currency?: string;
}

/** The longest name `mentions:` and the `entity` parameter take. */
export const MENTIONS_MAX_LENGTH = 100;

export const OPERATOR_MESSAGES = {
  mentions: `mentions: needs a name of at most ${MENTIONS_MAX_LENGTH} characters, like mentions:"Asha Rao".`,
  amount:
    'amount: needs a number with its currency before it, like amount:INR125000, amount:$12.50 or amount:100..500.',
  date: 'date: needs a day like 2026-11-03, a month like 2026-11 or a year like 2026.',
} as const;

/** A number as `amount:` takes it: digits, grouping commas allowed ("1,25,000"), a decimal point. */
const AMOUNT_NUMBER = String.raw`\d[\d,]*(?:\.\d+)?`;
/** `[currency]number`, `number[currency]`, or a range `a..b` with either end open, the currency once. */
const AMOUNT_VALUE = new RegExp(
  String.raw`^(?<before>\D*?)(?<min>${AMOUNT_NUMBER})?(?<range>\.\.(?<max>${AMOUNT_NUMBER})?)?(?<after>[^\d.,]*)$`,
  'u',
);

function amountNumber(text: string | undefined): number | undefined | null {
  if (text === undefined) return undefined;
  const digits = text.replace(/,/g, '');
  return /^\d{1,15}(\.\d{1,6})?$/.test(digits) ? Number(digits) : null;
}

/** `amount:`'s value read, or undefined when it is not one (`amount:abc`, `amount:..`, `amount:500..100`). */
export function parseAmountValue(value: string): AmountRange | undefined {
  const match = AMOUNT_VALUE.exec(value.replace(/\s+/g, ''));
  if (match?.groups === undefined) return undefined;
  const { before = '', after = '', range } = match.groups;
  const min = amountNumber(match.groups.min);
  const max = range === undefined ? min : amountNumber(match.groups.max);
  if (min === null || max === null || (min === undefined && max === undefined)) return undefined;
  if (min !== undefined && max !== undefined && min > max) return undefined;
  if (before !== '' && after !== '') return undefined;
  const written = before || after;
  const currency = written === '' ? undefined : currencyCode(written);
  if (written !== '' && currency === undefined) return undefined;
  return {
    ...(min === undefined ? {} : { min }),
    ...(max === undefined ? {} : { max }),
    ...(currency === undefined ? {} : { currency }),
  };
}

/** `date:`'s value as the days it spans: a day, a month (YYYY-MM) or a year (YYYY); undefined when none. */
export function parseDateValue(value: string): { from: string; to: string } | undefined {
  if (isCalendarDay(value)) return { from: value, to: value };
  const period = periodDays(value);
  return period === undefined ? undefined : { from: period.after, to: period.before };
}

/** The first word of a query in the syntax that says what to do, not what to find (LANDING_SEARCH_EXAMPLE). */
const SEARCH_VERB = 'find';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** Words as the index reads them: letters and digits (an address keeps its @ . - _). */
function wordsOf(text: string): string[] {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}@._'-]*/gu)?.map((word) => word.replace(/[.'_-]+$/, '')) ?? [];
}

/** The tokens of a query: quoted runs (a missing closing quote ends at the end), operators, words. */
function tokens(query: string): { negated: boolean; key?: string; value: string; quoted: boolean }[] {
  const out: { negated: boolean; key?: string; value: string; quoted: boolean }[] = [];
  const pattern = /(-?)(?:([A-Za-z]+):)?(?:"([^"]*)"?|(\S+))/gy;
  let at = 0;
  const text = query.replace(/[\u201c\u201d\u201e\u00ab\u00bb]/g, '"');
  while (at < text.length) {
    const space = /\s+/y;
    space.lastIndex = at;
    if (space.exec(text)) {
      at = space.lastIndex;
      continue;
    }
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    if (match === null) break;
    at = pattern.lastIndex;
    const [, minus = '', key, quoted, bare] = match;
    out.push({
      negated: minus === '-',
      ...(key === undefined ? {} : { key: key.toLowerCase() }),
      value: quoted ?? bare ?? '',
      quoted: quoted !== undefined,
    });
  }
  return out;
}

export function parseSearchQuery(query: string): ParsedQuery {
  const all = tokens(query.slice(0, 2_000));
  // A query in the syntax that opens with `find`, as the landing page's example does, opens with the chats'
  // verb, not a word to look for. Without operators ("find the bug", a subject) `find` is a word.
  const [first] = all;
  if (
    first !== undefined &&
    first.key === undefined &&
    !first.quoted &&
    !first.negated &&
    first.value.toLowerCase() === SEARCH_VERB
  ) {
    const rest = readTokens(all.slice(1));
    if (writtenInSyntax(rest)) return rest;
  }
  return readTokens(all);
}

type Token = ReturnType<typeof tokens>[number];

function readTokens(all: readonly Token[]): ParsedQuery {
  const parsed: ParsedQuery = {
    words: [],
    phrases: [],
    excluded: [],
    prefixes: [],
    subject: [],
    hasAttachment: false,
    problems: [],
  };
  for (const token of all) {
    const value = token.value.replace(/\p{Cc}/gu, ' ').trim();
    const asWords = () => {
      const words = wordsOf(value);
      if (token.negated) {
        if (value !== '') parsed.excluded.push(token.quoted ? value : (words[0] ?? value));
        return;
      }
      if (token.quoted && words.length > 1) parsed.phrases.push(words.join(' '));
      if (!token.quoted && /\*$/.test(value) && words.length === 1) {
        // A prefix of one letter would stand for a twentieth of every word (issue 42, bad input: `a*`).
        if ([...(words[0] as string)].length < PREFIX_MIN_LETTERS) {
          parsed.problems.push(`word* needs at least ${PREFIX_MIN_LETTERS} letters before the *.`);
          return;
        }
        parsed.prefixes.push(words[0] as string);
      }
      parsed.words.push(...words);
    };
    switch (token.key) {
      case undefined:
        asWords();
        break;
      case 'from':
      case 'to':
        if (value === '') parsed.problems.push(`${token.key}: needs a name or an address.`);
        else parsed[token.key] = value;
        break;
      case 'subject':
      case 'title': {
        const words = wordsOf(value);
        if (words.length === 0) parsed.problems.push('subject: needs a word.');
        parsed.subject.push(...words);
        parsed.words.push(...words);
        break;
      }
      case 'type': {
        const kind = KIND_NAMES[value.toLowerCase()];
        if (kind === undefined) parsed.problems.push(`type: can be ${DOCUMENT_KINDS.join(', ')}.`);
        else parsed.type = kind;
        break;
      }
      case 'after':
      case 'before':
        if (isCalendarDay(value)) parsed[token.key] = value;
        else parsed.problems.push(`${token.key}: needs a date like 2024-04-01.`);
        break;
      case 'source':
        if (value === '') parsed.problems.push("source: needs a source's name, or uploads.");
        else parsed.source = value;
        break;
      case 'mentions':
        if (value === '' || value.length > MENTIONS_MAX_LENGTH)
          parsed.problems.push(OPERATOR_MESSAGES.mentions);
        else parsed.mentions = value;
        break;
      case 'amount': {
        const amount = parseAmountValue(value);
        if (amount === undefined) parsed.problems.push(OPERATOR_MESSAGES.amount);
        else parsed.amount = amount;
        break;
      }
      case 'date': {
        const days = parseDateValue(value);
        if (days === undefined) parsed.problems.push(OPERATOR_MESSAGES.date);
        else parsed.date = days;
        break;
      }
      case 'has':
        if (value.toLowerCase() === 'attachment' || value.toLowerCase() === 'attachments')
          parsed.hasAttachment = true;
        else parsed.problems.push('has: can be attachment.');
        break;
      default:
        // An unknown `x:` is a word as typed ("re:", "note:"), so nothing a person writes is lost.
        parsed.words.push(...wordsOf(`${token.key}:${value}`.replace(/:/g, ' ')));
    }
  }
  return parsed;
}

/** Whether the query says anything beyond words: what the caller must apply besides the text. */
export function hasOperators(parsed: ParsedQuery): boolean {
  return (
    parsed.phrases.length > 0 ||
    parsed.excluded.length > 0 ||
    parsed.from !== undefined ||
    parsed.to !== undefined ||
    parsed.subject.length > 0 ||
    parsed.type !== undefined ||
    parsed.after !== undefined ||
    parsed.before !== undefined ||
    parsed.hasAttachment ||
    parsed.source !== undefined ||
    parsed.mentions !== undefined ||
    parsed.amount !== undefined ||
    parsed.date !== undefined
  );
}

/**
 * Whether the query is written in the syntax rather than as a question: an operator or a prefix. The chats then
 * send it to the search as typed, and a first `find` is their verb.
 */
export function writtenInSyntax(parsed: ParsedQuery): boolean {
  return hasOperators(parsed) || parsed.prefixes.length > 0;
}

const DAY_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const dayText = (day: string) => DAY_FORMAT.format(new Date(`${day}T00:00:00Z`));

/**
 * What a query asks for, in words, one part each: how the landing page explains its example, read by the same
 * parser the search runs. The plain words (those outside phrases and operators) come first.
 */
export function searchQueryReading(query: string): string[] {
  const parsed = parseSearchQuery(query);
  const inPhrases = new Set(parsed.phrases.flatMap((phrase) => phrase.toLowerCase().split(' ')));
  const inSubject = new Set(parsed.subject.flatMap((words) => words.toLowerCase().split(/\s+/)));
  const plain = parsed.words.filter(
    (word) => !inPhrases.has(word.toLowerCase()) && !inSubject.has(word.toLowerCase()),
  );
  return [
    ...(plain.length === 0 ? [] : [`${plain.length === 1 ? 'the word' : 'the words'} ${plain.join(', ')}`]),
    ...parsed.phrases.map((phrase) => `exactly “${phrase}”`),
    ...parsed.prefixes.map((prefix) => `words starting “${prefix}”`),
    ...parsed.excluded.map((word) => `without “${word}”`),
    ...(parsed.from === undefined ? [] : [`sent by ${parsed.from}`]),
    ...(parsed.to === undefined ? [] : [`sent to ${parsed.to}`]),
    ...parsed.subject.map((words) => `“${words}” in the subject`),
    ...(parsed.type === undefined ? [] : [`${parsed.type.toUpperCase()} files`]),
    ...(parsed.after === undefined ? [] : [`on or after ${dayText(parsed.after)}`]),
    ...(parsed.before === undefined ? [] : [`on or before ${dayText(parsed.before)}`]),
    ...(parsed.hasAttachment ? ['with an attachment'] : []),
    ...(parsed.mentions === undefined ? [] : [`mentioning ${parsed.mentions}`]),
    ...(parsed.amount === undefined ? [] : [amountReading(parsed.amount)]),
    ...(parsed.date === undefined
      ? []
      : [
          parsed.date.from === parsed.date.to
            ? `mentioning ${dayText(parsed.date.from)}`
            : `mentioning a date from ${dayText(parsed.date.from)} to ${dayText(parsed.date.to)}`,
        ]),
    ...(parsed.source === undefined
      ? []
      : [UPLOADS_SOURCE.includes(parsed.source.toLowerCase()) ? 'in your uploads' : `from ${parsed.source}`]),
  ];
}

/** "an amount of 125,000 INR", "an amount from 100 to 500", "an amount of at least 100 EUR". */
function amountReading({ min, max, currency }: AmountRange): string {
  const money = (value: number) =>
    `${value.toLocaleString('en-GB', { maximumFractionDigits: 6 })}${currency === undefined ? '' : ` ${currency}`}`;
  if (min !== undefined && min === max) return `an amount of ${money(min)}`;
  if (min !== undefined && max !== undefined) return `an amount from ${money(min)} to ${money(max)}`;
  if (min !== undefined) return `an amount of at least ${money(min)}`;
  return `an amount of at most ${money(max as number)}`;
}
