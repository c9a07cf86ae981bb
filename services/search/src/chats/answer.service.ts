import {
  type AnswerPassage,
  type ChatDestination,
  type ChatFilters,
  type Facts,
  MENTIONS_MAX_LENGTH,
  SEARCH_QUERY_MAX_LENGTH,
  type SearchQuery,
  type SearchResponse,
  parseSearchQuery,
} from '@trove/contracts';
import type { DatabaseHandle } from '@trove/service-core';
import { singleRecordsOf } from '../records/records.repository';
import { computedAnswer, FIGURE_DEFAULTS, type FigureSettings } from '../figures/computed-answer';
import { shiftYears } from '../figures/conditions';
import { computedStoredAnswer } from './computed-stored-answer';
import { eventAnswer } from './event-answer';
import { eventWords } from './question-order';
import { findPassages, type SearchSettings, search } from '../search/search.service';
import type { StoredAnswer } from './chats.repository';
import { fieldsOf } from './fields';
import { firstKnownEntity, hasIndexedDocuments } from './passages.repository';
import { withoutCandidate } from './question-entities';
import { summarize } from './summary';
import { layoutFor, searchWords, understandQuestion, withEntity } from './understand';
import { cannotCountNote, mailListAnswer, mailSearchText, MAIL_ROWS_DEFAULT } from './mail-answer';

// Answering a question (issue 11 "Answers, honest and cited"): understand it, run the one search the
// search API runs with the understood filters, then build the summary and fields from the passages
// found. A fixed number of queries whatever the result count: the search (which brings the passages'
// texts with it), and at most one entity check and one broader search.

export interface AnswerSettings {
  search: SearchSettings;
  /** How many passages an answer cites. */
  passages: number;
  /** APP_NAME, for the notes that name the product. */
  product: string;
  /** Answers that compute over typed rows (docs/decisions/131); FIGURE_DEFAULTS when not given. */
  figures?: FigureSettings | undefined;
  /** Messages a mail question that counts or lists shows under its count (docs/decisions/216). */
  mailRows?: number | undefined;
}

const FILTER_NAMES: Record<keyof ChatFilters, string> = {
  date_from: 'date',
  date_to: 'date',
  amount_min: 'amount',
  amount_max: 'amount',
  currency: 'amount',
  entity: 'name',
  type: 'kind',
};

/** Years back a bare "Q3" or "March" is looked for when this year's has nothing (issue 37: "the Q3 budget"). */
const BARE_PERIOD_YEARS_BACK = 3;

/** Keeps a query inside the search API's limits, cutting at a word. */
function bounded(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return space > 0 ? cut.slice(0, space) : cut;
}

function searchQuery(text: string, filters: ChatFilters, limit: number): SearchQuery {
  // The chat's filters carry the search API's own names (date_from/date_to: issue 42 item 6).
  return { q: text, limit, ...filters, date_from: filters.date_from, date_to: filters.date_to };
}

function describeFilters(filters: ChatFilters): string {
  const kinds = [...new Set(Object.keys(filters).map((key) => FILTER_NAMES[key as keyof ChatFilters]))];
  if (kinds.length <= 1) return `the ${kinds[0] ?? ''} filter`;
  return `the ${kinds.slice(0, -1).join(', ')} and ${kinds.at(-1)} filters`;
}

export function destinationNote(destination: ChatDestination | null, product: string): string | null {
  if (destination === null) return null;
  switch (destination.kind) {
    case 'email':
      return destination.address === ''
        ? 'Add an address to send this by email, e.g. “-> email you@example.com”, or use Send.'
        : null;
    case 'chat':
      return `Chat isn't connected yet, so this can't go to ${destination.channel} — send it by email instead.`;
    case 'teams':
      return `Teams isn't connected yet, so this can't go to ${destination.channel} — send it by email instead.`;
    case 'drive':
      return "Drive isn't connected yet, so this can't be saved there — send it by email instead.";
    case 'unknown':
      return `${product} doesn’t know that destination — send it by email instead.`;
  }
}

