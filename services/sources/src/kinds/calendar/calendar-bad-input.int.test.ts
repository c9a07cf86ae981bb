import { testTime } from '@trove/service-core/testing/time';
import {
  type Source,
  SourceResponseSchema,
  type SourceTestResult,
  SourceTestResultSchema,
} from '@trove/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  extractDocument,
  type SignedInUser,
  type SourcesTestService,
  startSourcesTestService,
  testDb,
} from '../../../../../infra/src/testing/sources-and-search';
import { eventIcs, type Radicale, startRadicale } from './testing/radicale';
import { type IcsServer, startIcsServer } from './testing/ics-server';

// Issue 43's bad input for calendars, on the card, against real servers (Radicale, an .ics server), beside those
// calendar-sync.int.test.ts covers at the test step (a 404, a page that is no calendar, a redirect from an iCal
// address, an endless body, a wrong CalDAV password, a CalDAV calendar gone): a wrong address (nothing
// listening), a 401 on an iCal address, a CalDAV address that redirects to a private one, a feed past 50 MB
// synced (not only tested), and an event with 10,000 attendees beside rules that never end — which are not
// failures: the source is up to date, the event is found and says how many attendees it leaves out, and a rule
// is expanded over the window only (docs/decisions/180, 219).

let radicale: Radicale;
let feed: IcsServer;
let service: SourcesTestService;
let user: SignedInUser;

const at = (days: number, hour = 9) => {
  const day = new Date(Date.now() + days * 86_400_000);
  day.setUTCHours(hour, 0, 0, 0);
  return day.toISOString();
};
const plusHour = (iso: string) => new Date(Date.parse(iso) + 3_600_000).toISOString();
const body = (ics: string) => `BEGIN:VEVENT${ics.split('BEGIN:VEVENT')[1]?.split('END:VCALENDAR')[0] ?? ''}`;

/** A town hall of 10,000 attendees, a daily standup since three years ago with no end, a rule every second since 1970. */
function hostileFeed(): string {
  const townHall = eventIcs({
    uid: 'town-hall',
    title: 'Numbat town hall',
    start: at(6),
    end: plusHour(at(6)),
    organiser: 'ceo@example.com',
    attendees: Array.from({ length: 10_000 }, (_, i) => `person${i}@example.com`),
  });
  const forever = eventIcs({
    uid: 'forever',
    title: 'Quoll standup',
    start: at(-3 * 365, 8),
    end: plusHour(at(-3 * 365, 8)),
    rule: 'FREQ=DAILY',
  });
  const seconds = eventIcs({
    uid: 'ticks',
    title: 'Bilby tick',
    start: '1970-01-01T00:00:00.000Z',
    end: '1970-01-01T00:00:01.000Z',
    rule: 'FREQ=SECONDLY',
  });
  return `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nX-WR-CALNAME:Hostile\r\n${[townHall, forever, seconds].map(body).join('')}END:VCALENDAR\r\n`;
}

beforeAll(async () => {
  [radicale, feed, service] = await Promise.all([
    startRadicale(),
    startIcsServer(hostileFeed()),
    startSourcesTestService({ sources: { allowedHosts: '127.0.0.1', concurrency: 0 } }),
  ]);
  user = await service.signUp();
}, testTime(120_000));
afterAll(async () => {
  await Promise.all([service?.close(), radicale?.stop(), feed?.stop()]);
});

const post = (path: string, payload: unknown) =>
  service.request(user, path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(payload),
  });

async function tested(settings: Record<string, unknown>, password = ''): Promise<SourceTestResult> {
  const res = await post('/api/v1/sources/test', { kind: 'calendar', settings, password });
  expect(res.status).toBe(200);
  return SourceTestResultSchema.parse(await res.json());
}

