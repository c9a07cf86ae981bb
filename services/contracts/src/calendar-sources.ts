import { z } from 'zod';
import { hasControls, isHostName } from './host-name';
import { requestBody } from './request-body';

// Issue 43 item 1: a calendar source — a private iCal address ("secret address in iCal format", "publish
// calendar") read by polling, or a CalDAV server (iCloud, Fastmail, Nextcloud, Radicale) with a user name and an
// app password, whose calendars the person picks. Each event is a document (docs/product/connections.md#calendar-source;
// docs/decisions/180-calendar-sources.md).

export const CALENDAR_PROTOCOLS = ['ical', 'caldav'] as const;
export type CalendarProtocol = (typeof CALENDAR_PROTOCOLS)[number];

export const CALENDAR_URL_MAX_LENGTH = 2048;
export const CALENDAR_WINDOW_MAX_DAYS = 3650;
/** The expansion window's default: a year back and a year ahead (issue 43 item 1). */
export const CALENDAR_WINDOW_DEFAULT_DAYS = 365;
export const CALENDAR_POLL_DEFAULT_MINUTES = 30;
export const CALENDARS_MAX = 200;

export const CALENDAR_MESSAGES = {
  urlRequired: 'Paste the calendar’s address (https://…ics) or the CalDAV server’s address.',
  badUrl:
    'Enter a web address that starts with https:// (or webcal://), such as https://calendar.example.com/….ics.',
  urlTooLong: `An address can be at most ${CALENDAR_URL_MAX_LENGTH} characters.`,
  credentialsInUrl: 'Leave the user name and password out of the address: enter them in their own fields.',
  badProtocol: 'A calendar is read from an iCal address ("ical") or a CalDAV server ("caldav").',
  usernameRequired: 'Enter the user name for the CalDAV server, usually your email address.',
  usernameTooLong: 'A user name can be at most 320 characters.',
  badCalendars: `Choose up to ${CALENDARS_MAX} calendars by their address, or none for every calendar.`,
  badWindow: `The window is a whole number of days from 0 to ${CALENDAR_WINDOW_MAX_DAYS}.`,
  badPoll: 'The address is read at most every 5 to 1440 minutes.',
  badTimeZone: 'A time zone is an IANA name such as Europe/Berlin or Asia/Kolkata.',
  passwordTooLong: 'A password can be at most 1024 characters.',
} as const;

/** webcal:// is how calendar apps write an https address to subscribe to. */
const withScheme = (text: string) => text.replace(/^webcals?:\/\//i, 'https://');

function urlProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return CALENDAR_MESSAGES.badUrl;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return CALENDAR_MESSAGES.badUrl;
  if (url.username !== '' || url.password !== '') return CALENDAR_MESSAGES.credentialsInUrl;
  if (!isHostName(url.hostname.replace(/^\[(.*)\]$/, '$1'))) return CALENDAR_MESSAGES.badUrl;
  return null;
}

