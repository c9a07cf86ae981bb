import {
  createDatabase,
  createMailer,
  createOutboxWorker,
  type DatabaseHandle,
  migrateToLatest,
  type OutboxWorker,
} from '@trove/service-core';
import {
  captureLogs,
  codeIn,
  createMigratedTestDatabase,
  Maildev,
  type TestDatabase,
} from '@trove/service-core/testing';
import { call } from './client';
import { CookieJar, createTestAuthApp } from './harness';

export interface AuthTestbed {
  db: DatabaseHandle;
  url: string;
  app: Awaited<ReturnType<typeof createTestAuthApp>>;
  maildev: Maildev;
  worker: OutboxWorker;
  /** Sends what the outbox holds and returns the newest code mailed to `email` (the `count`-th mail). */
  codeFor(email: string, count?: number): Promise<string>;
  /** register → verify: a signed-in, verified account. */
  signUp(email: string, password?: string): Promise<CookieJar>;
  close(): Promise<void>;
}

export const PASSWORD = 'Correct-Horse-9-Battery';

/** A fresh database, a real SMTP receiver, the auth app and its outbox worker. */
export async function createAuthTestbed(settings: Record<string, string> = {}): Promise<AuthTestbed> {
  const testDatabase: TestDatabase = await createMigratedTestDatabase();
  const db = createDatabase({ url: testDatabase.url, poolMax: 8 });
  await migrateToLatest(db);
  const maildev = await Maildev.start();
  const mailer = createMailer({ url: maildev.smtpUrl, from: '"Trove" <no-reply@trove.test>' });
  const worker = createOutboxWorker({
    db,
    mailer,
    logger: captureLogs().logger,
    pollMs: 1_000,
    retrySeconds: 1,
  });
  const app = await createTestAuthApp({ db, url: testDatabase.url, settings });
  const mailCounts = new Map<string, number>();

  const codeFor = async (email: string, count?: number) => {
    await worker.runOnce();
    const expected = count ?? (mailCounts.get(email) ?? 0) + 1;
    const mail = await maildev.waitForMail(email, expected);
    mailCounts.set(email, Math.max(expected, mailCounts.get(email) ?? 0));
    return codeIn(mail);
  };

  return {
    db,
    url: testDatabase.url,
    app,
    maildev,
    worker,
    codeFor,
    async signUp(email, password = PASSWORD) {
      const jar = new CookieJar();
      const registered = await call(app, '/api/v1/auth/password/register', { body: { email, password } });
      if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
      const code = await codeFor(email);
      const verified = await call(app, '/api/v1/auth/otp/verify', {
        body: { target: email, code, purpose: 'verify' },
        jar,
      });
      if (verified.status !== 200) throw new Error(`verify: ${verified.status}`);
      return jar;
    },
    async close() {
      mailer.close();
      await maildev.stop();
      await db.destroy();
      await testDatabase.drop();
    },
  };
}
