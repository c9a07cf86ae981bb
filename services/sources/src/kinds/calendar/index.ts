import {
  type CalendarSettings,
  CalendarSettingsSchema,
  SOURCE_TEST_STEPS,
  type SourceTestResult,
  type SourceTestStep,
} from '@trove/contracts';
import type { SourceReach } from '../../source-settings';
import type { SourceKind } from '../source-kind';
import { CALENDAR_RETRIED, CalendarFailure, calendarFailureDetail, statusFailure } from './calendar-failure';
import { calendarFetch } from './calendar-http';
import { type CalendarCheckpoint, calendarIds, calendarSteps } from './calendar-steps';
import { type DavCalendar, discoverCalendars } from './caldav';

// A calendar (issue 43 item 1; docs/decisions/180-calendar-sources.md): an iCal address or a CalDAV server, the
// kind object the registry holds. Its events are raw items (event-document.ts), stored and indexed by the life
// cycle like any other kind's; it keeps no table of its own.

const hostOf = (settings: CalendarSettings) => new URL(settings.url).hostname.replace(/^\[(.*)\]$/, '$1');

async function feedCalendar(
  settings: CalendarSettings,
  password: string,
  reach: SourceReach,
): Promise<DavCalendar> {
  const answer = await calendarFetch(
    {
      method: 'GET',
      url: settings.url,
      headers: { accept: 'text/calendar, */*;q=0.5' },
      maxBytes: 50 * 1024 * 1024,
      auth: settings.username === null || password === '' ? null : { username: settings.username, password },
    },
    reach,
  );
  const failure = statusFailure(answer.status, new URL(settings.url).host, 'calendar');
  if (failure !== null) throw failure;
  const text = answer.body.toString('utf8');
  if (!/^\s*BEGIN:VCALENDAR/i.test(text.slice(0, 1024)))
    throw new CalendarFailure(
      'server',
      `${new URL(settings.url).host} did not give a calendar at this address.`,
      'Copy the calendar’s address again: in Google Calendar it is "Secret address in iCal format", in Outlook "Publish calendar" → ICS.',
    );
  const name = /^X-WR-CALNAME:(.*)$/im.exec(text.slice(0, 64 * 1024))?.[1]?.trim();
  return {
    href: settings.url,
    name: name || new URL(settings.url).host,
    syncToken: null,
    version: String((text.match(/^BEGIN:VEVENT/gim) ?? []).length),
  };
}

async function calendarsOf(
  settings: CalendarSettings,
  password: string,
  reach: SourceReach,
): Promise<DavCalendar[]> {
  if (settings.protocol === 'ical') return [await feedCalendar(settings, password, reach)];
  if (settings.username === null)
    throw new CalendarFailure(
      'auth',
      'A CalDAV server needs a user name.',
      'Enter the user name and an app password.',
    );
  return discoverCalendars({ url: settings.url, username: settings.username, password, reach });
}

async function testCalendar(
  settings: CalendarSettings,
  password: string,
  reach: SourceReach,
): Promise<SourceTestResult> {
  try {
    const calendars = await calendarsOf(settings, password, reach);
    return {
      ok: true,
      folders: calendars.map((calendar) => ({
        path: calendar.href,
        name: calendar.name,
        special_use: null,
        // An iCal address's event count (its VEVENTs); CalDAV's listing does not say.
        messages: settings.protocol === 'ical' ? Number(calendar.version) : null,
        default_selected: true,
      })),
      default_folders: calendars.map((calendar) => calendar.href),
      certificate: null,
    };
  } catch (error) {
    const detail = calendarFailureDetail(error);
    const step: SourceTestStep = (SOURCE_TEST_STEPS as readonly string[]).includes(detail.problem)
      ? (detail.problem as SourceTestStep)
      : 'server';
    return { ok: false, step, reason: detail.reason, action: detail.action, certificate: null };
  }
}

export const calendarKind: SourceKind<CalendarSettings, CalendarCheckpoint, DavCalendar, 'calendar'> = {
  name: 'calendar',
  settings: CalendarSettingsSchema,
  itemNoun: { one: 'event', many: 'events' },
  // An iCal address has none (its secret is the address); a CalDAV server asks for an app password.
  password: 'optional',
  connectionFields: { url: 'address', username: 'user name', protocol: 'kind of calendar' },
  // A new window or another server's calendars read everything again.
  restartFields: ['url', 'protocol', 'window_past_days', 'window_future_days'],
  host: hostOf,
  fileId: () => null,
  defaultName: (settings) => `Calendar on ${new URL(settings.url).host}`,
  describe: (base, settings) => ({ ...base, kind: 'calendar', settings }),
  test: {
    answer: 'test',
    run: (context, settings, password) =>
      testCalendar(CalendarSettingsSchema.parse(settings), password, context.reach),
  },
  discover: (context, settings, password) => calendarsOf(settings, password, context.reach),
  sync: calendarSteps,
  // A step's occurrences are rendered from what the run already parsed: the next is made while one is written.
  readAhead: true,
  listIds: calendarIds,
  // An iCal address is polled at its own interval; CalDAV at the service's.
  intervalMinutes: (settings) => (settings.protocol === 'ical' ? settings.poll_minutes : null),
  describeFailure: (error) => calendarFailureDetail(error),
  retried: CALENDAR_RETRIED,
};