/** Creates the source, syncs it once and indexes what it handed over; answers the source as the card reads it. */
async function synced(settings: Record<string, unknown>, password = ''): Promise<Source> {
  const res = await post('/api/v1/sources', { kind: 'calendar', settings, password });
  expect(res.status).toBe(201);
  const { id } = SourceResponseSchema.parse(await res.json()).source;
  await service.sources.syncNow(id);
  const worker = service.worker(extractDocument);
  while (await worker.runOnce()) {
    // Every occurrence's job.
  }
  return SourceResponseSchema.parse(await (await service.request(user, `/api/v1/sources/${id}`)).json())
    .source;
}

describe('a calendar’s bad input, each in one message on the card', () => {
  it('a wrong address: nothing listens there, for an iCal address and a CalDAV server', async () => {
    for (const protocol of ['ical', 'caldav'] as const) {
      const answer = await tested({ protocol, url: 'http://127.0.0.1:1/calendar.ics', username: 'ann' }, 'x');
      expect(answer, protocol).toMatchObject({ ok: false, step: 'tcp', reason: expect.stringMatching(/\S/) });
    }
  });

  it('a 401 on an iCal address says the user name and password were refused, and is not retried', async () => {
    const work = await radicale.makeCalendar('private', 'Private');
    const settings = { protocol: 'ical', url: work, username: radicale.user };
    expect(await tested(settings, 'wrong')).toMatchObject({
      ok: false,
      step: 'auth',
      reason: expect.stringContaining('refused the user name and password (401)'),
    });
    const source = await synced(settings, 'wrong');
    expect(source.status).toMatchObject({ state: 'needs_attention', problem: 'auth', retry_at: null });
  });

  it('a CalDAV address that redirects to a private address is refused, naming it', async () => {
    const answer = await tested(
      { protocol: 'caldav', url: `${feed.origin}/redirect-private`, username: 'ann' },
      'x',
    );
    expect(answer).toMatchObject({
      ok: false,
      step: 'refused',
      reason: expect.stringContaining('169.254.169.254'),
    });
  });

  it(
    'a feed past 50 MB stops the sync with one message on the card, not a hang',
    async () => {
      const source = await synced({ protocol: 'ical', url: `${feed.origin}/huge` });
      expect(source.status).toMatchObject({
        state: 'needs_attention',
        problem: 'limit',
        reason: expect.stringContaining('larger than 50 MB'),
      });
    },
    testTime(90_000),
  );

  it(
    '10,000 attendees and rules that never end: up to date, the event found with its count, repeats within the window',
    async () => {
      const source = await synced({ protocol: 'ical', url: feed.url });
      expect(source.status.state, JSON.stringify(source.status)).toBe('up_to_date');
      const documents = await testDb(service.db)
        .selectFrom('documents')
        .select(['title', 'status'])
        .where('source_id', '=', source.id)
        .execute();
      expect(documents.every((document) => document.status === 'indexed')).toBe(true);
      // The daily rule: each day of the window (a year back, a year ahead) once, nothing before it.
      const standups = documents.filter((document) => document.title === 'Quoll standup');
      expect(standups.length).toBeGreaterThanOrEqual(730);
      expect(standups.length).toBeLessThanOrEqual(733);
      // Every second since 1970: its rule's steps end long before the window; nothing of it is kept.
      expect(documents.filter((document) => document.title === 'Bilby tick')).toEqual([]);
      const res = await service.request(user, '/api/v1/search?q=numbat');
      const found = (await res.json()) as { results: { document: { title: string } }[] };
      expect([...new Set(found.results.map((result) => result.document.title))]).toEqual([
        'Numbat town hall',
      ]);
      // Its text names the first hundred attendees and counts the others.
      const bodies = await testDb(service.db)
        .selectFrom('passages')
        .innerJoin('documents', 'documents.id', 'passages.document_id')
        .select('passages.body')
        .where('documents.source_id', '=', source.id)
        .where('documents.title', '=', 'Numbat town hall')
        .execute();
      expect(bodies.map((row) => row.body).join('\n')).toContain('and 9,900 more');
    },
    testTime(180_000),
  );
});
