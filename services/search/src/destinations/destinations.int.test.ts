import { testTime } from '@trove/service-core/testing/time';
import {
  AskResponseSchema,
  ChatSchema,
  ChatThreadResponseSchema,
  type Delivery,
  DestinationResponseSchema,
  DestinationsListResponseSchema,
  SendAnswerResponseSchema,
} from '@trove/contracts';
import { randomBytes, randomUUID } from 'node:crypto';
import { createSecretBox, secretKey } from '@trove/service-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { extractDocument } from '../extraction';
import {
  indexFiles,
  type SearchTestService,
  type SignedInUser,
  startSearchTestService,
} from '../testing/search-service';
import { destinationWithSecret, insertDestination } from './destinations.repository';
import { openWebhookUrl, urlContext } from './destinations.service';
import { resealUrls } from './start-destinations';
import { startWebhookReceiver, type WebhookReceiver } from './testing/webhook-receiver';

// Destinations (issue 22 "Ship") against a local HTTPS receiver with a certificate made for this run: the
// API (https only, each service's webhook hosts, DESTINATION_ALLOWED_HOSTS, the host guard, another user's
// destination a 404), and `-> #finance` posting through the job library in each service's documented shape,
// retried after a 500, failed and shown after a 4xx. No answer or log line ever carries a webhook URL.

// ---- The documented payload shapes (what each service accepts), written from their docs ----

/** Slack incoming webhooks: `text` (the notification fallback) and Block Kit `blocks` (at most 50). */
const SlackTextObject = z.object({
  type: z.enum(['mrkdwn', 'plain_text']),
  text: z.string().min(1).max(3000),
});
const SlackPayload = z.object({
  text: z.string().min(1),
  blocks: z
    .array(
      z.discriminatedUnion('type', [
        z.object({
          type: z.literal('header'),
          text: SlackTextObject.extend({ type: z.literal('plain_text'), text: z.string().max(150) }),
        }),
        z.object({ type: z.literal('section'), text: SlackTextObject }),
        z.object({ type: z.literal('context'), elements: z.array(SlackTextObject).min(1).max(10) }),
        z.object({ type: z.literal('divider') }),
      ]),
    )
    .min(1)
    .max(50),
});

/** Teams Workflows: a message whose first attachment is an Adaptive Card. */
const TeamsPayload = z.object({
  type: z.literal('message'),
  attachments: z
    .array(
      z.object({
        contentType: z.literal('application/vnd.microsoft.card.adaptive'),
        contentUrl: z.null().optional(),
        content: z.object({
          type: z.literal('AdaptiveCard'),
          version: z.string().regex(/^1\.\d$/),
          body: z.array(z.object({ type: z.string() }).loose()).min(1),
          actions: z.array(z.object({ type: z.string(), title: z.string(), url: z.url() })).optional(),
        }),
      }),
    )
    .min(1),
});

/** Google Chat webhooks: cardsV2 with a card of sections of widgets (each widget one kind). */
const GoogleWidget = z.union([
  z.strictObject({ textParagraph: z.object({ text: z.string().min(1) }) }),
  z.strictObject({ decoratedText: z.object({ text: z.string() }).loose() }),
  z.strictObject({
    buttonList: z.object({ buttons: z.array(z.object({ text: z.string() }).loose()).min(1) }),
  }),
]);
const GoogleChatPayload = z.object({
  text: z.string().optional(),
  cardsV2: z
    .array(
      z.object({
        cardId: z.string().min(1),
        card: z.object({
          header: z.object({ title: z.string().min(1), subtitle: z.string().optional() }).optional(),
          sections: z
            .array(z.object({ header: z.string().optional(), widgets: z.array(GoogleWidget).min(1) }))
            .min(1),
        }),
      }),
    )
    .min(1),
});

let receiver: WebhookReceiver;
/** DESTINATION_ALLOWED_HOSTS=127.0.0.1, the receiver's certificate trusted. */
let service: SearchTestService;
/** No DESTINATION_ALLOWED_HOSTS; its DNS answers a private address for every name. */
let guarded: SearchTestService;
let ada: SignedInUser;
let bob: SignedInUser;
const answers: string[] = [];
/** Every webhook URL handed to the API: none may come back in an answer or a log line. */
const secretUrls: string[] = [];

