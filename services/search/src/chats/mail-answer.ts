import {
  type ChatCommand,
  type ChatFilters,
  type ComputedAnswer,
  type Facts,
  MONTH_NAMES,
  type RecordField,
  type SearchResponse,
} from '@trove/contracts';
import type { DatabaseHandle } from '@trove/service-core';
import { shiftYears } from '../figures/conditions';
import { answerRowOf } from '../records/answer-row';
import type { StoredRecord } from '../records/records.repository';
import { findPassages, type SearchSettings } from '../search/search.service';
import type { StoredAnswer } from './chats.repository';
import { computedStoredAnswer } from './computed-stored-answer';
import type { MailQuestion } from './understand';

// Questions about mail that count or list (issue 37, docs/decisions/216; docs/product/chats.md#answers): "how many
// emails from Gary Lawrence Murphy?", "emails from Matthias Saou in August 2002". The question's filters — the
// sender (from:, an address whole or a name from a word's start), the kind, the days it was sent (after:/before:,
// the user's time zone) — are one search of operators alone, which lists every message passing them, newest first,
// with the counts of the whole set (its kind facet). The count is that set's size, never a ranked page's; rows are
// the newest MAIL_ROWS_DEFAULT. A question with words left to look for is ranked, not counted: its count would be
// of a capped candidate set, so the answer says it cannot count rather than give a number.

/** Messages an answer lists under its count (the computed view pages through them). */
export const MAIL_ROWS_DEFAULT = 100;

/** Years back a bare "August" is looked for when this year's has nothing (as answer.service does). */
const BARE_PERIOD_YEARS_BACK = 3;

const MONTHS = MONTH_NAMES;

const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
const dayText = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** "in August 2002", "in 2002", "from 3 Aug 2002 to 9 Aug 2002", "since …", "until …", or ''. */
export function periodText(from: string | undefined, to: string | undefined): string {
  if (from !== undefined && to !== undefined) {
    const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
    const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
    if (fy === ty && fd === 1 && fm === 1 && tm === 12 && td === 31) return `in ${fy}`;
    if (fy === ty && fm === tm && fd === 1 && td === lastDayOf(ty, tm - 1))
      return `in ${MONTHS[fm - 1]} ${fy}`;
    if (from === to) return `on ${dayText(from)}`;
    return `from ${dayText(from)} to ${dayText(to)}`;
  }
  if (from !== undefined) return `since ${dayText(from)}`;
  if (to !== undefined) return `until ${dayText(to)}`;
  return '';
}

const quoted = (value: string) => `"${value.replace(/"/g, '')}"`;

/** The search of operators alone the question is: what it lists and counts. */
export function mailQuery(mail: MailQuestion, filters: ChatFilters): string {
  return [
    filters.type === undefined ? '' : `type:${filters.type}`,
    mail.sender === undefined ? '' : `from:${quoted(mail.sender)}`,
    mail.recipient === undefined ? '' : `to:${quoted(mail.recipient)}`,
    filters.date_from === undefined ? '' : `after:${filters.date_from}`,
    filters.date_to === undefined ? '' : `before:${filters.date_to}`,
  ]
    .filter(Boolean)
    .join(' ');
}

/** The words to rank by with the people as operators, for a mail question that has words left. */
export function mailSearchText(mail: MailQuestion): string {
  return [
    mail.words,
    mail.sender === undefined ? '' : `from:${quoted(mail.sender)}`,
    mail.recipient === undefined ? '' : `to:${quoted(mail.recipient)}`,
  ]
    .filter(Boolean)
    .join(' ');
}

const noun = (filters: ChatFilters, count: number) =>
  filters.type === 'eml' ? (count === 1 ? 'email' : 'emails') : count === 1 ? 'document' : 'documents';

/** "46 emails from Justin Mason in August 2002." — or "No emails …" */
export function mailHeadline(mail: MailQuestion, filters: ChatFilters, count: number): string {
  const parts = [
    count === 0 ? 'No' : count.toLocaleString('en-US'),
    noun(filters, count),
    mail.sender === undefined ? '' : `from ${mail.sender}`,
    mail.recipient === undefined ? '' : `to ${mail.recipient}`,
    periodText(filters.date_from, filters.date_to),
  ];
  return `${parts.filter(Boolean).join(' ')}.`;
}

function rowOf(result: SearchResponse['results'][number]): StoredRecord {
  const facts = result.facts as Partial<Facts>;
  const sender = (facts.people ?? []).find((person) => (person as { role?: string }).role === 'from');
  const fields: RecordField[] = [];
  const day = result.document.document_date?.slice(0, 10);
  if (day !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(day))
    fields.push({ name: 'Sent', type: 'date', value: day });
  if (sender !== undefined) {
    const from =
      sender.email === undefined || sender.email === sender.name
        ? sender.name
        : `${sender.name} <${sender.email}>`;
    fields.push({ name: 'From', type: 'text', value: from });
  }
  fields.push({ name: 'Subject', type: 'text', value: result.document.title ?? result.document.name });
  return {
    documentId: result.document.id,
    ordinal: 0,
    passageOrdinal: result.passage.ordinal,
    location: result.passage.location,
    fields,
    documentName: result.document.name,
    documentTitle: result.document.title,
    passageId: result.passage.id,
  };
}

