import {
  AskResponseSchema,
  CHAT_MAIL_CODES,
  CHAT_RECIPIENT_CONFIRM_PATH,
  ChatResponseSchema,
} from '@trove/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractDocument } from '../extraction';
import { type SearchTestService, type SignedInUser, startSearchTestService } from '../testing/search-service';
import { chatDb } from './chat-tables';

// Issue 18 item 1: chat mail is no relay. Sends are counted in a ledger that deleting chats never touches,
// reserved under a per-user lock (parallel sends stop exactly at the limit), capped per day and per
// recipient, an address other than the account's own confirms once, and the mail's subject is fixed.

const LIMITS = { mailsPerHour: 5, mailsPerDay: 8, mailsPerRecipientPerDay: 3 };
let limited: SearchTestService;
let roomy: SearchTestService;

async function call(
  service: SearchTestService,
  user: SignedInUser | undefined,
  method: string,
  path: string,
  body?: unknown,
) {
  const init: RequestInit = { method };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'Content-Type': 'application/json' };
  }
  const response = await service.request(user, path, init);
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    // An HTML page (the confirm link's).
  }
  return {
    status: response.status,
    body: parsed as { error?: string; code?: string } & Record<string, unknown>,
  };
}

/** A user with one answered question in a chat of their own. */
async function answered(service: SearchTestService, user: SignedInUser) {
  const created = await call(service, user, 'POST', '/api/v1/chats', {});
  const chat = ChatResponseSchema.parse(created.body).chat;
  const asked = await call(service, user, 'POST', `/api/v1/chats/${chat.id}/messages`, {
    text: 'find invoices',
  });
  return { chatId: chat.id, answerId: AskResponseSchema.parse(asked.body).answer.id };
}

const send = (
  service: SearchTestService,
  user: SignedInUser,
  at: { chatId: string; answerId: string },
  address: string,
) => call(service, user, 'POST', `/api/v1/chats/${at.chatId}/messages/${at.answerId}/send`, { address });

const outboxTo = (service: SearchTestService, address: string) =>
  chatDb(service.db)
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body', 'html_body'])
    .where('to_address', '=', address)
    .orderBy('id')
    .execute();

