import type { SourceReach } from '../../source-settings';
import { CalendarFailure, statusFailure } from './calendar-failure';
import { type CalendarResponse, calendarFetch } from './calendar-http';
import { type DavResponse, hrefIn, multistatus } from './dav-xml';

// CalDAV over plain PROPFIND and REPORT (RFC 4791; issue 43 item 1): the calendars a user has (the principal,
// its calendar home, the collections in it that hold events), each with its change tag (getctag, or the RFC 6578
// sync-token), and a calendar's events. A server that is not CalDAV, a wrong password or a missing calendar
// each end in one message (calendar-failure.ts).

export interface DavCalendar {
  /** The calendar's address, absolute. */
  href: string;
  name: string;
  /** Moves whenever an event in it changes: getctag, else the sync-token; null when the server gives neither. */
  version: string | null;
  /** RFC 6578's sync-token, when the server keeps one: a later sync-collection REPORT answers what changed since. */
  syncToken: string | null;
}

/** A calendar's event resource: its address (absolute) and its iCalendar text. */
export interface DavResource {
  href: string;
  text: string;
}

export interface DavAccess {
  url: string;
  username: string;
  password: string;
  reach: SourceReach;
}

/** A multistatus is small; an answer of events is bounded by the calendar's own size bound. */
const PROPFIND_MAX_BYTES = 5 * 1024 * 1024;
export const CALENDAR_MAX_BYTES = 50 * 1024 * 1024;
const CALENDARS_LISTED_MAX = 200;

const PROPS = `<?xml version="1.0" encoding="utf-8"?>
<d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/">
  <d:prop><d:resourcetype/><d:displayname/><d:current-user-principal/><c:calendar-home-set/><cs:getctag/><d:sync-token/><c:supported-calendar-component-set/></d:prop>
</d:propfind>`;

const EVENTS_QUERY = `<?xml version="1.0" encoding="utf-8"?>
<c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
  <d:prop><d:getetag/><c:calendar-data/></d:prop>
  <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT"/></c:comp-filter></c:filter>
</c:calendar-query>`;

const hostOf = (url: string) => new URL(url).host;

async function propfind(access: DavAccess, url: string, depth: '0' | '1'): Promise<DavResponse[]> {
  const answer = await calendarFetch(
    {
      method: 'PROPFIND',
      url,
      headers: { depth, 'content-type': 'application/xml; charset=utf-8' },
      body: PROPS,
      maxBytes: PROPFIND_MAX_BYTES,
      auth: { username: access.username, password: access.password },
    },
    access.reach,
  );
  return davAnswer(answer, url, 'calendar server');
}

function davAnswer(answer: CalendarResponse, url: string, what: string): DavResponse[] {
  if (answer.status === 207) {
    const parsed = multistatus(answer.body.toString('utf8'));
    if (parsed.responses.length > 0) return parsed.responses;
  }
  const failure = statusFailure(answer.status, hostOf(url), what);
  if (failure !== null && failure.problem !== 'server') throw failure;
  throw notCalDav(url);
}

const notCalDav = (url: string) =>
  new CalendarFailure(
    'server',
    `${hostOf(url)} does not answer as a CalDAV server at this address.`,
    'Check the address: it is the server’s CalDAV address (for example https://caldav.fastmail.com, https://caldav.icloud.com or https://cloud.example.com/remote.php/dav). For an https://….ics address, choose "Calendar address" instead.',
  );

const isCalendar = (response: DavResponse) =>
  response.props.get('resourcetype')?.children.some((type) => type.name === 'calendar') === true;

/** Holds events: a calendar that says which components it supports must name VEVENT (not a task list). */
function holdsEvents(response: DavResponse): boolean {
  const supported = response.props.get('supported-calendar-component-set');
  if (supported === undefined || supported.children.length === 0) return true;
  return supported.children.some((comp) => comp.attributes.name?.toUpperCase() === 'VEVENT');
}

function calendarOf(response: DavResponse, base: string): DavCalendar {
  const href = new URL(response.href, base).href;
  const name = response.props.get('displayname')?.text.trim();
  const token = response.props.get('sync-token')?.text.trim();
  const version = response.props.get('getctag')?.text.trim() || token;
  return {
    syncToken: token === undefined || token === '' ? null : token,
    href,
    name:
      name === undefined || name === ''
        ? decodeURIComponent(href.replace(/\/$/, '').split('/').at(-1) ?? href)
        : name,
    version: version === undefined || version === '' ? null : version,
  };
}

