import { testTime } from '@trove/service-core/testing/time';
import { SourceResponseSchema, SourceTestResultSchema } from '@trove/contracts';
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

// Calendars against real servers (issue 43 items 1 and 5): Radicale for CalDAV, a static .ics with an ETag for
// an iCal address. Connect (test lists the calendars), first sync, find an event by a word, a change and a
// deletion after the next sync, a repeat expanded without duplicates, and each bad input in one clear message.

let radicale: Radicale;
let feed: IcsServer;
let service: SourcesTestService;
let user: SignedInUser;

const soon = (days: number, hour = 9) => {
  const day = new Date(Date.now() + days * 86_400_000);
  day.setUTCHours(hour, 0, 0, 0);
  return day.toISOString();
};
const plusHour = (iso: string) => new Date(Date.parse(iso) + 3_600_000).toISOString();

const feedText = (events: Parameters<typeof eventIcs>[0][]) => {
  const bodies = events.map(
    (event) => eventIcs(event).split('BEGIN:VEVENT')[1]?.split('END:VCALENDAR')[0] ?? '',
  );
  return `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nX-WR-CALNAME:Board\r\n${bodies.map((b) => `BEGIN:VEVENT${b}`).join('')}END:VCALENDAR\r\n`;
};

beforeAll(async () => {
  [radicale, feed, service] = await Promise.all([
    startRadicale(),
    startIcsServer(
      feedText([
        {
          uid: 'board-1',
          title: 'Quarterly board meeting',
          start: soon(10),
          end: plusHour(soon(10)),
          place: 'Room Zanzibar',
        },
      ]),
    ),
    startSourcesTestService({ sources: { allowedHosts: '127.0.0.1', concurrency: 0 } }),
  ]);
  user = await service.signUp();
}, testTime(120_000));
afterAll(async () => {
  await Promise.all([service?.close(), radicale?.stop(), feed?.stop()]);
});

