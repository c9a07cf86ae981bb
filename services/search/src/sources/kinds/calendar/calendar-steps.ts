import type { CalendarSettings } from '@trove/contracts';
import { allItemIdentities } from '../../source-items.repository';
import type { ListedIds, SyncRun, SyncStep } from '../source-kind';
import type { ExpandOptions } from './calendar-events';
import { CalendarFailure, statusFailure } from './calendar-failure';
import { calendarFetch } from './calendar-http';
import { CALENDAR_MAX_BYTES, type DavCalendar, calendarTexts, discoverCalendars } from './caldav';
import { type CalendarPlace, calendarTag, eventItem } from './event-document';
import { expandInChild } from './parse-in-child';

// A calendar's sync (issue 43 item 1; docs/decisions/180-calendar-sources.md). What changed is found without
// reading events: an iCal address by its ETag or Last-Modified (a 304 reads nothing), a CalDAV calendar by its
// ctag or sync-token (an unchanged one is not asked for its events). A calendar that changed is read whole and
// expanded; the life cycle keeps every occurrence whose bytes are the same and replaces the changed ones, and the
// keys no longer found (a deleted or cancelled event, an occurrence that left the window) leave by listIds.

export interface CalendarCheckpoint {
  /** The iCal address's validators from its last full read. */
  etag?: string | null;
  lastModified?: string | null;
  /** CalDAV: each calendar's ctag or sync-token at its last full read, by its address. */
  versions?: Record<string, string>;
  /** The day and window the occurrences were expanded for: a new day moves the window, so all is read again. */
  expanded: string;
}

type Run = SyncRun<CalendarSettings, CalendarCheckpoint>;
type Step = SyncStep<CalendarCheckpoint>;

const BATCH = 250;
const DAY_MS = 86_400_000;

/** What a run read, for its listIds: the keys present now, or null when nothing changed. */
const readThisRun = new WeakMap<object, { present: Set<string>; keptTags: Set<string> } | null>();

function windowOf(settings: CalendarSettings, now: Date): { options: ExpandOptions; expanded: string } {
  const day = now.toISOString().slice(0, 10);
  const midnight = Date.parse(`${day}T00:00:00Z`);
  return {
    options: {
      windowStart: midnight - settings.window_past_days * DAY_MS,
      windowEnd: midnight + (settings.window_future_days + 1) * DAY_MS,
    },
    expanded: `${day}/${settings.window_past_days}/${settings.window_future_days}`,
  };
}

async function* itemSteps(
  texts: string[],
  place: CalendarPlace,
  run: Run,
  options: ExpandOptions,
  present: Set<string>,
): AsyncGenerator<Step> {
  const occurrences = await expandInChild(texts, options, `The calendar "${place.name}"`);
  yield { total: occurrences.length };
  for (let start = 0; start < occurrences.length; start += BATCH) {
    const items = occurrences
      .slice(start, start + BATCH)
      .map((o) => eventItem(o, place, run.source.settings.time_zone));
    for (const item of items) present.add(item.key);
    yield { count: items.length, items };
  }
}

