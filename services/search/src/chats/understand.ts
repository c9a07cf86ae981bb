import {
  askedPart,
  parseSearchQuery,
  writtenInSyntax,
  type ChatCommand,
  type ChatDestination,
  type ChatFilters,
  type ChatLayout,
  COMMAND_VERBS,
  type CommandVerb,
  type DocumentKind,
  parseCommand,
} from '@trove/contracts';
import { namesBarePeriod } from '../figures/question-plan';
import { amountsInQuestion } from './question-amounts';
import { datesInQuestion } from './question-dates';
import { type EventOrder, orderInQuestion } from './question-order';
import { type EntityCandidate, entityCandidates, withoutCandidate } from './question-entities';
import { mailWords, wordsLeft } from './mail-question';

// A question as the answer service needs it (issue 11 "Asking"): the grammar's verb and destination
// (the parser the landing page uses), then amounts, dates and name candidates taken out as filters, and
// the words left over as the search text. Pure: `now` is passed in, names are checked by the caller.

export interface UnderstoodQuestion {
  command: ChatCommand;
  /** Dates and amounts; the entity is added by the caller once a candidate is known to exist. */
  filters: ChatFilters;
  /** The question after the verb, destination, dates and amounts are gone, before names are. */
  textBeforeNames: string;
  /** A month or quarter named without a year ("in Q3"): the latest one with documents is meant (answer.service). */
  barePeriod: boolean;
  candidates: EntityCandidate[];
  /** A question about mail that counts or lists (docs/decisions/216); absent for any other. */
  mail?: MailQuestion;
  /**
   * "When is the next board meeting?": the first event from now on ('next') or the latest behind us ('last')
   * whose words the rest names (docs/decisions/219); absent for any other question.
   */
  order?: EventOrder;
}

/** Who sent or received, whether a count is asked, and the words left to look for ('' when none). */
export interface MailQuestion {
  count: boolean;
  sender?: string;
  recipient?: string;
  words: string;
}

/**
 * Words that ask rather than describe: dropped from the search text so "show me all invoices" searches
 * "invoices". PostgreSQL's English stop words already drop "the", "me", "all"; these are the rest.
 */
const FILLER = new Set([
  'find',
  'show',
  'get',
  'give',
  'list',
  'tell',
  'search',
  'look',
  'looking',
  'fetch',
  'pull',
  'please',
  'can',
  'you',
  'documents',
  'document',
  'docs',
  'files',
  'file',
  'anything',
  'everything',
  'stuff',
  'mentioning',
  'mention',
  'mentions',
  'containing',
  'dated',
  'up',
  'from',
  'by',
  'with',
  'in',
  'on',
  'and',
]);

/**
 * Words that name a kind of document (issue 37 item 2): "summarize mail from Dana" looks in mail for Dana, not for
 * the word "mail". Each is a filter on the search's type; the word leaves the search text.
 */
const KIND_WORDS: Record<string, DocumentKind> = {
  mail: 'eml',
  mails: 'eml',
  email: 'eml',
  emails: 'eml',
  'e-mail': 'eml',
  'e-mails': 'eml',
  message: 'eml',
  messages: 'eml',
  pdf: 'pdf',
  pdfs: 'pdf',
  spreadsheet: 'xlsx',
  spreadsheets: 'xlsx',
  slides: 'pptx',
  presentation: 'pptx',
  presentations: 'pptx',
};

/** The kind the question's words name (one kind only: "mail and PDFs" names none), and the text without it. */
export function kindInQuestion(text: string): { type?: DocumentKind; rest: string } {
  const kinds = new Set<DocumentKind>();
  const rest = text
    .split(/\s+/)
    .filter((word) => {
      const kind = KIND_WORDS[word.replace(TRAILING_PUNCTUATION, '').toLowerCase()];
      if (kind === undefined) return true;
      kinds.add(kind);
      return false;
    })
    .join(' ');
  if (kinds.size !== 1) return { rest: text };
  return { type: [...kinds][0] as DocumentKind, rest };
}

const TRAILING_PUNCTUATION = /^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu;

/** The search words: filler and dangling prepositions gone, punctuation at word edges trimmed. */
export function searchWords(text: string): string {
  return text
    .split(/\s+/)
    .map((word) => word.replace(TRAILING_PUNCTUATION, ''))
    .filter((word) => word !== '' && !FILLER.has(word.toLowerCase()))
    .join(' ');
}

const VERBS = COMMAND_VERBS as readonly string[];