export async function answerQuestion(
  db: DatabaseHandle,
  userId: string,
  question: string,
  now: Date,
  settings: AnswerSettings,
): Promise<StoredAnswer> {
  let understood = understandQuestion(question, now);
  // A question about mail with nothing left to look for counts and lists the messages its filters pass
  // (docs/decisions/216): "how many emails from garym@canada.com in August 2002?".
  const { mail } = understood;
  if (mail !== undefined && mail.words === '') {
    const listed = await mailListAnswer(
      db,
      userId,
      {
        command: understood.command,
        filters: understood.filters,
        mail,
        barePeriod: understood.barePeriod,
        destinationNote: destinationNote(understood.command.destination, settings.product),
      },
      { search: settings.search, rows: settings.mailRows ?? MAIL_ROWS_DEFAULT },
    );
    if (listed !== undefined) return listed;
  }
  // A question that computes over the user's typed rows ("total of the invoices due in March") is answered from
  // them (docs/decisions/131); any other, or one whose rows it cannot find, by the search below.
  const computed = await computedAnswer(db, userId, question, now, settings.figures ?? FIGURE_DEFAULTS);
  if (computed !== undefined) {
    const note = destinationNote(understood.command.destination, settings.product);
    const answer = computedStoredAnswer(understood.command, note, computed);
    if (answer !== undefined) return answer;
  }
  // A name counts as a filter only when the user's documents hold it (at most three candidates).
  const candidates = understood.candidates.slice(0, 3).filter((c) => c.name.length <= MENTIONS_MAX_LENGTH);
  if (candidates.length > 0) {
    const known = await firstKnownEntity(
      db,
      userId,
      candidates.map((candidate) => ({
        name: candidate.name,
        words: searchWords(withoutCandidate(understood.textBeforeNames, candidate)),
      })),
    );
    understood = withEntity(
      understood,
      candidates.find((candidate) => candidate.name === known),
    );
  }
  const { command, filters } = understood;
  // "When is the next board meeting?": the first event from now on by its start, not a ranked search (219).
  if (understood.order !== undefined) {
    const events = await eventAnswer(
      db,
      userId,
      {
        command,
        filters,
        order: understood.order,
        words: eventWords(command.query),
        destinationNote: destinationNote(command.destination, settings.product),
      },
      now,
    );
    if (events !== undefined) return events;
  }
  const base = {
    command,
    filters,
    layout: layoutFor(command.verb),
    destination_note: destinationNote(command.destination, settings.product),
  };
  const empty = (hint: string): StoredAnswer => ({
    ...base,
    summary: [],
    passages: [],
    fields: [],
    documents_read: [],
    empty_hint: hint,
  });

  // A question that was all filters ("everything from Acme last month") searches for the name itself.
  // A mail question with words left ranks them among the sender's mail (the from: filter, not a name to look for).
  const text = bounded(
    mail === undefined ? command.query || filters.entity || '' : mailSearchText(mail),
    SEARCH_QUERY_MAX_LENGTH,
  );
  if (text === '') {
    return empty(
      'Say what to look for — a word or two such as “invoices” — along with any dates or amounts.',
    );
  }

  let { response: found, texts } = await findPassages(
    db,
    userId,
    searchQuery(text, filters, settings.passages),
    settings.search,
  );
  // "The Q3 budget" with mail from 2024: a month or quarter named without a year is the latest one that has
  // something, and the filters shown say which year was taken.
  for (
    let years = 1;
    found.results.length === 0 && understood.barePeriod && years <= BARE_PERIOD_YEARS_BACK;
    years++
  ) {
    const earlier = { ...filters };
    if (filters.date_from !== undefined) earlier.date_from = shiftYears(filters.date_from, -years);
    if (filters.date_to !== undefined) earlier.date_to = shiftYears(filters.date_to, -years);
    const tried = await findPassages(
      db,
      userId,
      searchQuery(text, earlier, settings.passages),
      settings.search,
    );
    if (tried.response.results.length > 0) {
      ({ response: found, texts } = tried);
      base.filters = earlier;
    }
  }
  if (found.results.length === 0) return empty(await emptyHint(db, userId, text, filters, settings));

  const passages: AnswerPassage[] = found.results.map((result) => ({
    passage_id: result.passage.id,
    document_id: result.document.id,
    document_name: result.document.name,
    document_title: result.document.title,
    location: result.passage.location,
    snippet: result.snippet,
    score: result.score,
  }));
  // A passage that is one row (a database row) shows its typed fields (docs/decisions/130).
  const records = await singleRecordsOf(
    db,
    userId,
    found.results.map((result) => result.passage.id),
  );
  const documents = new Map<string, { name: string; title: string | null }>();
  for (const result of found.results)
    documents.set(result.document.id, { name: result.document.name, title: result.document.title });

  // A count asked of words to look for: the ranked matches, and no number (docs/decisions/216).
  const cannot = mail?.count === true ? cannotCountNote(mail) : null;
  return {
    ...base,
    ...(cannot === null
      ? {}
      : {
          computed: {
            headline: cannot,
            how: '',
            collection: 'your mail',
            understood: [],
            figures: [],
            groups: [],
            row_count: 0,
            rows: [],
            cannot,
            notes: [],
          },
        }),
    // The question's words, not its operators (from:, after: …), are what a summary line should hold.
    summary: summarize(
      parseSearchQuery(text).words.join(' '),
      found.results.map((result) => ({
        passageId: result.passage.id,
        text: texts.get(result.passage.id) ?? '',
      })),
    ),
    passages,
    fields: fieldsOf(
      found.results.map((result: SearchResponse['results'][number]) => ({
        passageId: result.passage.id,
        documentName: result.document.name,
        documentTitle: result.document.title,
        documentDate: result.document.document_date,
        text: texts.get(result.passage.id) ?? '',
        facts: result.facts as Partial<Facts>,
        record: records.get(result.passage.id),
      })),
    ),
    documents_read: [...documents].map(([id, { name, title }]) => ({ id, name, title })),
    empty_hint: null,
  };
}

/**
 * What to broaden when nothing matched. With filters, the same words are searched without them, so the
 * hint can say whether dropping them would find something; without filters, the words are the problem.
 */
async function emptyHint(
  db: DatabaseHandle,
  userId: string,
  text: string,
  filters: ChatFilters,
  settings: AnswerSettings,
): Promise<string> {
  if (!(await hasIndexedDocuments(db, userId))) {
    return 'There is nothing to search yet — upload some documents on the Uploads page, then ask again.';
  }
  if (Object.keys(filters).length > 0) {
    const broader = await search(db, userId, searchQuery(text, {}, settings.passages), settings.search);
    const count = broader.results.length;
    if (count > 0) {
      const more = broader.next_cursor !== null ? `${count}+` : String(count);
      return `Nothing matched with ${describeFilters(filters)}. Without ${
        Object.keys(filters).length > 1 ? 'them' : 'it'
      }, “${text}” finds ${more} passage${count === 1 ? '' : 's'} — try asking without ${describeFilters(filters)}.`;
    }
  }
  return `Nothing in your documents mentions “${text}”${
    Object.keys(filters).length > 0 ? ', even without the filters' : ''
  }. Try other words or fewer of them.`;
}
