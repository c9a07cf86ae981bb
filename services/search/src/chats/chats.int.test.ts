import {
  AskResponseSchema,
  ChatListResponseSchema,
  ChatResponseSchema,
  ChatThreadResponseSchema,
  OPERATOR_MESSAGES,
  PassageContextResponseSchema,
  SendAnswerResponseSchema,
} from '@trove/contracts';
import { createMailer, createOutboxWorker } from '@trove/service-core';
import { captureLogs, Maildev } from '@trove/service-core/testing';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractDocument } from '../extraction';
import { chatDb } from './chat-tables';
import { type SearchTestService, type SignedInUser, startSearchTestService } from '../testing/search-service';

// Chats on real PostgreSQL (issue 11): threads persist and read back, one user never reaches another's
// chat or passage, questions with dates, amounts and names are answered from a small uploaded corpus,
// and a mailed answer goes through the outbox while SMTP is down and then up.

let service: SearchTestService;
let ann: SignedInUser;
let bob: SignedInUser;

// Dates relative to today, so "last month" in a question finds them whenever the test runs.
const today = new Date();
const monthName = (date: Date) => date.toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
const lastMonth = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 5));
const longAgo = new Date(Date.UTC(today.getUTCFullYear() - 3, 1, 10));
const spoken = (date: Date) => `${date.getUTCDate()} ${monthName(date)} ${date.getUTCFullYear()}`;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

const CORPUS = [
  {
    name: 'globex-invoice.txt',
    text: `Invoice INV-311\n\nGlobex Corporation\nInvoice date: ${spoken(lastMonth)}\n\nConsulting services for the quarter. Subtotal ₹10,000. Total: ₹11,800 payable within 30 days.`,
  },
  {
    name: 'acme-invoice.eml',
    type: 'message/rfc822',
    text: `From: Ann Lee <ann@acme-supplies.in>\nTo: Ravi <ravi@example.com>\nSubject: Invoice INV-204\nDate: ${lastMonth.toUTCString()}\nContent-Type: text/plain; charset=utf-8\n\nHi Ravi,\n\nPlease find invoice INV-204 for the shipment. The total amount due is ₹45,000, payable in two weeks.\n\nRegards,\nAnn Lee\nAcme Supplies Pvt Ltd\n`,
  },
  {
    name: 'old-invoice.txt',
    text: `Invoice INV-007\n\nInitech\nInvoice date: ${spoken(longAgo)}\n\nPrinter repair. Total: ₹5,000.`,
  },
  {
    name: 'handbook.md',
    text: '# Travel\n\nBook trains two weeks ahead.\n\n# Expenses\n\nClaim meals within a month of travel.\n\n# Laptops\n\nReturn the laptop when you leave.\n\n# Holidays\n\nThe office closes for the new year.\n\n# Parking\n\nVisitors park in bay four.',
  },
];

async function call(user: SignedInUser | undefined, method: string, path: string, body?: unknown) {
  const init: RequestInit = { method };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'Content-Type': 'application/json' };
  }
  const response = await service.request(user, path, init);
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

async function newChat(user: SignedInUser, title?: string) {
  const created = await call(user, 'POST', '/api/v1/chats', title === undefined ? {} : { title });
  expect(created.status).toBe(201);
  return ChatResponseSchema.parse(created.body).chat;
}

async function ask(user: SignedInUser, chatId: string, text: string) {
  const asked = await call(user, 'POST', `/api/v1/chats/${chatId}/messages`, { text });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  return AskResponseSchema.parse(asked.body);
}

beforeAll(async () => {
  service = await startSearchTestService({ minAllWordResults: 1, maxFiles: 10 });
  ann = await service.signUp();
  bob = await service.signUp();
  const uploaded = await service.upload(ann, CORPUS);
  expect(uploaded.status).toBe(202);
  const worker = service.worker(extractDocument);
  while (await worker.runOnce()) {
    // Index every upload before the questions.
  }
});