export function understandQuestion(question: string, now: Date): UnderstoodQuestion {
  const parsed = parseCommand(question, { placeholders: false });
  // A plain question ("invoices over ₹10,000 last month?") is a find over all of it.
  const known = parsed.verb !== null && VERBS.includes(parsed.verb);
  const verb: CommandVerb = known ? (parsed.verb as CommandVerb) : 'find';
  const body = known ? parsed.query : askedPart(question);
  const hasArrow = /(?:→|->|=>)/.test(question);
  const destination: ChatDestination | null = hasArrow ? parsed.destination : null;

  // Written in the search syntax (issue 19 item 4: `"renewal" from:finance after:2024-04-01`): the words go
  // to the search as typed, which reads the operators; the filters shown are the operators'.
  const syntax = parseSearchQuery(body);
  // A quoted name after from/by ("emails from \"Mr. FoRK\"") names a sender; it does not make the question syntax.
  const quotedPerson = /\b(?:from|by|did|has|have)\s+"[^"]+"/i.test(body.replace(/[\u201c\u201d]/g, '"'));
  const onlyPhrases = syntax.phrases.length > 0 && !writtenInSyntax({ ...syntax, phrases: [] });
  if (writtenInSyntax(syntax) && !(quotedPerson && onlyPhrases)) {
    const filters: ChatFilters = {};
    // date: is the date filter itself (a date the passage mentions, docs/decisions/230); else after:/before:.
    const dates = syntax.date ?? { from: syntax.after, to: syntax.before };
    if (dates.from !== undefined) filters.date_from = dates.from;
    if (dates.to !== undefined) filters.date_to = dates.to;
    // The filters go to the search beside the query, where a parameter wins over its operator: the entity is
    // mentions: when the question has one, so from: does not take its place.
    const person = syntax.mentions ?? syntax.from ?? syntax.to;
    if (person !== undefined) filters.entity = person;
    if (syntax.amount?.min !== undefined) filters.amount_min = syntax.amount.min;
    if (syntax.amount?.max !== undefined) filters.amount_max = syntax.amount.max;
    if (syntax.amount?.currency !== undefined) filters.currency = syntax.amount.currency;
    return {
      command: { verb, query: body.trim(), destination },
      filters,
      textBeforeNames: '',
      candidates: [],
      barePeriod: false,
    };
  }

  const kind = kindInQuestion(body);
  const amounts = amountsInQuestion(kind.rest);
  const dates = datesInQuestion(amounts.rest, now);
  const filters: ChatFilters = {};
  if (kind.type !== undefined) filters.type = kind.type;
  const mail = mailQuestion(verb, kind.type, amounts.rest !== kind.rest, dates.rest);
  if (dates.from !== undefined) filters.date_from = dates.from;
  if (dates.to !== undefined) filters.date_to = dates.to;
  if (amounts.amount_min !== undefined) filters.amount_min = amounts.amount_min;
  if (amounts.amount_max !== undefined) filters.amount_max = amounts.amount_max;
  if (amounts.currency !== undefined) filters.currency = amounts.currency;

  // "Next"/"last" of something to look for, not of mail (216) nor of an amount: an order over events (219).
  const ordered =
    mail === undefined && verb === 'find' && kind.type === undefined && amounts.rest === kind.rest
      ? orderInQuestion(dates.rest)
      : { rest: dates.rest };
  const rest = mail?.rest ?? ordered.rest;
  return {
    command: { verb, query: searchWords(rest), destination },
    filters,
    textBeforeNames: rest,
    candidates: entityCandidates(rest),
    barePeriod: dates.from !== undefined && namesBarePeriod(amounts.rest, dates.rest),
    ...(mail === undefined ? {} : { mail: mail.question }),
    ...(ordered.order === undefined ? {} : { order: ordered.order }),
  };
}

/**
 * A question about mail (docs/decisions/216): a find that names mail ("emails", "messages"), or a sender or
 * recipient by address, with no amount. The sender is then a sender filter — the one from: is — not a name to
 * look for anywhere, and a count is asked of the whole set.
 */
function mailQuestion(
  verb: CommandVerb,
  kind: DocumentKind | undefined,
  hasAmounts: boolean,
  text: string,
): { question: MailQuestion; rest: string } | undefined {
  if (verb !== 'find' || hasAmounts || (kind !== undefined && kind !== 'eml')) return undefined;
  const words = mailWords(text);
  const byAddress = [words.sender, words.recipient].some((person) => person?.includes('@'));
  if (kind !== 'eml' && !byAddress) return undefined;
  const question: MailQuestion = { count: words.count, words: wordsLeft(searchWords(words.rest)) };
  if (words.sender !== undefined) question.sender = words.sender;
  if (words.recipient !== undefined) question.recipient = words.recipient;
  return { question, rest: words.rest };
}

/** The command and filters once the caller knows which candidate (if any) names an entity it holds. */
export function withEntity(
  understood: UnderstoodQuestion,
  entity: EntityCandidate | undefined,
): UnderstoodQuestion {
  if (entity === undefined) return understood;
  const rest = withoutCandidate(understood.textBeforeNames, entity);
  return {
    ...understood,
    command: { ...understood.command, query: searchWords(rest) },
    filters: { ...understood.filters, entity: entity.name },
  };
}

/** "extract" and "export" lead with the fields table; the other verbs lead with the summary. */
export function layoutFor(verb: CommandVerb): ChatLayout {
  return verb === 'extract' || verb === 'export' ? 'table-first' : 'summary-first';
}
