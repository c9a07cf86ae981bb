import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle, migrateToLatest } from '../database';
import { createMailer, type Mailer } from '../mailer';
import { captureLogs } from '../testing/log-capture';
import { codeIn, Maildev } from '../testing/maildev';
import { createMigratedTestDatabase } from '../testing/migrated-database';
import type { TestDatabase } from '../testing/test-database';
import { codeMail } from './mail-templates';
import { enqueueMail } from './outbox.repository';
import { createOutboxWorker } from './outbox-worker';

// The worker on its own: each test queues mail the way the auth service does when a code is requested
// (codeMail + enqueueMail); that a mailed code then verifies is the auth service's tests' business.

let testDatabase: TestDatabase;
let db: DatabaseHandle;
let maildev: Maildev;
let mailer: Mailer;

beforeAll(async () => {
  testDatabase = await createMigratedTestDatabase();
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

/** Queues a verification code to `to`, as the auth service does for a registration. */
function queueCode(to: string, code = '123456') {
  return enqueueMail(db, codeMail({ product: 'Trove', to, purpose: 'verify', code, minutes: 10 }));
}

describe('the mail outbox', () => {
  it('a code queued while SMTP is down arrives once it is back, once', async () => {
    const logs = captureLogs();
    const worker = createOutboxWorker({ db, mailer, logger: logs.logger, pollMs: 1_000, retrySeconds: 1 });
    const email = 'down-then-up@example.com';
    await queueCode(email, '654321');

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
    expect(logged).not.toContain('654321');

    await maildev.start();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await worker.runOnce()).toBe(1);
    expect(codeIn(await maildev.waitForMail(email))).toBe('654321');
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
  });

  it('two workers (two instances) share the queue without sending a mail twice', async () => {
    for (let index = 0; index < 6; index += 1) await queueCode(`shared${index}@example.com`);
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

  it('with the worker running, codes queued while SMTP is down are delivered by themselves after it returns', async () => {
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
      const emails = [0, 1, 2].map((index) => `outage${index}@example.com`);
      for (const email of emails) await queueCode(email);
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