const ledger = async (service: SearchTestService, userId: string) =>
  Number(
    (
      await chatDb(service.db)
        .selectFrom('chat_mail_sends')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

function confirmToken(text: string): string {
  const match = text.match(/confirm\?token=([A-Za-z0-9_-]{43})/);
  if (!match?.[1]) throw new Error(`no confirm link in: ${text}`);
  return match[1];
}

const postConfirm = (service: SearchTestService, token: string) =>
  service.app.request(CHAT_RECIPIENT_CONFIRM_PATH, {
    method: 'POST',
    body: new URLSearchParams({ token }),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });

beforeAll(async () => {
  [limited, roomy] = await Promise.all([
    startSearchTestService({ chats: LIMITS }),
    // 30 sends at once go one at a time behind the user's ledger lock, each holding one of the pool's 4
    // connections: on a busy machine the last waited past the default 2 s for a connection (a 503, not a 202).
    startSearchTestService({
      chats: { mailsPerHour: 100, mailsPerDay: 1000, mailsPerRecipientPerDay: 100 },
      connectTimeoutMs: 30_000,
    }),
  ]);
  for (const service of [limited, roomy]) {
    const owner = await service.signUp();
    await service.upload(owner, [{ name: 'invoice.txt', text: 'Invoice INV-1 from Globex. Total ₹1,000.' }]);
    const worker = service.worker(extractDocument);
    while (await worker.runOnce()) {
      // Index the one upload.
    }
  }
});

afterAll(async () => {
  await Promise.all([limited?.close(), roomy?.close()]);
});

describe('the hourly limit is kept in a ledger', () => {
  it('create chat → ask → send → delete chat, repeated, stops at CHAT_MAILS_PER_HOUR', async () => {
    const mallory = await limited.signUp();
    // Four addresses (three confirmed), so no per-recipient cap is reached before the hourly one.
    const victims = ['a', 'b', 'c'].map((name) => `${name}-${mallory.userId}@example.com`);
    await chatDb(limited.db)
      .insertInto('chat_mail_recipients')
      .values(victims.map((address) => ({ user_id: mallory.userId, address, confirmed_at: new Date() })))
      .execute();
    const addresses = [mallory.email, ...victims];
    const results: { status: number; error?: string | undefined }[] = [];
    for (let round = 0; round < 8; round += 1) {
      const at = await answered(limited, mallory);
      const sent = await send(limited, mallory, at, addresses[round % addresses.length] ?? '');
      results.push({ status: sent.status, error: sent.body.error });
      // Deleting the chat takes its deliveries with it; the ledger stays.
      expect((await call(limited, mallory, 'DELETE', `/api/v1/chats/${at.chatId}`)).status).toBe(204);
    }
    expect(results.map((result) => result.status)).toEqual([202, 202, 202, 202, 202, 429, 429, 429]);
    expect(results[5]?.error).toBe(
      'You have mailed 5 answers in the last hour, the most there can be — try again later.',
    );
    expect(await ledger(limited, mallory.userId)).toBe(5);
    // Another user's quota is their own.
    const other = await limited.signUp();
    expect((await send(limited, other, await answered(limited, other), other.email)).status).toBe(202);
  });

  it('a command "-> email" past the limit keeps the answer and says why it was not mailed', async () => {
    const user = await limited.signUp();
    const at = await answered(limited, user);
    for (let sent = 0; sent < 3; sent += 1)
      expect((await send(limited, user, at, user.email)).status).toBe(202);
    const created = await call(limited, user, 'POST', '/api/v1/chats', {});
    const chatId = ChatResponseSchema.parse(created.body).chat.id;
    const asked = await call(limited, user, 'POST', `/api/v1/chats/${chatId}/messages`, {
      text: `find invoices -> email ${user.email}`,
    });
    expect(asked.status).toBe(201);
    const { answer } = AskResponseSchema.parse(asked.body);
    expect(answer.deliveries).toEqual([]);
    expect(answer.destination_note).toMatch(/the most one address can get/);
  });

  it('30 parallel sends stop exactly at the limit', async () => {
    const user = await roomy.signUp();
    const at = await answered(roomy, user);
    // A service whose only binding limit is 100 an hour, after 90 sends: 30 at once leave exactly 10.
    await chatDb(roomy.db)
      .insertInto('chat_mail_sends')
      .values(
        Array.from({ length: 90 }, () => ({
          user_id: user.userId,
          recipient: 'old@example.com',
          kind: 'answer' as const,
        })),
      )
      .execute();
    const results = await Promise.all(Array.from({ length: 30 }, () => send(roomy, user, at, user.email)));
    // Every answer is a 202 or the limit's 429 (a list of the statuses says which when not).
    expect(
      results.map((result) => result.status).filter((status) => status !== 202 && status !== 429),
    ).toEqual([]);
    expect(results.filter((result) => result.status === 202)).toHaveLength(10);
    expect(results.filter((result) => result.status === 429)).toHaveLength(20);
    expect(results.find((result) => result.status === 429)?.body.error).toMatch(/last hour/);
    expect(await ledger(roomy, user.userId)).toBe(100);
    expect(await outboxTo(roomy, user.email)).toHaveLength(10);
  });
});

describe('the daily and per-recipient caps', () => {
  it('CHAT_MAILS_PER_RECIPIENT_PER_DAY, then CHAT_MAILS_PER_DAY across addresses (confirm mails count)', async () => {
    const user = await limited.signUp();
    const at = await answered(limited, user);
    for (let sent = 0; sent < 3; sent += 1)
      expect((await send(limited, user, at, user.email)).status).toBe(202);
    const fourth = await send(limited, user, at, user.email);
    expect(fourth.status).toBe(429);
    expect(fourth.body.error).toBe(
      `${user.email} has been sent 3 mails from you in the last day, the most one address can get — try again tomorrow.`,
    );
    expect(fourth.body.retry_after).toBe(86_400);

    // Move the three sends past the hour: the hour is free again, the day is not.
    await chatDb(limited.db)
      .updateTable('chat_mail_sends')
      .set({ sent_at: new Date(Date.now() - 2 * 3_600_000) })
      .where('user_id', '=', user.userId)
      .execute();
    const friend = `friend-${user.userId}@example.com`;
    expect((await send(limited, user, at, friend)).status).toBe(403); // 4: the confirm mail
    const [confirm] = await outboxTo(limited, friend);
    expect((await postConfirm(limited, confirmToken(confirm?.text_body ?? ''))).status).toBe(200);
    for (let sent = 0; sent < 2; sent += 1) expect((await send(limited, user, at, friend)).status).toBe(202); // 5, 6
    const other = `other-${user.userId}@example.com`;
    expect((await send(limited, user, at, other)).status).toBe(403); // 7
    await chatDb(limited.db)
      .updateTable('chat_mail_recipients')
      .set({ confirmed_at: new Date(), token_hash: null })
      .where('address', '=', other)
      .execute();
    expect((await send(limited, user, at, other)).status).toBe(202); // 8
    const over = await send(limited, user, at, other);
    expect(over.status).toBe(429);
    expect(over.body.error).toMatch(/8 answers in the last day/);
  });
});

describe('an address other than the account’s own', () => {
  it('is refused until it confirms once: one confirm mail, a GET that only shows a button, a single-use POST', async () => {
    const user = await roomy.signUp();
    const at = await answered(roomy, user);
    const stranger = `stranger-${user.userId}@example.com`;

    const first = await send(roomy, user, at, stranger);
    expect(first.status).toBe(403);
    expect(first.body.code).toBe(CHAT_MAIL_CODES.recipientUnconfirmed);
    expect(first.body.error).toBe(
      `${stranger} has not yet confirmed it wants answers from you. We sent it a confirmation link; once it is confirmed, send again.`,
    );
    const again = await send(roomy, user, at, stranger);
    expect(again.status).toBe(403);
    expect(again.body.error).toMatch(/within the last hour/);
    const mails = await outboxTo(roomy, stranger);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Confirm answers from ${user.email} on Trove`);
    const token = confirmToken(mails[0]?.text_body ?? '');

    // A link scanner's GET shows the page and confirms nothing.
    const page = await roomy.app.request(`${CHAT_RECIPIENT_CONFIRM_PATH}?token=${token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form method="post"');
    expect((await send(roomy, user, at, stranger)).status).toBe(403);
    expect((await roomy.app.request(`${CHAT_RECIPIENT_CONFIRM_PATH}?token=short`)).status).toBe(400);

    const confirmed = await postConfirm(roomy, token);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain(`${user.email} can now send you answers from Trove`);
    expect((await postConfirm(roomy, token)).status).toBe(404);
    expect((await send(roomy, user, at, stranger)).status).toBe(202);

    // Confirmed for this account only.
    const other = await roomy.signUp();
    expect((await send(roomy, other, await answered(roomy, other), stranger)).status).toBe(403);
  });

  it('the account’s own address needs no confirmation', async () => {
    const user = await roomy.signUp();
    expect((await send(roomy, user, await answered(roomy, user), user.email.toUpperCase())).status).toBe(202);
  });
});

describe('the mail itself', () => {
  it('has a fixed subject naming the sender; the question is in the body', async () => {
    const user = await roomy.signUp();
    const created = await call(roomy, user, 'POST', '/api/v1/chats', {});
    const chatId = ChatResponseSchema.parse(created.body).chat.id;
    const question = 'Bcc: victim@example.com buy cheap watches';
    const asked = await call(roomy, user, 'POST', `/api/v1/chats/${chatId}/messages`, {
      text: `${question} -> email ${user.email}`,
    });
    expect(asked.status).toBe(201);
    const [mail] = await outboxTo(roomy, user.email);
    expect(mail?.subject).toBe(`An answer from Trove, sent by ${user.email}`);
    expect(mail?.text_body).toContain(`${user.email} sent you this answer from Trove.`);
    expect(mail?.text_body).toContain(`Question: ${question}`);
  });

  it("names the sender by the profile's name, with the address (issue 38)", async () => {
    const user = await roomy.signUp();
    await chatDb(roomy.db)
      .updateTable('users')
      .set({ name: 'Asha Rao' })
      .where('id', '=', user.userId)
      .execute();
    const at = await answered(roomy, user);
    expect((await send(roomy, user, at, user.email)).status).toBe(202);
    const [mail] = await outboxTo(roomy, user.email);
    expect(mail?.subject).toBe(`An answer from Trove, sent by Asha Rao (${user.email})`);
    expect(mail?.text_body).toContain(`Asha Rao (${user.email}) sent you this answer from Trove.`);
  });
});
