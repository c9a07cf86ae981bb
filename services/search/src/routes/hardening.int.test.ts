import { AskResponseSchema, ChatResponseSchema, UploadsResponseSchema } from '@trove/contracts';
import { CSRF_HEADER } from '@trove/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatSettingsFromEnv } from '../chats/chat-settings';
import { SearchEnvSchema } from '../env';
import { type SearchTestService, type SignedInUser, startSearchTestService } from '../testing/search-service';

// docs/decisions/017-search-service-hardening.md: each finding of the review, on real PostgreSQL. Limits
// are set low here through the same settings the env fills (UPLOAD_QUOTA_BYTES, UPLOAD_REQUESTS_PER_MINUTE,
// CHAT_ASKS_PER_MINUTE), one service per group so the counts of one test never reach another.

async function json(response: Response) {
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

function post(service: SearchTestService, user: SignedInUser, path: string, body: unknown) {
  return service
    .request(user, path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
    .then(json);
}

async function newChat(service: SearchTestService, user: SignedInUser) {
  const created = await post(service, user, '/api/v1/chats', {});
  expect(created.status).toBe(201);
  return ChatResponseSchema.parse(created.body).chat;
}

describe('malformed input is a 4xx with a message, never a 5xx', () => {
  let service: SearchTestService;
  let ann: SignedInUser;
  beforeAll(async () => {
    service = await startSearchTestService();
    ann = await service.signUp();
  });
  afterAll(async () => {
    await service?.close();
  });

  it('ids that are not ids, or out of bigint range, are 404s on every route', async () => {
    const chat = await newChat(service, ann);
    const paths = [
      ['GET', '/api/v1/passages/abc'],
      ['GET', '/api/v1/passages/99999999999999999999'],
      ['GET', '/api/v1/passages/0'],
      ['GET', '/api/v1/passages/-1'],
      ['GET', '/api/v1/passages/1e3'],
      ['GET', '/api/v1/chats/not-a-uuid'],
      ['DELETE', '/api/v1/chats/not-a-uuid'],
      ['GET', '/api/v1/uploads/abc'],
      ['DELETE', '/api/v1/uploads/abc'],
      ['GET', '/api/v1/uploads/%00'],
    ] as const;
    for (const [method, path] of paths) {
      const answered = await json(await service.request(ann, path, { method }));
      expect(answered, `${method} ${path}`).toMatchObject({ status: 404, body: { error: 'Not found' } });
    }
    const sendToJunk = await post(service, ann, `/api/v1/chats/${chat.id}/messages/nope/send`, {
      address: 'a@example.com',
    });
    expect(sendToJunk.status).toBe(404);
  });

  it('search filters with NUL or control characters are a 400, not a database error', async () => {
    for (const query of ['q=x&entity=%00', 'q=x&entity=Asha%0D%0ARao', 'q=%00', 'q=x&currency=%00%00%00']) {
      const searched = await json(await service.request(ann, `/api/v1/search?${query}`));
      expect(searched.status, query).toBe(400);
      expect(searched.body).toMatchObject({ code: 'invalid_request', error: expect.any(String) });
    }
  });

  it('JSON that is not an object, or a body that is not JSON, is a 400 or 415 with a message', async () => {
    const chat = await newChat(service, ann);
    for (const body of ['[]', '"text"', 'null', '1', '{"text":', '']) {
      const asked = await post(service, ann, `/api/v1/chats/${chat.id}/messages`, body);
      expect(asked.status, body).toBe(400);
      expect(asked.body).toMatchObject({ error: expect.any(String) });
    }
    const wrongType = await json(
      await service.request(ann, '/api/v1/chats', {
        method: 'POST',
        body: '{}',
        headers: { 'Content-Type': 'text/plain' },
      }),
    );
    expect(wrongType.status).toBe(415);
  });

  it('NUL bytes and other controls leave questions and file names; unicode stays', async () => {
    const chat = await newChat(service, ann);
    const asked = await post(service, ann, `/api/v1/chats/${chat.id}/messages`, {
      text: 'invoices\u0000 from Zoë \u{1F600}\u0007',
    });
    expect(asked.status).toBe(201);
    expect(AskResponseSchema.parse(asked.body).question.text).toBe('invoices from Zoë \u{1F600}');

    // A browser writes CR, LF and a quote in a file name as %0D, %0A, %22: read back, then the controls go.
    const uploaded = await service.upload(ann, [{ name: 're\r\nport\nBcc: "Zoë".txt', text: 'hello' }]);
    expect(uploaded.status).toBe(202);
    const [document] = UploadsResponseSchema.parse(await uploaded.json()).documents;
    expect(document?.name).toBe('reportBcc: "Zoë".txt');
    // A raw NUL (or another control) inside a part's header is no multipart body at all: a 400 that says so.
    const nul = await service.upload(ann, [{ name: 're\u0000port.txt', text: 'hello' }]);
    expect(nul.status).toBe(400);
    expect(await nul.json()).toEqual({ error: 'Malformed multipart body', code: 'invalid_request' });
  });

  it('a chats body over 64 KB is a 413 before it is read, not held in memory', async () => {
    const chat = await newChat(service, ann);
    const huge = await post(service, ann, `/api/v1/chats/${chat.id}/messages`, { text: 'x'.repeat(200_000) });
    expect(huge).toMatchObject({ status: 413, body: { code: 'payload_too_large' } });
    const rename = await json(
      await service.request(ann, `/api/v1/chats/${chat.id}`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ title: 'y'.repeat(100_000) }),
      }),
    );
    expect(rename.status).toBe(413);
  });

  it('every state-changing call needs the CSRF header', async () => {
    const chat = await newChat(service, ann);
    const calls = [
      ['POST', '/api/v1/chats', '{}'],
      ['PATCH', `/api/v1/chats/${chat.id}`, '{"title":"x"}'],
      ['DELETE', `/api/v1/chats/${chat.id}`, undefined],
      ['POST', `/api/v1/chats/${chat.id}/messages`, '{"text":"x"}'],
      ['POST', `/api/v1/chats/${chat.id}/messages/${chat.id}/send`, '{"address":"a@example.com"}'],
      ['DELETE', `/api/v1/uploads/${chat.id}`, undefined],
    ] as const;
    for (const [method, path, body] of calls) {
      const headers = new Headers({ Cookie: ann.cookie, 'Content-Type': 'application/json' });
      const answered = await json(await service.app.request(path, { method, headers, body }));
      expect(answered, `${method} ${path}`).toMatchObject({ status: 401, body: { code: 'csrf_failed' } });
    }
    expect((await service.request(ann, `/api/v1/chats/${chat.id}`)).status).toBe(200);
  });
});

