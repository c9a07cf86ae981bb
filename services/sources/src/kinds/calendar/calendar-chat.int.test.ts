import { testTime } from '@trove/service-core/testing/time';
import { AskResponseSchema, ChatResponseSchema, SourceResponseSchema } from '@trove/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  extractDocument,
  type SignedInUser,
  type SourcesTestService,
  startSourcesTestService,
} from '../../../../../infra/src/testing/sources-and-search';
import { eventIcs } from './testing/radicale';
import { type IcsServer, startIcsServer } from './testing/ics-server';

// "When is the next board meeting?" answered from a calendar (issue 43 item 1; docs/decisions/180, 204): an iCal
// address holding a board meeting behind us, the next one and one after it, synced through both services; the
// chat's answer cites the meetings with each one's date as a fact, the next one's day and room among them. The
// chat reads "next" as no date filter (questions look back, docs/product/chats.md#questions): the meeting behind
// us is cited too, oldest first — a reader picks the next one by its date (docs/decisions/204).

let feed: IcsServer;
let service: SourcesTestService;
let user: SignedInUser;

const day = (offset: number, hour = 9) => {
  const date = new Date(Date.now() + offset * 86_400_000);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString();
};
const hourAfter = (iso: string) => new Date(Date.parse(iso) + 3_600_000).toISOString();
const meeting = (uid: string, title: string, start: string, place: string) =>
  eventIcs({ uid, title, start, end: hourAfter(start), place })
    .split('BEGIN:VEVENT')[1]
    ?.split('END:VCALENDAR')[0];

const PAST = day(-20);
const NEXT = day(9);
const LATER = day(40);

beforeAll(async () => {
  const events = [
    meeting('board-past', 'Board meeting', PAST, 'Room Aster'),
    meeting('board-next', 'Board meeting', NEXT, 'Room Birch'),
    meeting('board-later', 'Board meeting', LATER, 'Room Cedar'),
    meeting('lunch', 'Team lunch', day(3, 12), 'Canteen'),
  ];
  [feed, service] = await Promise.all([
    startIcsServer(
      `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nX-WR-CALNAME:Company\r\n${events.map((e) => `BEGIN:VEVENT${e}`).join('')}END:VCALENDAR\r\n`,
    ),
    startSourcesTestService({ sources: { allowedHosts: '127.0.0.1', concurrency: 0 } }),
  ]);
  user = await service.signUp();
}, testTime(120_000));
afterAll(async () => {
  await Promise.all([service?.close(), feed?.stop()]);
});

const post = async (path: string, body: unknown) => {
  const res = await service.request(user, path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as unknown };
};

describe('a chat question answered from calendar events', () => {
  it(
    '"when is the next board meeting?" cites the meetings, each with its day as a fact',
    async () => {
      const created = await post('/api/v1/sources', {
        kind: 'calendar',
        settings: { protocol: 'ical', url: feed.url },
        password: '',
      });
      expect(created.status).toBe(201);
      const sourceId = SourceResponseSchema.parse(created.json).source.id;
      expect(await service.sources.syncNow(sourceId)).toBe('done');
      const worker = service.worker(extractDocument);
      while (await worker.runOnce()) {
        // Nothing is queued for events (docs/decisions/204); anything else would be read here.
      }
      const chat = ChatResponseSchema.parse((await post('/api/v1/chats', {})).json).chat;
      const asked = await post(`/api/v1/chats/${chat.id}/messages`, {
        text: 'when is the next board meeting?',
      });
      expect(asked.status, JSON.stringify(asked.json)).toBe(201);
      const { answer } = AskResponseSchema.parse(asked.json);
      // The meetings, not the lunch; each field row dated by its meeting's start, cited by its passage.
      expect(answer.documents_read.map((document) => document.name).sort()).toEqual(
        [PAST, NEXT, LATER].map((start) => `Company/Board meeting ${start.slice(0, 10)}.ics`),
      );
      const byDay = new Map(answer.fields.map((row) => [row.date, row]));
      for (const [start, room] of [
        [PAST, 'Room Aster'],
        [NEXT, 'Room Birch'],
        [LATER, 'Room Cedar'],
      ] as const) {
        const row = byDay.get(start.slice(0, 10));
        expect(row?.document_title).toBe('Board meeting');
        expect(row?.fields).toContainEqual({ name: 'Date', type: 'date', value: start.slice(0, 10) });
        const passage = answer.passages.find((cited) => cited.passage_id === row?.passage_id);
        expect(passage?.snippet.map((part) => part.text).join('')).toContain(room);
      }
      // The summary says when, in the calendar's words: the next meeting's day and place among them.
      expect(answer.summary.map((sentence) => sentence.text).join(' ')).toContain(
        `(${NEXT.slice(0, 10)}), 09:00–10:00 UTC Where: Room Birch`,
      );
    },
    testTime(90_000),
  );
});
