import type { CalendarSettings } from '@trove/contracts';
import { allItemIdentities, saveSourceCheckpoint } from '../../source-items.repository';
import type { ListedIds, SyncRun, SyncStep } from '../source-kind';
import type { ExpandOptions } from './calendar-events';
import { CalendarFailure, statusFailure } from './calendar-failure';
import { calendarFetch } from './calendar-http';
import {
  CALENDAR_MAX_BYTES,
  type DavCalendar,
  type DavResource,
  calendarChanges,
  calendarTexts,
  discoverCalendars,
} from './caldav';
import { type CalendarPlace, calendarTag, eventItem, resourceTag } from './event-document';
import { expandInChild } from './parse-in-child';

// A calendar's sync (issue 43 item 1; docs/decisions/180-calendar-sources.md). What changed is found without
// reading events: an iCal address by its ETag or Last-Modified (a 304 reads nothing), a CalDAV calendar by its
// ctag (an unchanged one is not asked for anything), then by RFC 6578 sync-collection from the last sync-token
// (only the resources changed or removed), or read whole when the server keeps no token or refuses it. The life
// cycle keeps every occurrence whose bytes are the same and replaces the changed ones; the keys no longer found
// (a deleted or cancelled event, an occurrence that left the window) leave by listIds, in whose last transaction
// the checkpoint is saved — a run cut short before its deletions reads the same changes again.

export interface CalendarCheckpoint {
  /** The iCal address's validators from its last full read. */
  etag?: string | null;
  lastModified?: string | null;
  /** CalDAV: each calendar's ctag (or sync-token) at its last read, by its address. */
  versions?: Record<string, string>;
  /** CalDAV: each calendar's sync-token after its last read, for the next sync-collection. */
  tokens?: Record<string, string>;
  /** The day and window the occurrences were expanded for: a new day moves the window, so all is read again. */
  expanded: string;
}

type Run = SyncRun<CalendarSettings, CalendarCheckpoint>;
type Step = SyncStep<CalendarCheckpoint>;

const BATCH = 250;
const DAY_MS = 86_400_000;

/**
 * What a run read, for its listIds (null: nothing changed): the keys it made; the calendars whose stored keys
 * stay (by tag), less those under a changed or removed resource (by key prefix); the checkpoint to save.
 */
interface ReadThisRun {
  present: Set<string>;
  keptTags: Set<string>;
  droppedPrefixes: Set<string>;
  checkpoint: CalendarCheckpoint;
}
const readThisRun = new WeakMap<object, ReadThisRun | null>();

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

/** The occurrences of some resources (a feed is one), as raw items a batch at a time. */
async function* itemSteps(
  resources: readonly DavResource[],
  place: CalendarPlace,
  run: Run,
  options: ExpandOptions,
  present: Set<string>,
): AsyncGenerator<Step> {
  if (resources.length === 0) return;
  const occurrences = await expandInChild(
    resources.map((resource) => resource.text),
    options,
    `The calendar "${place.name}"`,
    run.context.databases.runner,
  );
  const tags = resources.map((resource) => resourceTag(resource.href));
  yield { total: occurrences.length };
  for (let start = 0; start < occurrences.length; start += BATCH) {
    const items = occurrences
      .slice(start, start + BATCH)
      .map((o) => eventItem(o, place, tags[o.part] ?? 'x', run.source.settings.time_zone));
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
  yield* itemSteps([{ href: settings.url, text }], place, run, options, present);
  readThisRun.set(run, {
    present,
    keptTags: new Set(),
    droppedPrefixes: new Set(),
    checkpoint: {
      etag: typeof answer.headers.etag === 'string' ? answer.headers.etag : null,
      lastModified:
        typeof answer.headers['last-modified'] === 'string' ? answer.headers['last-modified'] : null,
      expanded,
    },
  });
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

/** One calendar: nothing when its ctag stands, its changes since the last token, or all of it. */
async function* calendarSteps1(
  run: Run,
  calendar: DavCalendar,
  access: Parameters<typeof calendarTexts>[0],
  options: ExpandOptions,
  seen: CalendarCheckpoint,
  read: ReadThisRun,
): AsyncGenerator<Step, boolean> {
  const tag = calendarTag(calendar.href);
  const token = seen.tokens?.[calendar.href];
  const keep = (nextToken: string | null | undefined) => {
    const versions = read.checkpoint.versions ?? {};
    const tokens = read.checkpoint.tokens ?? {};
    if (calendar.version !== null) versions[calendar.href] = calendar.version;
    if (nextToken) tokens[calendar.href] = nextToken;
    read.checkpoint = { ...read.checkpoint, versions, tokens };
  };
  if (calendar.version !== null && seen.versions?.[calendar.href] === calendar.version) {
    read.keptTags.add(tag);
    keep(token);
    return false;
  }
  const place: CalendarPlace = { tag, name: calendar.name, zone: null };
  const delta = token === undefined ? null : await calendarChanges(access, calendar, token);
  if (delta !== null) {
    read.keptTags.add(tag);
    for (const href of [...delta.changed.map((resource) => resource.href), ...delta.removed])
      read.droppedPrefixes.add(`${tag}/${resourceTag(href)}/`);
    yield* itemSteps(delta.changed, place, run, options, read.present);
    keep(delta.token ?? calendar.syncToken);
    return true;
  }
  yield* itemSteps(await calendarTexts(access, calendar), place, run, options, read.present);
  keep(calendar.syncToken);
  return true;
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
  const seen: CalendarCheckpoint = run.checkpoint?.expanded === expanded ? run.checkpoint : { expanded };
  const read: ReadThisRun = {
    present: new Set(),
    keptTags: new Set(),
    droppedPrefixes: new Set(),
    checkpoint: { versions: {}, tokens: {}, expanded },
  };
  let changed = false;
  for (const calendar of calendars)
    if (yield* calendarSteps1(run, calendar, access, options, seen, read)) changed = true;
  // A calendar no longer chosen (or gone) also changes what is present.
  const dropped = Object.keys(seen.versions ?? {}).some(
    (href) => !calendars.some((calendar) => calendar.href === href),
  );
  readThisRun.set(run, changed || dropped || run.checkpoint?.expanded !== expanded ? read : null);
}

export function calendarSteps(run: Run): AsyncIterable<Step> {
  return run.source.settings.protocol === 'ical' ? feedSteps(run) : davSteps(run);
}

/**
 * The keys present: those read this run, and those stored of the calendars that stand (less the resources that
 * changed or went). The checkpoint is saved with the last deletions.
 */
export async function calendarIds(run: Run): Promise<ListedIds | null> {
  const read = readThisRun.get(run);
  if (read === undefined || read === null) return null;
  if (read.keptTags.size > 0)
    for (const identity of await allItemIdentities(run.db, run.source.id)) {
      const key = identity.key;
      if (!read.keptTags.has(key.slice(0, key.indexOf('/')))) continue;
      if ([...read.droppedPrefixes].some((prefix) => key.startsWith(prefix))) continue;
      read.present.add(key);
    }
  return { present: read.present, write: (tx) => saveSourceCheckpoint(tx, run.source.id, read.checkpoint) };
}
