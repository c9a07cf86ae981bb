import {
  codeMail,
  createDatabase,
  createMailer,
  type DatabaseHandle,
  enqueueMail,
  type Mailer,
  migrateToLatest,
} from '@trove/service-core';
import {
  CookieJar,
  captureLogs,
  codeIn,
  createTestDatabase,
  Maildev,
  type TestDatabase,
} from '@trove/service-core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../testing/client';
import { createTestAuthApp } from '../testing/harness';
import { PASSWORD } from '../testing/setup';
import { createOutboxWorker } from './outbox-worker';

let testDatabase: TestDatabase;
let db: DatabaseHandle;
let maildev: Maildev;
let mailer: Mailer;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = createDatabase({ url: testDatabase.url, poolMax: 6 });
  await migrateToLatest(db);
  // Ports chosen, server not started: SMTP is down until a test starts it.
  maildev = await Maildev.reserve();
  mailer = createMailer({ url: maildev.smtpUrl, from: '"Trove" <no-reply@trove.test>' });
});

afterAll(async () => {
  mailer?.close();
  await maildev?.stop();
  await db?.destroy();
  await testDatabase?.drop();
});

describe('the mail outbox', () => {
  it('a code requested while SMTP is down arrives once it is back, once', async () => {
    const logs = captureLogs();
    const worker = createOutboxWorker({ db, mailer, logger: logs.logger, pollMs: 1_000, retrySeconds: 1 });
    const app = await createTestAuthApp({ db, url: testDatabase.url });
    const email = 'down-then-up@example.com';
    const registered = await call(app, '/api/v1/auth/password/register', {
      body: { email, password: PASSWORD },
    });
    expect(registered.status).toBe(201);

    expect(await worker.runOnce()).toBe(0);
    const pending = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    expect(pending.sent_at).toBeNull();
    expect(pending.attempts).toBe(1);
    expect(pending.last_error).toBeTruthy();
    // The failure is logged without the address or the code.
    const logged = JSON.stringify(logs.lines());
    expect(logged).toContain('mail not sent');
    expect(logged).not.toContain(email);

    await maildev.start();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await worker.runOnce()).toBe(1);
    const code = codeIn(await maildev.waitForMail(email));
    // Sent: the code's text is cleared from the outbox; the row stays for the delivery status (issue 18 item 14).
    const sent = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    expect(sent.sent_at).not.toBeNull();
    expect(sent.subject).toBe('Your Trove verification code');
    expect([sent.text_body, sent.html_body]).toEqual(['', '']);
    expect(await worker.runOnce()).toBe(0);
    expect(await maildev.mailsTo(email)).toHaveLength(1);

    const jar = new CookieJar();
    const verified = await call(app, '/api/v1/auth/otp/verify', {
      body: { target: email, code, purpose: 'verify' },
      jar,
    });
    expect(verified.status).toBe(200);
  });

  it('two workers (two instances) share the queue without sending a mail twice', async () => {
    for (let index = 0; index < 6; index += 1) {
      await enqueueMail(
        db,
        codeMail({
          product: 'Trove',
          to: `shared${index}@example.com`,
          purpose: 'verify',
          code: '123456',
          minutes: 10,
        }),
      );
    }
    const logger = captureLogs().logger;
    const first = createOutboxWorker({ db, mailer, logger, pollMs: 1_000, retrySeconds: 1 });
    const second = createOutboxWorker({ db, mailer, logger, pollMs: 1_000, retrySeconds: 1 });
    const [a, b] = await Promise.all([first.runOnce(), second.runOnce()]);
    expect(a + b).toBe(6);
    for (let index = 0; index < 6; index += 1) {
      await maildev.waitForMail(`shared${index}@example.com`);
      expect(await maildev.mailsTo(`shared${index}@example.com`)).toHaveLength(1);
    }
  });

  it('with the worker running, codes requested while SMTP is down are delivered by themselves after it returns', async () => {
    // docs/decisions/009-deploy-story.md, "Faults": no poke from a test, only the running worker's poll
    // and back-off (MAIL_POLL_MS, MAIL_RETRY_SECONDS).
    await maildev.stop();
    const worker = createOutboxWorker({
      db,
      mailer,
      logger: captureLogs().logger,
      pollMs: 200,
      retrySeconds: 1,
    });
    worker.start();
    try {
      const app = await createTestAuthApp({ db, url: testDatabase.url });
      const emails = [0, 1, 2].map((index) => `outage${index}@example.com`);
      for (const email of emails) {
        const res = await call(app, '/api/v1/auth/password/register', {
          body: { email, password: PASSWORD },
        });
        expect(res.status).toBe(201);
      }
      const smtpDownFor = 1_500;
      await new Promise((resolve) => setTimeout(resolve, smtpDownFor));
      const failed = await db
        .selectFrom('mail_outbox')
        .select(['attempts', 'sent_at'])
        .where('to_address', 'in', emails)
        .execute();
      expect(failed).toHaveLength(3);
      expect(failed.every((mail) => mail.sent_at === null && mail.attempts >= 1)).toBe(true);

      const back = performance.now();
      await maildev.start();
      for (const email of emails) codeIn(await maildev.waitForMail(email));
      const deliveredAfter = performance.now() - back;
      console.log(
        `[faults] SMTP down ${smtpDownFor} ms: ${emails.length} codes queued, all delivered ${Math.round(deliveredAfter)} ms after SMTP returned (attempts while down: ${failed.map((mail) => mail.attempts).join(', ')})`,
      );
      for (const email of emails) expect(await maildev.mailsTo(email)).toHaveLength(1);
    } finally {
      await worker.stop();
    }
  });
});