const post = (path: string, body: unknown) =>
  service.request(user, path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

async function createSource(settings: Record<string, unknown>, password = ''): Promise<string> {
  const res = await post('/api/v1/sources', { kind: 'calendar', settings, password });
  expect(res.status).toBe(201);
  return SourceResponseSchema.parse(await res.json()).source.id;
}

/** One sync through the life cycle, its hand-over applied, then every queued event extracted and indexed. */
async function syncAndIndex(sourceId: string) {
  const result = await service.sources.syncNow(sourceId);
  const worker = service.worker(extractDocument);
  while (await worker.runOnce()) {
    // Every queued event.
  }
  return result;
}

async function search(query: string) {
  const res = await service.request(user, `/api/v1/search?q=${encodeURIComponent(query)}`);
  expect(res.status).toBe(200);
  return (
    (await res.json()) as { results: { document: { name: string; title: string | null } }[] }
  ).results.map((result) => result.document.title);
}

async function sourceRow(sourceId: string) {
  return testDb(service.db)
    .selectFrom('sources')
    .select(['state', 'detail', 'next_sync_at', 'last_sync_at', 'checkpoint'])
    .where('id', '=', sourceId)
    .executeTakeFirstOrThrow();
}

const eventsOf = async (sourceId: string) =>
  (
    await testDb(service.db)
      .selectFrom('documents')
      .select(['title', 'status'])
      .where('source_id', '=', sourceId)
      .execute()
  ).map((row) => row.title ?? '');

describe('CalDAV (Radicale)', () => {
  it(
    'lists the calendars, syncs, finds an event by a word, sees a change and a deletion, expands a repeat once',
    async () => {
      const work = await radicale.makeCalendar('work', 'Work');
      await radicale.makeCalendar('home', 'Home');
      await radicale.putEvent(
        work,
        'kickoff',
        eventIcs({
          uid: 'kickoff-1',
          title: 'Aardvark project kickoff',
          start: soon(3),
          end: plusHour(soon(3)),
          organiser: 'ann@example.com',
          attendees: ['bob@example.com'],
          place: 'Room 4',
        }),
      );
      await radicale.putEvent(
        work,
        'standup',
        eventIcs({
          uid: 'standup-1',
          title: 'Daily standup',
          start: soon(-3, 8),
          end: plusHour(soon(-3, 8)),
          rule: 'FREQ=DAILY;COUNT=10',
        }),
      );
      const settings = { protocol: 'caldav', url: radicale.url, username: radicale.user };

      const tested = SourceTestResultSchema.parse(
        await (
          await post('/api/v1/sources/test', { kind: 'calendar', settings, password: radicale.password })
        ).json(),
      );
      expect(tested.ok && tested.folders.map((folder) => folder.name).sort()).toEqual(['Home', 'Work']);

      const sourceId = await createSource({ ...settings, calendars: [work] }, radicale.password);
      expect(await syncAndIndex(sourceId)).toBe('done');
      const row = await sourceRow(sourceId);
      // The card's words when it is not (ci10 at load 50 met "needs_attention" without them).
      expect(row.state, JSON.stringify(row.detail)).toBe('up_to_date');
      expect(await search('aardvark')).toEqual(['Aardvark project kickoff']);
      // Ten occurrences of the repeat, each once.
      const titles = await eventsOf(sourceId);
      expect(titles.filter((title) => title === 'Daily standup')).toHaveLength(10);
      // Each occurrence is dated by its start: after: takes the day itself, so days 3 to 6 from now of the ten.
      expect(await search(`standup after:${soon(3).slice(0, 10)}`)).toEqual(Array(4).fill('Daily standup'));
      expect(await search('from:ann aardvark')).toEqual(['Aardvark project kickoff']);

      // Radicale keeps a sync-token: the next change is asked for by sync-collection, from this one.
      expect(Object.keys((await sourceRow(sourceId)).checkpoint as { tokens: object })).toContain('tokens');
      expect(
        Object.values(((await sourceRow(sourceId)).checkpoint as { tokens: object }).tokens),
      ).toHaveLength(1);
      // Nothing changed: the ctag says so, and nothing is stored again.
      await syncAndIndex(sourceId);
      expect(await eventsOf(sourceId)).toHaveLength(11);

      await radicale.putEvent(
        work,
        'kickoff',
        eventIcs({
          uid: 'kickoff-1',
          title: 'Aardvark kickoff moved to Pangolin room',
          start: soon(4),
          end: plusHour(soon(4)),
        }),
      );
      await radicale.deleteEvent(work, 'standup');
      await syncAndIndex(sourceId);
      expect(await search('pangolin')).toEqual(['Aardvark kickoff moved to Pangolin room']);
      expect(await eventsOf(sourceId)).toEqual(['Aardvark kickoff moved to Pangolin room']);
    },
    testTime(120_000),
  );

  it(
    'a calendar of 300 events is stored in batches, each event once',
    async () => {
      const big = await radicale.makeCalendar('big', 'Big');
      await radicale.writeEvents(
        'big',
        Array.from({ length: 300 }, (_, i) => ({
          name: `e${i}`,
          ics: eventIcs({
            uid: `big-${i}`,
            title: `Event ${i} numbat${i}`,
            start: soon(i % 30),
            end: plusHour(soon(i % 30)),
          }),
        })),
      );
      const sourceId = await createSource(
        { protocol: 'caldav', url: radicale.url, username: radicale.user, calendars: [big] },
        radicale.password,
      );
      await syncAndIndex(sourceId);
      expect(await eventsOf(sourceId)).toHaveLength(300);
      expect(await search('numbat299')).toEqual(['Event 299 numbat299']);
    },
    testTime(90_000),
  );

  it(
    'a wrong password, an address that is not CalDAV and a missing calendar each say so',
    async () => {
      const settings = { protocol: 'caldav', url: radicale.url, username: radicale.user };
      const wrong = SourceTestResultSchema.parse(
        await (await post('/api/v1/sources/test', { kind: 'calendar', settings, password: 'nope' })).json(),
      );
      expect(wrong).toMatchObject({ ok: false, step: 'auth' });
      expect(!wrong.ok && wrong.reason).toMatch(/refused the user name and password/);

      const notDav = SourceTestResultSchema.parse(
        await (
          await post('/api/v1/sources/test', {
            kind: 'calendar',
            settings: { ...settings, url: `${feed.origin}/page` },
            password: 'x',
          })
        ).json(),
      );
      expect(notDav).toMatchObject({ ok: false, step: 'server' });
      expect(!notDav.ok && notDav.reason).toMatch(/does not answer as a CalDAV server/);

      const sourceId = await createSource(
        { ...settings, calendars: [`${radicale.url}gone/`] },
        radicale.password,
      );
      await syncAndIndex(sourceId);
      const row = await sourceRow(sourceId);
      expect(row.state).toBe('needs_attention');
      expect(row.detail).toMatchObject({ problem: 'folders' });
    },
    testTime(60_000),
  );
});

describe('an iCal address', () => {
  it(
    'syncs, answers by the date, reads nothing on a 304, and sees a new and a cancelled event',
    async () => {
      const sourceId = await createSource({ protocol: 'ical', url: feed.url, poll_minutes: 60 });
      await syncAndIndex(sourceId);
      expect(await search('zanzibar')).toEqual(['Quarterly board meeting']);
      const row = await sourceRow(sourceId);
      // The polling interval is the source's own.
      expect(Date.parse(String(row.next_sync_at)) - Date.parse(String(row.last_sync_at))).toBe(60 * 60_000);

      const before = feed.counts.notModified;
      await syncAndIndex(sourceId);
      expect(feed.counts.notModified).toBe(before + 1);

      feed.set(
        feedText([
          {
            uid: 'board-1',
            title: 'Quarterly board meeting',
            start: soon(10),
            end: plusHour(soon(10)),
            place: 'Room Zanzibar',
          },
          { uid: 'offsite-1', title: 'Wombat offsite', start: soon(20), end: plusHour(soon(20)) },
        ]).replace('SUMMARY:Quarterly board meeting', 'STATUS:CANCELLED\r\nSUMMARY:Quarterly board meeting'),
      );
      await syncAndIndex(sourceId);
      expect(await search('wombat')).toEqual(['Wombat offsite']);
      expect(await eventsOf(sourceId)).toEqual(['Wombat offsite']);
    },
    testTime(90_000),
  );

  it(
    'a 404, a page that is no calendar, a redirect to a private address and an endless body each say so',
    async () => {
      const check = async (url: string) =>
        SourceTestResultSchema.parse(
          await (
            await post('/api/v1/sources/test', { kind: 'calendar', settings: { protocol: 'ical', url } })
          ).json(),
        );
      expect(await check(`${feed.origin}/missing.ics`)).toMatchObject({ ok: false, step: 'folders' });
      expect(await check(`${feed.origin}/page`)).toMatchObject({ ok: false, step: 'server' });
      const redirected = await check(`${feed.origin}/redirect-private`);
      expect(redirected).toMatchObject({ ok: false, step: 'refused' });
      const huge = await check(`${feed.origin}/huge`);
      expect(huge.ok).toBe(false);
      expect(!huge.ok && huge.reason).toMatch(/larger than 50 MB/);
    },
    testTime(60_000),
  );

  it('a public https address is required: http to a host not allowed is refused with words', async () => {
    const res = await post('/api/v1/sources/test', {
      kind: 'calendar',
      settings: { protocol: 'ical', url: 'ftp://example.com/a.ics' },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toMatch(/starts with https:\/\//);
  });
});
