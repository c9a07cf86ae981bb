import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractDocument } from '../extraction';
import { type SearchTestService, type SignedInUser, startSearchTestService } from '../testing/search-service';
import { answerQuestion } from './answer.service';

// Questions about mail that count or list (docs/decisions/216) over real .eml uploads: the count leads and is the
// size of the whole set the filters pass, the rows are those messages, and the truth is computed here from each
// message's From and Date header fields.

let service: SearchTestService;
let user: SignedInUser;

const NOW = new Date('2002-12-15T12:00:00Z');
const SENDERS = [
  { name: 'Gary Lawrence Murphy', address: 'garym@canada.com' },
  { name: 'Matthias Saou', address: 'matthias@egwn.net' },
  { name: 'Matthias Saou', address: 'matthias@rpmforge.net' },
  { name: 'Tom', address: 'tomwhore@slack.net' },
];
// 14 messages: sender i % 4, sent on day (3 + 2i) of August, September or November 2002 by turns.
const MESSAGES = Array.from({ length: 14 }, (_, i) => {
  const sender = SENDERS[i % SENDERS.length] as (typeof SENDERS)[number];
  const month = ['Aug', 'Sep', 'Nov'][i % 3] as string;
  return {
    name: `message-${i}.eml`,
    type: 'message/rfc822',
    text: `From: ${sender.name} <${sender.address}>\nTo: list@example.org\nSubject: Note ${i} about rpm builds\nDate: Mon, ${3 + 2 * (i % 10)} ${month} 2002 10:00:00 +0000\nContent-Type: text/plain; charset=utf-8\n\nA few words about rpm builds, message ${i}.\n`,
  };
});

/** The truth, from the header fields as written. */
function truth(keep: (from: string, date: Date) => boolean): string[] {
  return MESSAGES.filter((message) => {
    const from = /^From: (.*)$/m.exec(message.text)?.[1] ?? '';
    const date = new Date(/^Date: (.*)$/m.exec(message.text)?.[1] ?? '');
    return keep(from, date);
  }).map((message) => message.name);
}

const settings = { search: { minAllWordResults: 1 }, passages: 5, product: 'Trove' };
const ask = (text: string) => answerQuestion(service.db, user.userId, text, NOW, settings);
const listed = (answer: Awaited<ReturnType<typeof ask>>) =>
  (answer.computed?.rows ?? []).map((row) => row.document_name).sort();

beforeAll(async () => {
  service = await startSearchTestService({ maxFiles: 20 });
  user = await service.signUp();
  expect((await service.upload(user, MESSAGES)).status).toBe(202);
  const worker = service.worker(extractDocument);
  while (await worker.runOnce()) {
    // Index every message before the questions.
  }
});

afterAll(async () => {
  await service?.close();
});

describe('mail questions that count or list', () => {
  it('counts by a whole address, not its local part', async () => {
    const answer = await ask('how many emails from garym@canada.com?');
    const expected = truth((from) => from.includes('<garym@canada.com>'));
    expect(answer.computed?.row_count).toBe(expected.length);
    expect(answer.summary[0]?.text).toBe(`${expected.length} emails from garym@canada.com.`);
    expect(listed(answer)).toEqual(expected.sort());
  });

  it('counts by a name over every address it sent from, and says which', async () => {
    const answer = await ask('number of messages sent by Matthias Saou');
    const expected = truth((from) => from.startsWith('Matthias Saou '));
    expect(answer.computed?.row_count).toBe(expected.length);
    expect(listed(answer)).toEqual(expected.sort());
    expect(answer.computed?.notes.join(' ')).toMatch(
      /matthias@egwn\.net.*matthias@rpmforge\.net|matthias@rpmforge\.net.*matthias@egwn\.net/,
    );
  });

  it('lists the messages of a sender in a month with the count first', async () => {
    const answer = await ask('emails from Gary Lawrence Murphy in August 2002');
    const expected = truth(
      (from, date) => from.startsWith('Gary Lawrence Murphy') && date.toISOString().startsWith('2002-08'),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(answer.summary[0]?.text).toBe(
      `${expected.length} email${expected.length === 1 ? '' : 's'} from Gary Lawrence Murphy in August 2002.`,
    );
    expect(listed(answer)).toEqual(expected.sort());
    expect(answer.filters).toMatchObject({ type: 'eml', date_from: '2002-08-01', date_to: '2002-08-31' });
  });

  it('reads "did … send" and "last month" relative to now', async () => {
    const answer = await ask('How many messages did Tom send last month?');
    const expected = truth(
      (from, date) => from.startsWith('Tom <') && date.toISOString().startsWith('2002-11'),
    );
    expect(answer.computed?.row_count).toBe(expected.length);
    expect(listed(answer)).toEqual(expected.sort());
  });

  it('lists everything from an address with no kind word', async () => {
    const answer = await ask('everything from tomwhore@slack.net');
    const expected = truth((from) => from.includes('<tomwhore@slack.net>'));
    expect(answer.computed?.row_count).toBe(expected.length);
    expect(listed(answer)).toEqual(expected.sort());
  });

  it('says no number when words are left to rank by', async () => {
    const answer = await ask('how many emails from Tom mention rpm builds?');
    expect(answer.computed?.figures).toEqual([]);
    expect(answer.computed?.cannot).toMatch(/can’t be counted exactly/);
    expect(answer.summary.some((line) => /^\d/.test(line.text))).toBe(false);
  });

  it('answers a sender with no mail with zero', async () => {
    const answer = await ask('how many emails from nobody@example.net?');
    expect(answer.computed?.row_count).toBe(0);
    expect(answer.empty_hint).toBe('No emails from nobody@example.net.');
  });
});