async function call(
  on: SearchTestService,
  user: SignedInUser,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const res = await on.request(user, path, {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
  });
  const text = await res.text();
  answers.push(text);
  return { status: res.status, json: text === '' ? null : JSON.parse(text) };
}

function hookUrl(path: string): string {
  const url = `${receiver.origin}${path}?token=${path.replace(/\W/g, '')}-s3cr3t`;
  secretUrls.push(url, url.slice(receiver.origin.length));
  return url;
}

async function addDestination(user: SignedInUser, kind: string, name: string, path: string) {
  const url = hookUrl(path);
  receiver.script(url.slice(receiver.origin.length), [{ status: 200 }]);
  const created = await call(service, user, 'POST', '/api/v1/destinations', { kind, name, url });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return {
    destination: DestinationResponseSchema.parse(created.json).destination,
    path: url.slice(receiver.origin.length),
  };
}

async function ask(user: SignedInUser, text: string) {
  const chat = await call(service, user, 'POST', '/api/v1/chats', {});
  const chatId = ChatSchema.parse((chat.json as { chat: unknown }).chat).id;
  const asked = await call(service, user, 'POST', `/api/v1/chats/${chatId}/messages`, { text });
  expect(asked.status, JSON.stringify(asked.json)).toBe(201);
  return { chatId, answer: AskResponseSchema.parse(asked.json).answer };
}

