import type { ChatCommand, ChatFilters, ComputedAnswer, RecordField } from '@trove/contracts';
import type { DatabaseHandle } from '@trove/service-core';
import { answerRowOf } from '../records/answer-row';
import type { StoredRecord } from '../records/records.repository';
import { userTimeZone } from '../search/candidates.repository';
import { wordStart } from '../search/plan';
import { localDay, nextDay, startOfDay } from '../search/time-zone';
import type { StoredAnswer } from './chats.repository';
import { computedStoredAnswer } from './computed-stored-answer';
import { type EventRow, eventsInOrder } from './events.repository';
import type { EventOrder } from './question-order';

// "When is the next board meeting?" / "when was the last board meeting?" (issue 43 item 1;
// docs/decisions/219; docs/product/chats.md#events): the first event from now on, or the
// latest one behind us, by its start — not a ranked search that cites any meeting, past ones among them. The
// answer leads with that one event, its day (in the profile's time zone) as a fact, and lists the few after it
// (or before it) in order. A question whose words name no event is answered by the search as before.

/** Events an answer lists: the one asked for, then those after it (next) or before it (last). */
export const EVENT_ROWS = 5;

export interface EventAnswerInput {
  command: ChatCommand;
  filters: ChatFilters;
  order: EventOrder;
  /** The words that name the event, as the search would read them ("board meeting"). */
  words: string;
  destinationNote: string | null;
}

const ALL_DAY = /^When: [^\n]*, all day$/m;
const WHERE = /^Where: (.+)$/m;

function formats(timeZone: string) {
  const zone = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-GB', { ...options, timeZone });
  return {
    day: zone({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
    time: zone({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  };
}

function knownZone(timeZone: string | null): string {
  if (timeZone === null) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

interface EventWhen {
  /** The day it is on, in the profile's zone (an all-day event's own day). */
  day: string;
  /** "Tuesday, 8 December 2026 at 09:00 Asia/Kolkata", or the day alone for an all-day event. */
  text: string;
  /** Its start as an instant, for a timed event. */
  startsAt: string | null;
}

export function eventWhen(
  row: Pick<EventRow, 'starts_at' | 'document_date' | 'body'>,
  timeZone: string | null,
) {
  const zone = knownZone(timeZone);
  const { day, time } = formats(zone);
  // An all-day event is on its own day wherever one is: its start is that day's midnight in UTC.
  if (ALL_DAY.test(row.body)) {
    const own = row.document_date ?? row.starts_at.toISOString().slice(0, 10);
    const text = formats('UTC').day.format(new Date(`${own}T00:00:00Z`));
    return { day: own, text: `${text} (${own}), all day`, startsAt: null } satisfies EventWhen;
  }
  const iso = row.starts_at.toISOString();
  const local = localDay(iso, zone);
  return {
    day: local,
    text: `${day.format(row.starts_at)} (${local}) at ${time.format(row.starts_at)} ${zone}`,
    startsAt: iso,
  } satisfies EventWhen;
}

function recordOf(row: EventRow, when: EventWhen): StoredRecord {
  const where = WHERE.exec(row.body)?.[1]?.trim();
  const fields: RecordField[] = [
    { name: 'Event', type: 'text', value: row.title ?? row.name },
    { name: 'Date', type: 'date', value: when.day },
  ];
  if (when.startsAt !== null) fields.push({ name: 'Starts', type: 'timestamp', value: when.startsAt });
  if (where !== undefined && where !== '') fields.push({ name: 'Where', type: 'text', value: where });
  return {
    documentId: row.document_id,
    ordinal: 0,
    passageOrdinal: 0,
    location: row.location,
    fields,
    documentName: row.name,
    documentTitle: row.title,
    passageId: row.passage_id,
  };
}

/** The answer from events, or undefined when no event matches (the search answers instead). */
export async function eventAnswer(
  db: DatabaseHandle,
  userId: string,
  input: EventAnswerInput,
  now: Date,
): Promise<StoredAnswer | undefined> {
  const { filters, order, words } = input;
  const timeZone = await userTimeZone(db, userId);
  const found = await eventsInOrder(db, userId, {
    order,
    words,
    at: now,
    from: filters.date_from === undefined ? undefined : startOfDay(filters.date_from, timeZone),
    until: filters.date_to === undefined ? undefined : startOfDay(nextDay(filters.date_to), timeZone),
    entityPattern: filters.entity === undefined ? undefined : wordStart(filters.entity),
    limit: EVENT_ROWS,
  });
  const first = found.rows[0];
  if (first === undefined) return undefined;
  const whens = found.rows.map((row) => eventWhen(row, timeZone));
  const cited = found.rows.map((row, at) => recordOf(row, whens[at] as EventWhen));
  const when = whens[0] as EventWhen;
  const where = WHERE.exec(first.body)?.[1]?.trim();
  const title = first.title ?? first.name;
  const named = words.trim() === '' ? 'any event' : `“${words.trim()}”`;
  const computed: ComputedAnswer & { cited: StoredRecord[] } = {
    headline: `${order === 'next' ? 'The next one is' : 'The last one was'} “${title}” on ${when.text}${
      where ? `, ${where}` : ''
    }.`,
    how: `${order === 'next' ? 'The first event from now on' : 'The latest event before now'} whose ${
      found.by === 'title' ? 'title' : 'text'
    } holds ${named}, by its start (your time zone: ${knownZone(timeZone)}) — not a ranked search; ${
      order === 'next' ? 'the ones after it follow' : 'the ones before it follow'
    }.`,
    collection: 'your calendars',
    understood: [
      'Events',
      order === 'next' ? 'The next one, from now on' : 'The last one, before now',
      ...(words.trim() === '' ? [] : [`named ${named}`]),
      ...(filters.entity === undefined ? [] : [`with ${filters.entity}`]),
    ],
    figures: [{ label: 'Date', value: when.day, text: when.text }],
    groups: [],
    row_count: found.rows.length,
    rows: cited.map(answerRowOf),
    cannot: null,
    notes: [],
    cited,
  };
  const answer = computedStoredAnswer(input.command, input.destinationNote, computed);
  return answer === undefined ? undefined : { ...answer, filters: { ...filters, type: 'event' } };
}