export const CalendarUrlSchema = z
  .string({ error: CALENDAR_MESSAGES.urlRequired })
  .trim()
  .min(1, CALENDAR_MESSAGES.urlRequired)
  .max(CALENDAR_URL_MAX_LENGTH, CALENDAR_MESSAGES.urlTooLong)
  .transform(withScheme)
  .superRefine((text, context) => {
    const problem = hasControls(text) ? CALENDAR_MESSAGES.badUrl : urlProblem(text);
    if (problem !== null) context.addIssue({ code: 'custom', message: problem });
  })
  // The fragment never reaches a server; the rest is kept as given (a secret address's token is its path).
  .transform((text) => text.replace(/#.*$/, ''));

const isZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const windowDays = z
  .number({ error: CALENDAR_MESSAGES.badWindow })
  .int(CALENDAR_MESSAGES.badWindow)
  .min(0, CALENDAR_MESSAGES.badWindow)
  .max(CALENDAR_WINDOW_MAX_DAYS, CALENDAR_MESSAGES.badWindow);

const calendarHref = z
  .string()
  .min(1)
  .max(CALENDAR_URL_MAX_LENGTH)
  .refine((href) => !hasControls(href));

/** A calendar source's settings. The password (CalDAV's app password) is not among them. */
export const CalendarSettingsSchema = z.object({
  protocol: z.enum(CALENDAR_PROTOCOLS, { error: CALENDAR_MESSAGES.badProtocol }),
  /** The iCal address itself, or the CalDAV server (its root, or any address on it: discovery finds the rest). */
  url: CalendarUrlSchema,
  /** CalDAV's user name; null for an iCal address (its secret is the address). */
  username: z
    .string({ error: CALENDAR_MESSAGES.usernameRequired })
    .trim()
    .min(1, CALENDAR_MESSAGES.usernameRequired)
    .max(320, CALENDAR_MESSAGES.usernameTooLong)
    .refine((name) => !hasControls(name), CALENDAR_MESSAGES.usernameRequired)
    .nullable()
    .default(null),
  /** CalDAV: the chosen calendars by their address on the server; null: every calendar, new ones too. */
  calendars: z
    .array(calendarHref, { error: CALENDAR_MESSAGES.badCalendars })
    .min(1, CALENDAR_MESSAGES.badCalendars)
    .max(CALENDARS_MAX, CALENDAR_MESSAGES.badCalendars)
    .transform((hrefs) => [...new Set(hrefs)])
    .nullable()
    .default(null),
  /** Repeating events are expanded from this many days back… */
  window_past_days: windowDays.default(CALENDAR_WINDOW_DEFAULT_DAYS),
  /** …to this many days ahead. */
  window_future_days: windowDays.default(CALENDAR_WINDOW_DEFAULT_DAYS),
  /** An iCal address is read again at most this often (it has no change feed; each read is conditional). */
  poll_minutes: z
    .number({ error: CALENDAR_MESSAGES.badPoll })
    .int(CALENDAR_MESSAGES.badPoll)
    .min(5, CALENDAR_MESSAGES.badPoll)
    .max(1440, CALENDAR_MESSAGES.badPoll)
    .default(CALENDAR_POLL_DEFAULT_MINUTES),
  /** The person's own time zone (the profile's): each event also says its times there. null: only the calendar's. */
  time_zone: z
    .string({ error: CALENDAR_MESSAGES.badTimeZone })
    .trim()
    .max(100, CALENDAR_MESSAGES.badTimeZone)
    .refine(isZone, CALENDAR_MESSAGES.badTimeZone)
    .nullable()
    .default(null),
});
export type CalendarSettings = z.output<typeof CalendarSettingsSchema>;
export type CalendarSettingsInput = z.input<typeof CalendarSettingsSchema>;

export const calendarSettingsRequest = requestBody(CalendarSettingsSchema.shape);

/** An app password, or "" for an iCal address (nothing to sign in with). */
export const CalendarPasswordSchema = z
  .string({ error: CALENDAR_MESSAGES.passwordTooLong })
  .max(1024, CALENDAR_MESSAGES.passwordTooLong);

/** A calendar source's settings as an update sends them: only what changes. */
export const CalendarSettingsChangeSchema = requestBody({
  protocol: CalendarSettingsSchema.shape.protocol.optional(),
  url: CalendarUrlSchema.optional(),
  username: CalendarSettingsSchema.shape.username.removeDefault().optional(),
  calendars: CalendarSettingsSchema.shape.calendars.removeDefault().optional(),
  window_past_days: windowDays.optional(),
  window_future_days: windowDays.optional(),
  poll_minutes: CalendarSettingsSchema.shape.poll_minutes.removeDefault().optional(),
  time_zone: CalendarSettingsSchema.shape.time_zone.removeDefault().optional(),
});
export type CalendarSettingsChange = z.output<typeof CalendarSettingsChangeSchema>;