describe('per-user limits', () => {
  let service: SearchTestService;
  beforeAll(async () => {
    service = await startSearchTestService({
      quotaBytes: 100,
      uploadsPerMinute: 3,
      chats: { asksPerMinute: 2 },
    });
  });
  afterAll(async () => {
    await service?.close();
  });

  it('the storage quota refuses what would pass it with a 413 naming the quota; a delete makes room', async () => {
    const ann = await service.signUp();
    const first = await service.upload(ann, [{ name: 'a.txt', text: 'a'.repeat(60) }]);
    expect(first.status).toBe(202);
    const over = await json(await service.upload(ann, [{ name: 'b.txt', text: 'b'.repeat(60) }]));
    expect(over).toMatchObject({
      status: 413,
      body: {
        code: 'quota_exceeded',
        error: expect.stringContaining('100 bytes of storage (60 bytes used)'),
      },
    });
    // Another user's room is their own.
    const bob = await service.signUp();
    expect((await service.upload(bob, [{ name: 'b.txt', text: 'b'.repeat(60) }])).status).toBe(202);

    const [stored] = UploadsResponseSchema.parse(await first.json()).documents;
    const deleted = await service.request(ann, `/api/v1/uploads/${stored?.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect((await service.upload(ann, [{ name: 'b.txt', text: 'b'.repeat(60) }])).status).toBe(202);
  });

  it('two batches sent at once cannot both take the last of the quota', async () => {
    const ann = await service.signUp();
    const both = await Promise.all([
      service.upload(ann, [{ name: 'a.txt', text: 'a'.repeat(70) }]),
      service.upload(ann, [{ name: 'b.txt', text: 'b'.repeat(70) }]),
    ]);
    expect(both.map((response) => response.status).sort()).toEqual([202, 413]);
  });

  it('upload requests past UPLOAD_REQUESTS_PER_MINUTE are a 429 with retry_after, per user', async () => {
    const ann = await service.signUp();
    for (let sent = 0; sent < 3; sent += 1) {
      expect((await service.upload(ann, [{ name: `${sent}.txt`, text: 'x' }])).status).toBe(202);
    }
    const refused = await service.upload(ann, [{ name: 'late.txt', text: 'x' }]);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ code: 'rate_limited', retry_after: expect.any(Number) });
    const bob = await service.signUp();
    expect((await service.upload(bob, [{ name: 'b.txt', text: 'x' }])).status).toBe(202);
  });

  it('questions past CHAT_ASKS_PER_MINUTE are a 429 and are not kept in the thread', async () => {
    const ann = await service.signUp();
    const chat = await newChat(service, ann);
    for (const text of ['first', 'second']) {
      expect((await post(service, ann, `/api/v1/chats/${chat.id}/messages`, { text })).status).toBe(201);
    }
    const refused = await post(service, ann, `/api/v1/chats/${chat.id}/messages`, { text: 'third' });
    expect(refused).toMatchObject({ status: 429, body: { code: 'rate_limited' } });
    const thread = (await json(await service.request(ann, `/api/v1/chats/${chat.id}`))).body as {
      messages: unknown[];
    };
    expect(thread.messages).toHaveLength(4);
  });
});

describe('the answer mail', () => {
  let service: SearchTestService;
  let ann: SignedInUser;
  beforeAll(async () => {
    service = await startSearchTestService({ chats: { linkOrigin: 'http://localhost:8080' } });
    ann = await service.signUp();
  });
  afterAll(async () => {
    await service?.close();
  });

  /** Asks, then sends the answer, from a peer at `peer` with `headers`; the outbox row it queued. */
  async function mailed(text: string, headers: Record<string, string>, peer?: string) {
    const chat = await newChat(service, ann);
    const asked = await post(service, ann, `/api/v1/chats/${chat.id}/messages`, { text });
    expect(asked.status).toBe(201);
    const { answer } = AskResponseSchema.parse(asked.body);
    const sent = await service.app.request(
      `http://localhost/api/v1/chats/${chat.id}/messages/${answer.id}/send`,
      {
        method: 'POST',
        headers: {
          Cookie: ann.cookie,
          [CSRF_HEADER]: ann.csrf,
          'Content-Type': 'application/json',
          ...headers,
        },
        // The account's own address: no confirmation needed (chat-mail.int.test.ts has the rest).
        body: JSON.stringify({ address: ann.email }),
      },
      peer === undefined ? undefined : { incoming: { socket: { remoteAddress: peer } } },
    );
    expect(sent.status).toBe(202);
    return service.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', ann.email)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
  }

  it('a question with line breaks stays out of the subject and is one line in the body: no header can be smuggled in', async () => {
    const mail = await mailed('invoices\r\nBcc: victim@example.com\nX-Evil: 1', {});
    expect(mail.subject).toBe(`An answer from Trove, sent by ${ann.email}`);
    expect(mail.text_body).toContain('Question: invoices Bcc: victim@example.com X-Evil: 1\n');
  });

  it('links never take a host from the request, even from a trusted proxy (issue 18 item 12)', async () => {
    for (const [headers, peer] of [
      [
        { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example:8443', 'X-Forwarded-Proto': 'https' },
        '127.0.0.1',
      ],
      [{ 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' }, '203.0.113.9'],
      [{ Host: 'localhost', 'X-Forwarded-Host': 'evil.example/@x' }, '127.0.0.1'],
    ] as const) {
      const mail = await mailed('invoices', headers, peer);
      expect(mail.text_body).toMatch(
        /Open the answer in Trove: http:\/\/localhost:8080\/chats\/[0-9a-f-]{36}\n/,
      );
      expect(mail.text_body).not.toContain('evil.example');
    }
  });
});

describe('the answer mail with PUBLIC_URL', () => {
  it('links use PUBLIC_URL whatever the request says its host is', async () => {
    const service = await startSearchTestService({
      chats: chatSettingsFromEnv(
        SearchEnvSchema.parse({
          DATABASE_URL: 'postgres://x@127.0.0.1/x',
          PUBLIC_URL: 'https://trove.example.com/',
        }),
      ),
    });
    try {
      const ann = await service.signUp();
      const chat = await newChat(service, ann);
      const asked = await post(service, ann, `/api/v1/chats/${chat.id}/messages`, {
        text: `invoices -> email ${ann.email}`,
      });
      expect(asked.status).toBe(201);
      const mail = await service.db
        .selectFrom('mail_outbox')
        .select('text_body')
        .where('to_address', '=', ann.email)
        .executeTakeFirstOrThrow();
      expect(mail.text_body).toContain(
        `Open the answer in Trove: https://trove.example.com/chats/${chat.id}`,
      );
    } finally {
      await service.close();
    }
  });
});