afterAll(async () => {
  await service?.close();
});

describe('conversations', () => {
  it('creates, lists newest activity first, renames and deletes a chat', async () => {
    const first = await newChat(ann);
    expect(first.title).toBe('New chat');
    const second = await newChat(ann, '  Quarter close  ');
    expect(second.title).toBe('Quarter close');

    const renamed = await call(ann, 'PATCH', `/api/v1/chats/${first.id}`, { title: 'Vendors' });
    expect(renamed.status).toBe(200);
    expect(ChatResponseSchema.parse(renamed.body).chat.title).toBe('Vendors');

    const listed = ChatListResponseSchema.parse((await call(ann, 'GET', '/api/v1/chats')).body).chats;
    expect(listed.map((chat) => chat.id).slice(0, 2)).toEqual([first.id, second.id]);

    expect((await call(ann, 'DELETE', `/api/v1/chats/${second.id}`)).status).toBe(204);
    expect((await call(ann, 'GET', `/api/v1/chats/${second.id}`)).status).toBe(404);
    expect((await call(ann, 'DELETE', `/api/v1/chats/${second.id}`)).status).toBe(404);
  });

  it('answers bad input with a 4xx and a message', async () => {
    const chat = await newChat(ann);
    const cases = [
      await call(ann, 'POST', '/api/v1/chats', { title: '' }),
      await call(ann, 'POST', '/api/v1/chats', { title: 'x'.repeat(121) }),
      await call(ann, 'POST', '/api/v1/chats', { name: 'typo' }),
      await call(ann, 'PATCH', `/api/v1/chats/${chat.id}`, {}),
      await call(ann, 'POST', `/api/v1/chats/${chat.id}/messages`, { text: '   ' }),
      await call(ann, 'POST', `/api/v1/chats/${chat.id}/messages`, { text: 'x'.repeat(2001) }),
    ];
    for (const result of cases) {
      expect(result.status).toBe(400);
      expect((result.body as { error: string }).error).toMatch(/\w/);
    }
    expect((await call(ann, 'GET', '/api/v1/chats/not-a-uuid')).status).toBe(404);
    expect((await call(ann, 'GET', '/api/v1/passages/abc')).status).toBe(404);
    expect((await call(ann, 'GET', '/api/v1/passages/99999999999999999999')).status).toBe(404);
    expect((await call(undefined, 'GET', '/api/v1/chats')).status).toBe(401);
    const noCsrf = await service.request({ ...ann, csrf: 'wrong' }, '/api/v1/chats', {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(noCsrf.status).toBe(401);
  });

  it('keeps the thread: the first question titles the chat, both messages read back in order', async () => {
    const chat = await newChat(ann);
    const {
      chat: titled,
      question,
      answer,
    } = await ask(ann, chat.id, 'find invoices over ₹10,000 last month');
    // The answer comes with the chat as it left it, titled: the page's header needs no second read.
    expect(titled).toMatchObject({ id: chat.id, title: 'find invoices over ₹10,000 last month' });
    const second = await ask(ann, chat.id, 'summarize the travel rules');
    expect(second.chat.title).toBe('find invoices over ₹10,000 last month');
    // A first question that says where to send the answer titles the chat by what it asks.
    const sent = await newChat(ann);
    expect((await ask(ann, sent.id, 'summarize the travel rules -> #nowhere')).chat.title).toBe(
      'summarize the travel rules',
    );
    const thread = ChatThreadResponseSchema.parse((await call(ann, 'GET', `/api/v1/chats/${chat.id}`)).body);
    expect(thread.chat.title).toBe('find invoices over ₹10,000 last month');
    expect(thread.messages.map((message) => [message.id, message.role])).toEqual([
      [question.id, 'user'],
      [answer.id, 'assistant'],
      [second.question.id, 'user'],
      [second.answer.id, 'assistant'],
    ]);
    expect(thread.messages[1]).toEqual(answer);
    expect(new Date(thread.chat.updated_at).getTime()).toBeGreaterThanOrEqual(
      new Date(chat.updated_at).getTime(),
    );
  });
  it('an answer stored with the old date names (from/to) reads back with date_from/date_to (issue 42 item 6)', async () => {
    const chat = await newChat(ann);
    const { answer } = await ask(ann, chat.id, 'find invoices over ₹10,000 last month');
    const { date_from, date_to, ...rest } = answer.filters;
    await chatDb(service.db)
      .updateTable('chat_messages')
      .set({
        answer: sql`jsonb_set(answer::jsonb, '{filters}', ${JSON.stringify({ ...rest, from: date_from, to: date_to })}::jsonb)`,
      })
      .where('id', '=', answer.id)
      .execute();
    const thread = ChatThreadResponseSchema.parse((await call(ann, 'GET', `/api/v1/chats/${chat.id}`)).body);
    expect(thread.messages[1]).toMatchObject({ filters: { ...rest, date_from, date_to } });
    expect(thread.messages[1]?.role === 'assistant' && 'from' in thread.messages[1].filters).toBe(false);
  });
});

describe('answers', () => {
  it('reads dates and amounts as filters and cites the matching invoices with their totals', async () => {
    const chat = await newChat(ann);
    const { answer } = await ask(ann, chat.id, 'find invoices over ₹10,000 last month');
    const lastMonthEnd = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 0));
    expect(answer.command).toEqual({ verb: 'find', query: 'invoices', destination: null });
    expect(answer.filters).toEqual({
      date_from: isoDay(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1))),
      date_to: isoDay(lastMonthEnd),
      amount_min: 10000,
      currency: 'INR',
    });
    expect(answer.layout).toBe('summary-first');
    expect(answer.empty_hint).toBeNull();
    const names = answer.documents_read.map((document) => document.name).sort();
    expect(names).toEqual(['acme-invoice.eml', 'globex-invoice.txt']);
    expect(answer.passages.every((passage) => passage.snippet.some((part) => part.marked))).toBe(true);

    const globex = answer.fields.find((row) => row.document_name === 'globex-invoice.txt');
    expect(globex?.total).toEqual({ value: 11800, currency: 'INR', text: '₹11,800' });
    expect(globex?.date).toBe(isoDay(lastMonth));
    const acme = answer.fields.find((row) => row.document_name === 'acme-invoice.eml');
    expect(acme?.total?.value).toBe(45000);
    expect(acme?.people).toContain('Ann Lee');

    // Every summary sentence is text of the passage it cites.
    expect(answer.summary.length).toBeGreaterThan(0);
    for (const sentence of answer.summary) {
      const context = PassageContextResponseSchema.parse(
        (await call(ann, 'GET', `/api/v1/passages/${sentence.passage_id}`)).body,
      );
      expect(context.passage.text.replace(/\s+/g, ' ')).toContain(sentence.text);
    }
  });

  it('puts the table first for extract and matches a name among extracted entities', async () => {
    const chat = await newChat(ann);
    const { answer } = await ask(ann, chat.id, 'extract invoices from Acme');
    expect(answer.layout).toBe('table-first');
    expect(answer.filters).toEqual({ entity: 'Acme' });
    expect(answer.command.query).toBe('invoices');
    expect(answer.documents_read.map((document) => document.name)).toEqual(['acme-invoice.eml']);

    // A capitalised word no document names stays a search word, not a filter that finds nothing.
    const other = await ask(ann, chat.id, 'find invoices from Umbrella');
    expect(other.answer.filters).toEqual({});
    expect(other.answer.command.query).toBe('invoices Umbrella');
  });

  it('reads kind words as filters and a bare month as the latest one with documents (issue 37)', async () => {
    const chat = await newChat(ann);
    // "mail" is the kind of document, not a word to look for; the sender is the name.
    const mail = await ask(ann, chat.id, 'summarize mail from Ann Lee');
    expect(mail.answer.filters).toEqual({ type: 'eml', entity: 'Ann Lee' });
    expect(mail.answer.documents_read.map((document) => document.name)).toEqual(['acme-invoice.eml']);
    // "February" with nothing this year nor the two before: the February that has the repair, shown in the filters.
    const old = await ask(ann, chat.id, 'printer repair in February');
    expect(old.answer.filters).toEqual({
      date_from: `${longAgo.getUTCFullYear()}-02-01`,
      date_to: isoDay(new Date(Date.UTC(longAgo.getUTCFullYear(), 2, 0))),
    });
    expect(old.answer.documents_read.map((document) => document.name)).toEqual(['old-invoice.txt']);
  });

  it('answers questions written with mentions:, amount: and date:, their filters shown (docs/decisions/230)', async () => {
    const chat = await newChat(ann);
    const named = await ask(ann, chat.id, 'find mentions:"Ann Lee"');
    expect(named.answer.filters).toEqual({ entity: 'Ann Lee' });
    expect(named.answer.documents_read.map((document) => document.name)).toEqual(['acme-invoice.eml']);
    const amount = await ask(ann, chat.id, 'summarize invoices amount:₹45,000');
    expect(amount.answer.filters).toEqual({ amount_min: 45000, amount_max: 45000, currency: 'INR' });
    expect(amount.answer.documents_read.map((document) => document.name)).toEqual(['acme-invoice.eml']);
    const dated = await ask(ann, chat.id, `find invoices date:${isoDay(lastMonth)}`);
    expect(dated.answer.filters).toEqual({ date_from: isoDay(lastMonth), date_to: isoDay(lastMonth) });
    expect(dated.answer.documents_read.map((document) => document.name).sort()).toEqual([
      'acme-invoice.eml',
      'globex-invoice.txt',
    ]);
    // A value the operator cannot take says so, as the search box does.
    const bad = await call(ann, 'POST', `/api/v1/chats/${chat.id}/messages`, {
      text: 'find invoices amount:abc',
    });
    expect(bad).toEqual({ status: 400, body: expect.objectContaining({ error: OPERATOR_MESSAGES.amount }) });
  });

  it('says honestly when nothing matched and what broader question would', async () => {
    const chat = await newChat(ann);
    const { answer } = await ask(ann, chat.id, 'find invoices over ₹10,000 in 2019');
    expect(answer.passages).toEqual([]);
    expect(answer.summary).toEqual([]);
    expect(answer.empty_hint).toMatch(/date and amount filters/);
    expect(answer.empty_hint).toMatch(/finds \d+\+? passages?/);

    const nothing = await ask(ann, chat.id, 'zeppelin maintenance');
    expect(nothing.answer.empty_hint).toMatch(/Nothing in your documents mentions “zeppelin maintenance”/);

    const bobChat = await newChat(bob);
    const empty = await ask(bob, bobChat.id, 'find invoices');
    expect(empty.answer.empty_hint).toMatch(/upload/i);
  });

  it('names destinations that are not connected and offers email', async () => {
    const chat = await newChat(ann);
    const teams = await ask(ann, chat.id, 'summarize invoices -> teams "Finance Ops"');
    expect(teams.answer.command.destination).toEqual({ kind: 'teams', channel: 'Finance Ops' });
    expect(teams.answer.destination_note).toMatch(/Teams isn't connected yet.*email/);
    expect(teams.answer.deliveries).toEqual([]);
    const drive = await ask(ann, chat.id, 'export invoices -> drive /Finance');
    expect(drive.answer.destination_note).toMatch(/Drive isn't connected/);
    const noAddress = await ask(ann, chat.id, 'find invoices -> email');
    expect(noAddress.answer.destination_note).toMatch(/Add an address/);
    expect(noAddress.answer.deliveries).toEqual([]);
  });

  it('never answers a question with a 5xx', async () => {
    const chat = await newChat(ann);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string({ minLength: 1, maxLength: 200 }),
          fc.constantFrom(
            'find -> ',
            '->->->',
            'over ₹99999999999999999999',
            'between 5 and',
            'since 31 February',
            'in Q9',
            'from \\ to %',
            'invoices from \u0000Acme',
            '\u0000',
            'ask \uD800 lone surrogate',
            'find "a" (b) [c] {d} ^$ .*',
            'find amount:abc date:soon mentions:""',
            'mentions:"\u0000" amount:..',
          ),
        ),
        async (text) => {
          const result = await call(ann, 'POST', `/api/v1/chats/${chat.id}/messages`, { text });
          expect(result.status, `${JSON.stringify(text)} → ${JSON.stringify(result.body)}`).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('isolation between users', () => {
  it('answers 404 for every route on another user’s chat, answer or passage', async () => {
    const chat = await newChat(ann, 'Private');
    const { answer } = await ask(ann, chat.id, 'find invoices');
    const passageId = answer.passages[0]?.passage_id;
    expect(passageId).toBeDefined();

    expect((await call(bob, 'GET', `/api/v1/chats/${chat.id}`)).status).toBe(404);
    expect((await call(bob, 'PATCH', `/api/v1/chats/${chat.id}`, { title: 'Mine' })).status).toBe(404);
    expect((await call(bob, 'DELETE', `/api/v1/chats/${chat.id}`)).status).toBe(404);
    expect((await call(bob, 'POST', `/api/v1/chats/${chat.id}/messages`, { text: 'invoices' })).status).toBe(
      404,
    );
    expect(
      (
        await call(bob, 'POST', `/api/v1/chats/${chat.id}/messages/${answer.id}/send`, {
          address: 'bob@example.com',
        })
      ).status,
    ).toBe(404);
    // Bob's own chat with Ann's answer id is still not found.
    const bobChat = await newChat(bob);
    expect(
      (
        await call(bob, 'POST', `/api/v1/chats/${bobChat.id}/messages/${answer.id}/send`, {
          address: 'b@example.com',
        })
      ).status,
    ).toBe(404);
    expect((await call(bob, 'GET', `/api/v1/passages/${passageId}`)).status).toBe(404);
    expect((await call(ann, 'GET', `/api/v1/passages/${passageId}`)).status).toBe(200);

    const bobsList = ChatListResponseSchema.parse((await call(bob, 'GET', '/api/v1/chats')).body).chats;
    expect(bobsList.map((c) => c.id)).not.toContain(chat.id);
    expect((await call(ann, 'GET', `/api/v1/chats/${chat.id}`)).status).toBe(200);
  });
});

describe('a passage in context', () => {
  it('returns the passage with its neighbours in document order', async () => {
    const chat = await newChat(ann);
    const { answer } = await ask(ann, chat.id, 'laptop');
    const cited = answer.passages.find((passage) => passage.document_name === 'handbook.md');
    expect(cited).toBeDefined();
    const context = PassageContextResponseSchema.parse(
      (await call(ann, 'GET', `/api/v1/passages/${cited?.passage_id}`)).body,
    );
    expect(context.document).toMatchObject({ name: 'handbook.md', type: 'md' });
    expect(context.passage.text).toMatch(/laptop/);
    const ordinals = [...context.before, context.passage, ...context.after].map((passage) => passage.ordinal);
    expect(ordinals).toEqual([...ordinals].sort((a, b) => a - b));
    expect(context.before.length).toBeLessThanOrEqual(2);
    expect(context.after.length).toBeLessThanOrEqual(2);
  });
});

describe('sending an answer by email', () => {
  it('queues through the outbox while SMTP is down, shows failed, then sent once SMTP is up', async () => {
    const maildev = await Maildev.reserve();
    const mailer = createMailer({ url: maildev.smtpUrl, from: '"Trove" <no-reply@trove.test>' });
    // The auth service delivers the outbox with this worker (ADR 005); the test runs that very worker.
    // retrySeconds 0: a failed mail is due again at once, so each run is one more attempt.
    const worker = createOutboxWorker({
      db: service.db,
      mailer,
      logger: captureLogs().logger,
      pollMs: 60_000,
      retrySeconds: 0,
    });
    try {
      // Both addresses have confirmed (chat-mail.int.test.ts proves the confirm link); this test is the outbox's.
      await chatDb(service.db)
        .insertInto('chat_mail_recipients')
        .values(
          ['ravi@example.com', 'finance@example.com'].map((address) => ({
            user_id: ann.userId,
            address,
            confirmed_at: new Date(),
          })),
        )
        .execute();
      const chat = await newChat(ann);
      const { answer } = await ask(
        ann,
        chat.id,
        'find invoices over ₹10,000 last month -> email ravi@example.com',
      );
      expect(answer.destination_note).toBeNull();
      expect(answer.deliveries).toEqual([
        expect.objectContaining({ address: 'ravi@example.com', status: 'queued' }),
      ]);

      const sent = await call(ann, 'POST', `/api/v1/chats/${chat.id}/messages/${answer.id}/send`, {
        address: ' Finance@Example.com ',
      });
      expect(sent.status).toBe(202);
      expect(SendAnswerResponseSchema.parse(sent.body).delivery).toMatchObject({
        address: 'finance@example.com',
        status: 'queued',
      });
      const badAddress = await call(ann, 'POST', `/api/v1/chats/${chat.id}/messages/${answer.id}/send`, {
        address: 'nope',
      });
      expect(badAddress.status).toBe(400);

      const statuses = async () => {
        const thread = ChatThreadResponseSchema.parse(
          (await call(ann, 'GET', `/api/v1/chats/${chat.id}`)).body,
        );
        const reply = thread.messages.find((message) => message.id === answer.id);
        return reply?.role === 'assistant' ? reply.deliveries.map((delivery) => delivery.status) : [];
      };

      // SMTP down: three failed attempts (the default CHAT_MAIL_FAILED_AFTER_ATTEMPTS) show as failed.
      expect(await worker.runOnce()).toBe(0);
      expect(await statuses()).toEqual(['queued', 'queued']);
      await worker.runOnce();
      await worker.runOnce();
      expect(await statuses()).toEqual(['failed', 'failed']);

      // SMTP up: the next run delivers both, and the thread says so.
      await maildev.start();
      expect(await worker.runOnce()).toBe(2);
      expect(await statuses()).toEqual(['sent', 'sent']);

      let mails = await maildev.mailsTo('ravi@example.com');
      for (let tries = 0; mails.length === 0 && tries < 100; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        mails = await maildev.mailsTo('ravi@example.com');
      }
      const mail = mails[0];
      expect(mail?.subject).toBe(`An answer from Trove, sent by ${ann.email}`);
      // What was asked, without the instruction where to send it.
      expect(mail?.text).toContain('Question: find invoices over ₹10,000 last month\n');
      expect(mail?.text).not.toContain('-> email');
      const firstPassage = answer.passages[0]?.passage_id ?? '';
      const firstDocument = answer.passages[0]?.document_id ?? '';
      // Issue 38 item 1: a passage opens its document's page, at the passage.
      expect(mail?.text).toContain(`http://localhost/documents/${firstDocument}#passage-${firstPassage}`);
      expect(mail?.text).toContain('₹11,800');
      for (const sentence of answer.summary) expect(mail?.text).toContain(sentence.text);
      expect(mail?.html).toContain('<table');
      expect(mail?.html).toContain(`/documents/${firstDocument}#passage-${firstPassage}`);
    } finally {
      await worker.stop();
      mailer.close();
      await maildev.stop();
    }
  });
});

// The sending limits (hour, day, per recipient, the ledger, parallel sends, confirmed recipients) are in
// chat-mail.int.test.ts, each with settings of its own.