/** The count of a listing: its kind's documents, or every kind's when the question named none. */
const countOf = (found: SearchResponse, filters: ChatFilters) =>
  filters.type === undefined
    ? found.facets.type.reduce((sum, facet) => sum + facet.count, 0)
    : (found.facets.type.find((facet) => facet.value === filters.type)?.count ?? 0);

export interface MailAnswerInput {
  command: ChatCommand;
  filters: ChatFilters;
  mail: MailQuestion;
  barePeriod: boolean;
  destinationNote: string | null;
}

/** The count of the messages the question's filters pass and the newest of them (a question with no words left). */
export async function mailListAnswer(
  db: DatabaseHandle,
  userId: string,
  input: MailAnswerInput,
  settings: { search: SearchSettings; rows?: number | undefined },
): Promise<StoredAnswer | undefined> {
  const { mail, command } = input;
  let filters = input.filters;
  const run = (asked: ChatFilters) =>
    findPassages(
      db,
      userId,
      {
        q: mailQuery(mail, asked),
        limit: settings.rows ?? MAIL_ROWS_DEFAULT,
        date_from: undefined,
        date_to: undefined,
      },
      settings.search,
    );
  let { response: found } = await run(filters);
  // "In August" with mail from 2002: the latest August with mail, and the headline says which year was taken.
  for (
    let years = 1;
    countOf(found, filters) === 0 && input.barePeriod && years <= BARE_PERIOD_YEARS_BACK;
    years++
  ) {
    const earlier = { ...filters };
    if (filters.date_from !== undefined) earlier.date_from = shiftYears(filters.date_from, -years);
    if (filters.date_to !== undefined) earlier.date_to = shiftYears(filters.date_to, -years);
    const tried = await run(earlier);
    if (countOf(tried.response, earlier) > 0) {
      found = tried.response;
      filters = earlier;
    }
  }
  const count = countOf(found, filters);
  const cited = found.results.map(rowOf);
  const computed: ComputedAnswer & { cited: StoredRecord[] } = {
    headline: mailHeadline(mail, filters, count),
    how: mailHow(mail, filters),
    collection: filters.type === 'eml' ? 'your mail' : 'your documents',
    understood: understoodChips(mail, filters),
    figures: [{ label: 'Count', value: String(count), text: count.toLocaleString('en-US') }],
    groups: [],
    row_count: count,
    rows: cited.map(answerRowOf),
    cannot: null,
    notes: sendersNote(mail, found),
    cited,
  };
  const answer = computedStoredAnswer(command, input.destinationNote, computed);
  return answer === undefined ? undefined : { ...answer, filters };
}

function mailHow(mail: MailQuestion, filters: ChatFilters): string {
  const who = [
    mail.sender === undefined
      ? ''
      : `sent by “${mail.sender}” (its From: the address, or a name from a word’s start)`,
    mail.recipient === undefined ? '' : `sent to “${mail.recipient}”`,
  ].filter(Boolean);
  const when = periodText(filters.date_from, filters.date_to);
  return `Counted every ${filters.type === 'eml' ? 'message' : 'document'}${who.length > 0 ? ` ${who.join(' and ')}` : ''}${
    when === '' ? '' : `, sent ${when} (your time zone)`
  } — all of ${filters.type === 'eml' ? 'your mail' : 'your documents'}, not a ranked search; the newest are listed.`;
}

function understoodChips(mail: MailQuestion, filters: ChatFilters): string[] {
  const when = periodText(filters.date_from, filters.date_to);
  return [
    filters.type === 'eml' ? 'Emails' : '',
    mail.sender === undefined ? '' : `Sent by ${mail.sender}`,
    mail.recipient === undefined ? '' : `Sent to ${mail.recipient}`,
    when === '' ? '' : `Sent ${when}`,
  ].filter(Boolean);
}

/** A name that matched more than one sender says whom it counted (the ten who sent most). */
function sendersNote(mail: MailQuestion, found: SearchResponse): string[] {
  const senders = found.facets.sender ?? [];
  if (mail.sender === undefined || senders.length <= 1) return [];
  const list = senders
    .map(
      (sender) =>
        `${sender.label === sender.value ? sender.value : `${sender.label} <${sender.value}>`} (${sender.count})`,
    )
    .join(', ');
  return [
    `“${mail.sender}” matched ${senders.length === 10 ? 'at least 10' : senders.length} senders: ${list}.`,
  ];
}

/** A count asked of a question with words to look for: ranked, not counted, so no number is given. */
export function cannotCountNote(mail: MailQuestion): string {
  return `This can’t be counted exactly: “${mail.words}” is looked for by a ranked search, which finds the best matches rather than every one. Ask without the words (e.g. “how many emails from ${mail.sender ?? 'Ann'}”) for an exact count.`;
}