/** The user's calendars holding events: the address itself when it is one, else its principal's home's. */
export async function discoverCalendars(access: DavAccess): Promise<DavCalendar[]> {
  let start = access.url;
  let here = await propfind(access, start, '0').catch(async (error: unknown) => {
    // Servers that answer only at their well-known address (RFC 6764) redirect from there.
    if (!(error instanceof CalendarFailure) || error.problem !== 'server') throw error;
    start = new URL('/.well-known/caldav', access.url).href;
    return propfind(access, start, '0').catch(() => {
      throw notCalDav(access.url);
    });
  });
  const self = here[0];
  if (self !== undefined && isCalendar(self)) return [calendarOf(self, start)];
  let home = hrefIn(self?.props.get('calendar-home-set'));
  if (home === null) {
    const principal = hrefIn(self?.props.get('current-user-principal'));
    if (principal === null) throw notCalDav(access.url);
    const principalUrl = new URL(principal, start).href;
    here = await propfind(access, principalUrl, '0');
    home = hrefIn(here[0]?.props.get('calendar-home-set'));
    if (home === null) throw notCalDav(access.url);
    start = principalUrl;
  }
  const homeUrl = new URL(home, start).href;
  const members = await propfind(access, homeUrl, '1');
  return members
    .filter((member) => isCalendar(member) && holdsEvents(member))
    .slice(0, CALENDARS_LISTED_MAX)
    .map((member) => calendarOf(member, homeUrl));
}

const resourcesOf = (responses: DavResponse[], base: string): DavResource[] =>
  responses
    .map((response) => ({
      href: new URL(response.href, base).href,
      text: response.props.get('calendar-data')?.text ?? '',
    }))
    .filter((resource) => resource.text.trim() !== '');

/** Every event resource of a calendar (one calendar-query REPORT). */
export async function calendarTexts(access: DavAccess, calendar: DavCalendar): Promise<DavResource[]> {
  const answer = await calendarFetch(
    {
      method: 'REPORT',
      url: calendar.href,
      headers: { depth: '1', 'content-type': 'application/xml; charset=utf-8' },
      body: EVENTS_QUERY,
      maxBytes: CALENDAR_MAX_BYTES,
      auth: { username: access.username, password: access.password },
    },
    access.reach,
  );
  if (answer.status === 207)
    return resourcesOf(multistatus(answer.body.toString('utf8')).responses, calendar.href);
  throw (
    statusFailure(answer.status, hostOf(calendar.href), `calendar "${calendar.name}"`) ??
    notCalDav(calendar.href)
  );
}

const SYNC_QUERY = (token: string) => `<?xml version="1.0" encoding="utf-8"?>
<d:sync-collection xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
  <d:sync-token>${token.replace(/[<&>]/g, (c) => `&#${c.charCodeAt(0)};`)}</d:sync-token>
  <d:sync-level>1</d:sync-level>
  <d:prop><d:getetag/><c:calendar-data/></d:prop>
</d:sync-collection>`;

/**
 * What changed in a calendar since `token` (RFC 6578 sync-collection): the resources added or changed with their
 * text, the addresses removed, and the new token. null when the server refuses the token (expired, or it keeps
 * none): the calendar is then read whole.
 */
export async function calendarChanges(
  access: DavAccess,
  calendar: DavCalendar,
  token: string,
): Promise<{ changed: DavResource[]; removed: string[]; token: string | null } | null> {
  const answer = await calendarFetch(
    {
      method: 'REPORT',
      url: calendar.href,
      headers: { depth: '1', 'content-type': 'application/xml; charset=utf-8' },
      body: SYNC_QUERY(token),
      maxBytes: CALENDAR_MAX_BYTES,
      auth: { username: access.username, password: access.password },
    },
    access.reach,
  );
  if (answer.status !== 207) {
    const failure = statusFailure(answer.status, hostOf(calendar.href), `calendar "${calendar.name}"`);
    if (failure?.problem === 'auth') throw failure;
    return null;
  }
  const { responses, syncToken } = multistatus(answer.body.toString('utf8'));
  const self = new URL(calendar.href).pathname;
  const members = responses.filter((response) => new URL(response.href, calendar.href).pathname !== self);
  return {
    changed: resourcesOf(
      members.filter((response) => response.status === null || response.status < 300),
      calendar.href,
    ),
    removed: members
      .filter((response) => response.status === 404 || response.status === 410)
      .map((response) => new URL(response.href, calendar.href).href),
    token: syncToken,
  };
}