async function* feedSteps(run: Run): AsyncGenerator<Step> {
  const { settings } = run.source;
  const { options, expanded } = windowOf(settings, run.context.now());
  const previous = run.checkpoint?.expanded === expanded ? run.checkpoint : null;
  const headers: Record<string, string> = { accept: 'text/calendar, */*;q=0.5' };
  if (previous?.etag) headers['if-none-match'] = previous.etag;
  if (previous?.lastModified) headers['if-modified-since'] = previous.lastModified;
  const answer = await calendarFetch(
    {
      method: 'GET',
      url: settings.url,
      headers,
      maxBytes: CALENDAR_MAX_BYTES,
      auth:
        run.source.password === '' || settings.username === null
          ? null
          : { username: settings.username, password: run.source.password },
    },
    run.context.reach,
  );
  if (answer.status === 304) {
    readThisRun.set(run, null);
    return;
  }
  const host = new URL(settings.url).host;
  const failure = statusFailure(answer.status, host, 'calendar');
  if (failure !== null) throw failure;
  const text = answer.body.toString('utf8');
  if (!/^\s*BEGIN:VCALENDAR/i.test(text.slice(0, 1024)))
    throw new CalendarFailure(
      'server',
      `${host} did not give a calendar at this address (it gave ${String(answer.headers['content-type'] ?? 'something else').split(';')[0]}).`,
      'Copy the calendar’s address again: in Google Calendar it is "Secret address in iCal format", in Outlook "Publish calendar" → ICS.',
    );
  const present = new Set<string>();
  const place: CalendarPlace = { tag: calendarTag(settings.url), name: feedName(text, host), zone: null };
  yield* itemSteps([text], place, run, options, present);
  readThisRun.set(run, { present, keptTags: new Set() });
  yield {
    checkpoint: {
      etag: typeof answer.headers.etag === 'string' ? answer.headers.etag : null,
      lastModified:
        typeof answer.headers['last-modified'] === 'string' ? answer.headers['last-modified'] : null,
      expanded,
    },
  };
}

function feedName(text: string, host: string): string {
  const match = /^X-WR-CALNAME:(.*)$/im.exec(text.slice(0, 64 * 1024));
  return match?.[1]?.trim().slice(0, 100) || host;
}

/** The calendars the settings choose among those the server has; none left of a chosen list is an error. */
export function chosenCalendars(settings: CalendarSettings, found: readonly DavCalendar[]): DavCalendar[] {
  if (settings.calendars === null) return [...found];
  const chosen = found.filter((calendar) => settings.calendars?.includes(calendar.href));
  if (chosen.length === 0)
    throw new CalendarFailure(
      'folders',
      `None of the chosen calendars is on ${new URL(settings.url).host} any more.`,
      'Choose the calendars again in the source’s settings.',
    );
  return chosen;
}

async function* davSteps(run: Run): AsyncGenerator<Step> {
  const { settings } = run.source;
  const access = {
    url: settings.url,
    username: settings.username ?? '',
    password: run.source.password,
    reach: run.context.reach,
  };
  const { options, expanded } = windowOf(settings, run.context.now());
  const calendars = chosenCalendars(settings, await discoverCalendars(access));
  const seen = run.checkpoint?.expanded === expanded ? (run.checkpoint.versions ?? {}) : {};
  const present = new Set<string>();
  const keptTags = new Set<string>();
  const versions: Record<string, string> = {};
  let changed = false;
  for (const calendar of calendars) {
    const tag = calendarTag(calendar.href);
    if (calendar.version !== null && seen[calendar.href] === calendar.version) {
      keptTags.add(tag);
      versions[calendar.href] = calendar.version;
      continue;
    }
    changed = true;
    const texts = await calendarTexts(access, calendar);
    yield* itemSteps(texts, { tag, name: calendar.name, zone: null }, run, options, present);
    if (calendar.version !== null) versions[calendar.href] = calendar.version;
    yield { checkpoint: { versions: { ...seen, ...versions }, expanded } };
  }
  // A calendar no longer chosen (or gone) also changes what is present.
  const dropped = Object.keys(seen).some((href) => !calendars.some((calendar) => calendar.href === href));
  readThisRun.set(run, changed || dropped ? { present, keptTags } : null);
  yield { checkpoint: { versions, expanded } };
}

export function calendarSteps(run: Run): AsyncIterable<Step> {
  return run.source.settings.protocol === 'ical' ? feedSteps(run) : davSteps(run);
}

/** The keys present: those read this run, and those of the calendars that did not change. */
export async function calendarIds(run: Run): Promise<ListedIds | null> {
  const read = readThisRun.get(run);
  if (read === undefined || read === null) return null;
  if (read.keptTags.size > 0)
    for (const identity of await allItemIdentities(run.db, run.source.id))
      if (read.keptTags.has(identity.key.slice(0, identity.key.indexOf('/')))) read.present.add(identity.key);
  return { present: read.present };
}
