import { testTime } from '@trove/service-core/testing/time';
import {
  type AskResponse,
  AskResponseSchema,
  ChatResponseSchema,
  SourceResponseSchema,
} from '@trove/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  extractDocument,
  type SignedInUser,
  type SourcesTestService,
  startSourcesTestService,
} from '../../../../../infra/src/testing/sources-and-search';
import { eventIcs, type Radicale, startRadicale } from './testing/radicale';

// "When is the next board meeting?" and "when was the last board meeting?" answered from a real synced calendar
// (issue 43 item 1; docs/decisions/219): Radicale holds board meetings behind us (one an hour ago), the next one,
// one after it, a "Board meeting prep" between now and the next meeting, and a lunch; a CalDAV source syncs them
// through both services. "Next" is the first board meeting from now on by its start — not the prep, not the one
// an hour ago, not a ranked list of every meeting — with its day in the profile's time zone (Asia/Kolkata, where
// its 20:00 UTC start is the next day) as a fact; "last" is the one an hour ago.

let radicale: Radicale;
let service: SourcesTestService;
let user: SignedInUser;

const day = (offset: number, hour = 9) => {
  const date = new Date(Date.now() + offset * 86_400_000);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString();
};
const hourAfter = (iso: string) => new Date(Date.parse(iso) + 3_600_000).toISOString();
const kolkataDay = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));

const minuteAgo = (minutes: number) => {
  const at = new Date(Date.now() - minutes * 60_000);
  at.setUTCSeconds(0, 0);
  return at.toISOString();
};
const OLD = day(-60);
const JUST_PAST = minuteAgo(60);
const PREP = day(5);
const NEXT = day(9, 20);
const LATER = day(40);
const nameOf = (start: string, title = 'Board meeting') => `Work/${title} ${start.slice(0, 10)}.ics`;

beforeAll(async () => {
  [radicale, service] = await Promise.all([
    startRadicale(),
    startSourcesTestService({ sources: { allowedHosts: '127.0.0.1', concurrency: 0 } }),
  ]);
  user = await service.signUp();
  await sql`insert into profiles (user_id, timezone) values (${user.userId}, 'Asia/Kolkata')
            on conflict (user_id) do update set timezone = excluded.timezone`.execute(service.db);
}, testTime(120_000));
afterAll(async () => {
  await Promise.all([service?.close(), radicale?.stop()]);
});

const post = async (path: string, body: unknown) => {
  const res = await service.request(user, path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as unknown };
};

async function ask(text: string): Promise<AskResponse['answer']> {
  const chat = ChatResponseSchema.parse((await post('/api/v1/chats', {})).json).chat;
  const asked = await post(`/api/v1/chats/${chat.id}/messages`, { text });
  expect(asked.status, JSON.stringify(asked.json)).toBe(201);
  return AskResponseSchema.parse(asked.json).answer;
}

describe('next and last events, answered from a synced CalDAV calendar', () => {
  it(
    'the next board meeting is the first from now on, its day in the profile’s zone; the last is the latest past',
    async () => {
      const work = await radicale.makeCalendar('work', 'Work');
      const events = [
        { uid: 'board-old', title: 'Board meeting', start: OLD, place: 'Room Oak' },
        { uid: 'board-just-past', title: 'Board meeting', start: JUST_PAST, place: 'Room Aster' },
        { uid: 'board-prep', title: 'Board meeting prep', start: PREP, place: 'Room Prep' },
        { uid: 'board-next', title: 'Board meeting', start: NEXT, place: 'Room Birch' },
        { uid: 'board-later', title: 'Board meeting', start: LATER, place: 'Room Cedar' },
        { uid: 'lunch', title: 'Team lunch', start: day(3, 12), place: 'Canteen' },
      ];
      for (const event of events)
        await radicale.putEvent(work, event.uid, eventIcs({ ...event, end: hourAfter(event.start) }));
      const created = await post('/api/v1/sources', {
        kind: 'calendar',
        settings: { protocol: 'caldav', url: radicale.url, username: radicale.user },
        password: radicale.password,
      });
      expect(created.status, JSON.stringify(created.json)).toBe(201);
      const sourceId = SourceResponseSchema.parse(created.json).source.id;
      expect(await service.sources.syncNow(sourceId)).toBe('done');
      const worker = service.worker(extractDocument);
      while (await worker.runOnce()) {
        // Every occurrence's extraction job.
      }

      const next = await ask('when is the next board meeting?');
      // The one meeting asked for leads, then the one after it: not the prep, the past ones or the lunch.
      expect(next.documents_read.map((document) => document.name)).toEqual([nameOf(NEXT), nameOf(LATER)]);
      const nextDay = kolkataDay(NEXT);
      // Its start is 20:00 UTC: 01:30 the next day in Kolkata, the day the answer gives.
      expect(nextDay).not.toBe(NEXT.slice(0, 10));
      const [first] = next.fields;
      expect(first?.document_name).toBe(nameOf(NEXT));
      expect(first?.date).toBe(nextDay);
      expect(first?.fields).toContainEqual({ name: 'Date', type: 'date', value: nextDay });
      expect(first?.fields).toContainEqual({ name: 'Where', type: 'text', value: 'Room Birch' });
      expect(next.computed?.figures).toEqual([expect.objectContaining({ label: 'Date', value: nextDay })]);
      const headline = next.summary[0];
      expect(headline?.text).toMatch(
        /^The next one is “Board meeting” on .*01:30 Asia\/Kolkata, Room Birch\.$/,
      );
      expect(headline?.text).toContain(`(${nextDay})`);
      expect(next.passages[0]?.passage_id).toBe(headline?.passage_id);
      expect(next.filters).toEqual({ type: 'event' });

      const last = await ask('when was the last board meeting?');
      expect(last.documents_read.map((document) => document.name)).toEqual([nameOf(JUST_PAST), nameOf(OLD)]);
      expect(last.fields[0]?.date).toBe(kolkataDay(JUST_PAST));
      expect(last.summary[0]?.text).toMatch(/^The last one was “Board meeting” on .*, Room Aster\.$/);

      // Words no event's title holds are looked for in the events' text: the prep's room.
      const prep = await ask('when is the next meeting in room prep?');
      expect(prep.documents_read.map((document) => document.name)).toEqual([
        nameOf(PREP, 'Board meeting prep'),
      ]);
      // Nothing of the kind among the events: the search answers as before.
      const none = await ask('when is the next pangolin review?');
      expect(none.computed ?? null).toBeNull();
    },
    testTime(120_000),
  );
});
