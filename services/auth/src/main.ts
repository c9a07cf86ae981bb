import {
  createDatabase,
  createLogger,
  createMailer,
  describeError,
  migrateToLatest,
  parseEnv,
  startServer,
} from '@trove/service-core';
import { createAuthApp } from './app';
import { AuthEnvSchema } from './env';
import { loadSigningKeys } from './keys/signing-keys';
import { createOutboxWorker } from './mail/outbox-worker';

const env = parseEnv(AuthEnvSchema);
const logger = createLogger({ name: 'auth', level: env.LOG_LEVEL });
const db = createDatabase({ url: env.DATABASE_URL, poolMax: env.DB_POOL_MAX, logger });

try {
  const ran = await migrateToLatest(db);
  if (ran.length > 0) logger.info({ migrations: ran }, 'migrated');
} catch (err) {
  // One line a person can act on; the stack adds nothing when the server is simply not there.
  process.stderr.write(`Cannot migrate the database (DATABASE_URL): ${describeError(err)}\n`);
  await db.destroy();
  process.exit(1);
}

let keys: Awaited<ReturnType<typeof loadSigningKeys>>;
try {
  keys = await loadSigningKeys({ pem: env.AUTH_SIGNING_KEY, dir: env.AUTH_KEY_DIR });
} catch (err) {
  process.stderr.write(
    `Cannot load the signing key (AUTH_SIGNING_KEY / AUTH_KEY_DIR): ${describeError(err)}\n`,
  );
  await db.destroy();
  process.exit(1);
}

const mailer = createMailer({
  url: env.SMTP_URL,
  from: env.MAIL_FROM ?? `"${env.APP_NAME}" <no-reply@trove.local>`,
});
const worker = createOutboxWorker({
  db,
  mailer,
  logger,
  pollMs: env.MAIL_POLL_MS,
  retrySeconds: env.MAIL_RETRY_SECONDS,
});
worker.start();

await startServer(createAuthApp({ db, logger, env, keys, mailQueued: () => worker.kick() }), {
  port: env.PORT,
  host: env.HOST,
  portVariable: 'AUTH_PORT',
  logger,
  onShutdown: async () => {
    await worker.stop();
    mailer.close();
    await db.destroy();
  },
});
