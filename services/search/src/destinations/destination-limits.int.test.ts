import { testTime } from '@trove/service-core/testing/time';
import {
  AskResponseSchema,
  ChatSchema,
  ChatThreadResponseSchema,
  DestinationResponseSchema,
} from '@trove/contracts';
import { waitUntil } from '@trove/service-core/testing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractDocument } from '../extraction';
import {
  indexFiles,
  type SearchTestService,
  type SignedInUser,
  startSearchTestService,
} from '../testing/search-service';
import { startWebhookReceiver, type WebhookReceiver } from './testing/webhook-receiver';

// Issue 35 item 2 (docs/decisions/094): webhook sends are bounded — a per-user limit a minute and a day (429 with
// retry_after), one post at a time to a destination, several workers so one slow endpoint holds only its own
// posts, and a hard deadline on each try that an endpoint answering a byte at a time cannot outlast.

const PER_MINUTE = 5;
const DEADLINE_MS = 1_500;

let receiver: WebhookReceiver;
let service: SearchTestService;
let ada: SignedInUser;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  service = await startSearchTestService({
    destinations: {
      allowedHosts: '127.0.0.1',
      post: { ca: receiver.ca },
      postsPerMinute: PER_MINUTE,
      postsPerDay: 1_000,
      workers: 2,
      deadlineMs: DEADLINE_MS,
      attempts: 1,
    },
  });
  ada = await service.signUp();
  await indexFiles(
    service,
    ada,
    [
      {
        name: 'invoice.txt',
        text: 'Invoice INV-7 from Globex for consulting. Total ₹7,000 due 3 March 2026.',
      },
    ],
    extractDocument,
  );
}, testTime(60_000));
afterAll(async () => {
  await service?.close();
  await receiver?.close();
});

async function json(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const res = await service.request(ada, path, {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
  });
  const text = await res.text();
  return { status: res.status, json: text === '' ? null : JSON.parse(text) };
}

async function destination(name: string, path: string): Promise<string> {
  const created = await json('POST', '/api/v1/destinations', {
    kind: 'slack',
    name,
    url: `${receiver.origin}${path}`,
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return DestinationResponseSchema.parse(created.json).destination.id;
}

async function answer(): Promise<{ chatId: string; messageId: string }> {
  const chat = await json('POST', '/api/v1/chats', {});
  const chatId = ChatSchema.parse((chat.json as { chat: unknown }).chat).id;
  const asked = await json('POST', `/api/v1/chats/${chatId}/messages`, {
    text: 'total of the Globex invoice',
  });
  expect(asked.status).toBe(201);
  return { chatId, messageId: AskResponseSchema.parse(asked.json).answer.id };
}

const send = (at: { chatId: string; messageId: string }, destinationId: string) =>
  json('POST', `/api/v1/chats/${at.chatId}/messages/${at.messageId}/send`, { destination_id: destinationId });

async function statusOf(chatId: string, deliveryId: string): Promise<string | undefined> {
  const thread = ChatThreadResponseSchema.parse((await json('GET', `/api/v1/chats/${chatId}`)).json);
  return thread.messages
    .flatMap((message) => (message.role === 'assistant' ? message.deliveries : []))
    .find((delivery) => delivery.id === deliveryId)?.status;
}

describe('webhook sends (issue 35 item 2)', () => {
  it('one slow endpoint: one post at a time, cut at the deadline, and another destination is posted meanwhile', async () => {
    receiver.script('/slow', [{ status: 200, trickleMs: 60_000 }]);
    receiver.script('/fast', [{ status: 200 }]);
    const slow = await destination('#slow', '/slow');
    const fast = await destination('#fast', '/fast');
    const at = await answer();
    const slowOnes = [await send(at, slow), await send(at, slow)];
    expect(slowOnes.map((res) => res.status)).toEqual([202, 202]);
    const quick = await send(at, fast);
    expect(quick.status).toBe(202);
    const quickId = (quick.json as { delivery: { id: string } }).delivery.id;
    // The fast one is posted while a slow one holds a worker, well before the slow ones could finish.
    await waitUntil(async () => (await statusOf(at.chatId, quickId)) === 'sent', {
      timeoutMs: 20_000,
      what: 'the post to the fast destination',
    });
    // Each slow try ends at the deadline (one try allowed: failed), one after the other, never two at once.
    for (const res of slowOnes) {
      const id = (res.json as { delivery: { id: string } }).delivery.id;
      await waitUntil(async () => (await statusOf(at.chatId, id)) === 'failed', {
        timeoutMs: 30_000,
        what: 'a slow post cut at its deadline',
      });
    }
    expect(receiver.mostAtOnce('/slow')).toBe(1);
    const errors = await sql<{ post_error: string | null }>`
      select post_error from chat_deliveries where destination_id = ${slow}`.execute(service.db);
    expect(errors.rows.map((row) => row.post_error)).toEqual([
      expect.stringMatching(/did not finish answering in time/),
      expect.stringMatching(/did not finish answering in time/),
    ]);
  });

  it('past DESTINATION_POSTS_PER_MINUTE sends, each is a 429 with retry_after and nothing is queued', async () => {
    receiver.script('/many', [{ status: 200 }]);
    const many = await destination('#many', '/many');
    const at = await answer();
    const statuses: number[] = [];
    let refusal: { error: string; retry_after: number } | undefined;
    for (let index = 0; index < 12; index += 1) {
      const res = await send(at, many);
      statuses.push(res.status);
      if (res.status === 429) refusal = res.json as { error: string; retry_after: number };
    }
    // The first test's three sends were this minute's too.
    expect(statuses.filter((status) => status === 202).length).toBeLessThanOrEqual(PER_MINUTE);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(12 - PER_MINUTE);
    expect(refusal?.error).toMatch(/at most 5 answers a minute/);
    expect(refusal?.retry_after).toBeGreaterThan(0);
    expect(refusal?.retry_after).toBeLessThanOrEqual(60);
    const queued = await sql<{ n: string }>`
      select count(*) as n from chat_deliveries where destination_id = ${many}`.execute(service.db);
    expect(Number(queued.rows[0]?.n)).toBe(statuses.filter((status) => status === 202).length);
  });

  it('a Teams destination on a Logic Apps host but not a Teams Workflow URL is refused, naming what to use', async () => {
    const refused = await json('POST', '/api/v1/destinations', {
      kind: 'teams',
      name: 'Ops',
      url: 'https://prod-27.westeurope.logic.azure.com/workflows/slow/endpoint',
    });
    expect(refused.status).toBe(400);
    expect((refused.json as { error: string }).error).toMatch(/not a Teams webhook address.*Teams Workflow/);
  });
});