/** The delivery as the thread shows it, once it is no longer queued. */
async function settled(user: SignedInUser, chatId: string, deliveryId: string): Promise<Delivery> {
  const deadline = Date.now() + testTime(20_000);
  for (;;) {
    const thread = ChatThreadResponseSchema.parse(
      (await call(service, user, 'GET', `/api/v1/chats/${chatId}`)).json,
    );
    const delivery = thread.messages
      .flatMap((message) => (message.role === 'assistant' ? message.deliveries : []))
      .find((candidate) => candidate.id === deliveryId);
    if (delivery !== undefined && delivery.status !== 'queued') return delivery;
    if (Date.now() > deadline) throw new Error(`delivery ${deliveryId} still queued`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const postsTo = (path: string) => receiver.received.filter((post) => post.path === path);

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  [service, guarded] = await Promise.all([
    startSearchTestService({ destinations: { allowedHosts: '127.0.0.1', post: { ca: receiver.ca } } }),
    startSearchTestService({
      destinations: { lookup: async () => [{ address: '10.1.2.3', family: 4 }] },
    }),
  ]);
  ada = await service.signUp();
  bob = await service.signUp();
  await indexFiles(
    service,
    ada,
    [
      {
        name: 'invoice.txt',
        text: 'Invoice INV-1 from Globex for consulting. Total ₹1,000 due 3 March 2026.',
      },
    ],
    extractDocument,
  );
}, testTime(60_000));
afterAll(async () => {
  await Promise.all([service?.close(), guarded?.close()]);
  await receiver?.close();
});

describe('/api/v1/destinations', () => {
  it('adds, lists and removes a destination; the URL is write-only', async () => {
    const { destination } = await addDestination(ada, 'slack', '#ops', '/slack/ops');
    expect(destination).toMatchObject({ kind: 'slack', name: '#ops', host: '127.0.0.1', state: 'ok' });
    expect(JSON.stringify(destination)).not.toContain('token');
    const list = DestinationsListResponseSchema.parse(
      (await call(service, ada, 'GET', '/api/v1/destinations')).json,
    );
    expect(list.destinations.map((d) => d.name)).toContain('#ops');
    // The same name again (any case, with or without #) is a conflict.
    const again = await call(service, ada, 'POST', '/api/v1/destinations', {
      kind: 'slack',
      name: 'OPS',
      url: hookUrl('/slack/x'),
    });
    expect(again.status).toBe(409);
    // Another user's destination: not in their list, and a 404 to delete.
    const theirs = DestinationsListResponseSchema.parse(
      (await call(service, bob, 'GET', '/api/v1/destinations')).json,
    );
    expect(theirs.destinations).toEqual([]);
    expect((await call(service, bob, 'DELETE', `/api/v1/destinations/${destination.id}`)).status).toBe(404);
    expect((await call(service, ada, 'DELETE', `/api/v1/destinations/${destination.id}`)).status).toBe(204);
    expect((await call(service, ada, 'DELETE', `/api/v1/destinations/${destination.id}`)).status).toBe(404);
  });

  it('refuses an http URL, a host outside the webhook domains and a webhook name that resolves inside', async () => {
    const http = await call(service, ada, 'POST', '/api/v1/destinations', {
      kind: 'slack',
      name: '#a',
      url: 'http://hooks.slack.com/services/T/B/x',
    });
    expect(http.status).toBe(400);
    expect((http.json as { error: string }).error).toMatch(/https/);
    const elsewhere = await call(service, ada, 'POST', '/api/v1/destinations', {
      kind: 'teams',
      name: 'A',
      url: 'https://attacker.example.com/hook',
    });
    expect(elsewhere.status).toBe(400);
    expect((elsewhere.json as { error: string }).error).toMatch(/not a Microsoft Teams webhook address/);
    // Without DESTINATION_ALLOWED_HOSTS the receiver's loopback address is no webhook host.
    const carol = await guarded.signUp();
    const loopback = await call(guarded, carol, 'POST', '/api/v1/destinations', {
      kind: 'slack',
      name: '#a',
      url: `${receiver.origin}/x`,
    });
    expect(loopback.status).toBe(400);
    // hooks.slack.com answering a private address (DNS rebinding, a poisoned resolver): the host guard refuses.
    const inside = await call(guarded, carol, 'POST', '/api/v1/destinations', {
      kind: 'slack',
      name: '#a',
      url: 'https://hooks.slack.com/services/T0/B0/abc',
    });
    expect(inside.status).toBe(400);
    expect(inside.json as { code: string; error: string }).toMatchObject({ code: 'host_refused' });
    expect((inside.json as { error: string }).error).toMatch(
      /private network address.*DESTINATION_ALLOWED_HOSTS/,
    );
  });
});

describe('-> destination in a chat', () => {
  it.each([
    ['slack', '#finance', 'find invoice -> #finance', SlackPayload],
    ['teams', 'Ops', 'find invoice -> teams "Ops"', TeamsPayload],
    ['google_chat', '#gchat', 'find invoice -> #gchat', GoogleChatPayload],
  ] as const)(
    'posts to %s in its documented shape; the thread shows it sent',
    async (kind, name, question, shape) => {
      const { path } = await addDestination(ada, kind, name, `/${kind}/finance`);
      const { chatId, answer } = await ask(ada, question);
      expect(answer.destination_note).toBeNull();
      expect(answer.deliveries).toHaveLength(1);
      expect(answer.deliveries[0]).toMatchObject({ address: name, status: 'queued' });
      const delivery = await settled(ada, chatId, answer.deliveries[0]?.id ?? '');
      expect(delivery.status).toBe('sent');
      const [post] = postsTo(path);
      const payload = shape.parse(post?.body);
      const text = JSON.stringify(payload);
      expect(text).toContain('Globex');
      // The question as asked, without where it was sent ("-> #finance" is an instruction to Trove).
      expect(text).toContain('find invoice');
      expect(text).not.toMatch(/->|→/);
      // Links to the passages' documents (issue 38 item 1), and to the chat.
      expect(text).toContain('http://localhost/documents/');
      expect(text).toContain(`http://localhost/chats/${chatId}`);
    },
  );

  it('retries after a 500, and fails and shows a 4xx', async () => {
    const flaky = await addDestination(ada, 'slack', '#flaky', '/slack/flaky');
    receiver.script(flaky.path, [{ status: 500, body: 'internal_error' }, { status: 200 }]);
    const first = await ask(ada, 'find invoice -> #flaky');
    expect((await settled(ada, first.chatId, first.answer.deliveries[0]?.id ?? '')).status).toBe('sent');
    expect(postsTo(flaky.path).map((post) => post.status)).toEqual([500, 200]);

    const refused = await addDestination(ada, 'slack', '#refused', '/slack/refused');
    receiver.script(refused.path, [{ status: 400, body: 'invalid_blocks' }]);
    const second = await ask(ada, 'find invoice -> #refused');
    expect((await settled(ada, second.chatId, second.answer.deliveries[0]?.id ?? '')).status).toBe('failed');
    // A 4xx is not retried.
    expect(postsTo(refused.path)).toHaveLength(1);
  });

  it('waits as a 429’s Retry-After asks, then posts', async () => {
    const limited = await addDestination(ada, 'teams', 'Limited', '/teams/limited');
    receiver.script(limited.path, [
      { status: 429, body: 'Rate limit exceeded', headers: { 'Retry-After': '2' } },
      { status: 200 },
    ]);
    const { chatId, answer } = await ask(ada, 'find invoice -> teams "Limited"');
    expect((await settled(ada, chatId, answer.deliveries[0]?.id ?? '')).status).toBe('sent');
    const [first, second] = receiver.received.filter((post) => post.path === limited.path);
    expect([first?.status, second?.status]).toEqual([429, 200]);
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(1_900);
  });

  // Issue 38 item 4: a webhook failing showed "Sending to #finance" for minutes with no reason or end in sight.
  it('a post that will be tried again says why, when and which try; a failed one says why', async () => {
    const busy = await addDestination(ada, 'slack', '#busy', '/slack/busy');
    receiver.script(busy.path, [
      { status: 429, body: 'rate_limited', headers: { 'Retry-After': '3' } },
      { status: 200 },
    ]);
    const { chatId, answer } = await ask(ada, 'find invoice -> #busy');
    const id = answer.deliveries[0]?.id ?? '';
    const deadline = Date.now() + testTime(20_000);
    let waiting: Delivery | undefined;
    while (waiting?.retry == null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const thread = ChatThreadResponseSchema.parse(
        (await call(service, ada, 'GET', `/api/v1/chats/${chatId}`)).json,
      );
      waiting = thread.messages
        .flatMap((message) => (message.role === 'assistant' ? message.deliveries : []))
        .find((candidate) => candidate.id === id);
    }
    expect(waiting).toMatchObject({
      status: 'queued',
      error: 'Slack asked to slow down (429).',
      retry: { next_try: 2, tries: 3 },
    });
    const inSeconds = (Date.parse(waiting?.retry?.at ?? '') - Date.now()) / 1000;
    expect(inSeconds).toBeGreaterThan(-1);
    expect(inSeconds).toBeLessThanOrEqual(3);
    expect(await settled(ada, chatId, id)).toMatchObject({ status: 'sent', error: null, retry: null });

    const refused = await addDestination(ada, 'slack', '#refused-words', '/slack/refused-words');
    receiver.script(refused.path, [{ status: 400, body: 'invalid_blocks' }]);
    const second = await ask(ada, 'find invoice -> #refused-words');
    expect(await settled(ada, second.chatId, second.answer.deliveries[0]?.id ?? '')).toMatchObject({
      status: 'failed',
      error: 'Slack refused the post (400: invalid_blocks).',
      retry: null,
    });
  });

  it('marks a revoked webhook (410) broken, with what to do', async () => {
    const gone = await addDestination(ada, 'google_chat', '#gone', '/google_chat/gone');
    receiver.script(gone.path, [{ status: 410, body: 'gone' }]);
    const { chatId, answer } = await ask(ada, 'find invoice -> #gone');
    expect((await settled(ada, chatId, answer.deliveries[0]?.id ?? '')).status).toBe('failed');
    const list = DestinationsListResponseSchema.parse(
      (await call(service, ada, 'GET', '/api/v1/destinations')).json,
    );
    const row = list.destinations.find((d) => d.id === gone.destination.id);
    expect(row).toMatchObject({ state: 'broken' });
    expect(row?.detail).toMatch(/no longer exists \(410\).*Connections/);
  });

  it('an unknown destination offers the configured ones by name', async () => {
    const { answer } = await ask(ada, 'find invoice -> #nowhere');
    expect(answer.deliveries).toEqual([]);
    expect(answer.destination_note).toMatch(/no destination named #nowhere/);
    expect(answer.destination_note).toContain('#finance (Slack)');
    const none = await ask(bob, 'find invoice -> #finance');
    expect(none.answer.destination_note).toMatch(/isn't set up yet.*Connections/);
  });

  it('the Send menu posts an answer to a destination; another user’s destination is a 404', async () => {
    const { destination, path } = await addDestination(ada, 'slack', '#send', '/slack/send');
    const { chatId, answer } = await ask(ada, 'find invoice');
    const sent = await call(service, ada, 'POST', `/api/v1/chats/${chatId}/messages/${answer.id}/send`, {
      destination_id: destination.id,
    });
    expect(sent.status).toBe(202);
    const delivery = SendAnswerResponseSchema.parse(sent.json).delivery;
    expect((await settled(ada, chatId, delivery.id)).status).toBe('sent');
    expect(postsTo(path)).toHaveLength(1);
    const bobs = await ask(bob, 'find invoice');
    const stolen = await call(
      service,
      bob,
      'POST',
      `/api/v1/chats/${bobs.chatId}/messages/${bobs.answer.id}/send`,
      {
        destination_id: destination.id,
      },
    );
    expect(stolen.status).toBe(404);
  });

  it('no answer or log line carries a webhook URL', () => {
    const logged = service.logs.lines().map((line) => JSON.stringify(line));
    for (const text of [...answers, ...logged]) {
      for (const secret of secretUrls) expect(text).not.toContain(secret);
      expect(text).not.toContain('s3cr3t');
    }
  });
});

describe('key rotation', () => {
  it('re-seals a URL an old key sealed with the current key; one no key opens is left', async () => {
    const [oldKey, newKey, lostKey] = [
      secretKey(randomBytes(32)),
      secretKey(randomBytes(32)),
      secretKey(randomBytes(32)),
    ] as const;
    const [kept, lost] = [randomUUID(), randomUUID()];
    const url = 'https://hooks.slack.com/services/T0/B0/rotate-s3cr3t';
    for (const [id, key, name] of [
      [kept, oldKey, '#kept'],
      [lost, lostKey, '#lost'],
    ] as const) {
      await insertDestination(service.db, {
        id,
        userId: bob.userId,
        kind: 'slack',
        name,
        nameKey: name.slice(1),
        host: 'hooks.slack.com',
        secret: createSecretBox(key).seal(url, urlContext(id)),
      });
    }
    const rotated = createSecretBox(newKey, [oldKey]);
    expect(await resealUrls(service.db, rotated, service.logs.logger)).toBeGreaterThanOrEqual(1);
    const row = await destinationWithSecret(service.db, kept);
    expect(createSecretBox(newKey).open(row?.secret ?? '', urlContext(kept))).toBe(url);
    const left = await destinationWithSecret(service.db, lost);
    expect(createSecretBox(lostKey).open(left?.secret ?? '', urlContext(lost))).toBe(url);
  });

  it('a URL an old key sealed is sealed with the current key as a post reads it (SECRETS_KEY_PREVIOUS)', async () => {
    const [oldKey, newKey] = [secretKey(randomBytes(32)), secretKey(randomBytes(32))];
    const id = randomUUID();
    const url = 'https://hooks.slack.com/services/T0/B0/read-s3cr3t';
    await insertDestination(service.db, {
      id,
      userId: bob.userId,
      kind: 'slack',
      name: '#read',
      nameKey: 'read',
      host: 'hooks.slack.com',
      secret: createSecretBox(oldKey).seal(url, urlContext(id)),
    });
    const before = await destinationWithSecret(service.db, id);
    const rotated = createSecretBox(newKey, [oldKey]);
    expect(await openWebhookUrl(service.db, rotated, { id, secret: before?.secret ?? '' })).toBe(url);
    const row = await destinationWithSecret(service.db, id);
    expect(createSecretBox(newKey).open(row?.secret ?? '', urlContext(id))).toBe(url);
  });
});
