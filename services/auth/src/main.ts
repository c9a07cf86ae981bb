import {
  createMailer,
  createOutboxWorker,
  describeError,
  parseEnv,
  runService,
  StartupError,
} from '@trove/service-core';
import { createAuthApp } from './app';
import { AuthEnvSchema } from './env';
import { loadSigningKeys } from './keys/signing-keys';
import { createRetentionJob } from './retention/retention-job';

await runService({
  name: 'auth',
  env: parseEnv(AuthEnvSchema),
  portVariable: 'AUTH_PORT',
  async build({ env, db, logger }) {
    let keys: Awaited<ReturnType<typeof loadSigningKeys>>;
    try {
      keys = await loadSigningKeys({ pem: env.AUTH_SIGNING_KEY, dir: env.AUTH_KEY_DIR });
    } catch (err) {
      throw new StartupError(
        `Cannot load the signing key (AUTH_SIGNING_KEY / AUTH_KEY_DIR): ${describeError(err)}`,
      );
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
    const retention = createRetentionJob({
      db,
      logger,
      retentionDays: env.RETENTION_DAYS,
      intervalSeconds: env.RETENTION_INTERVAL_SECONDS,
    });
    retention.start();
    return {
      app: createAuthApp({ db, logger, env, keys, mailQueued: () => worker.kick() }),
      onShutdown: async () => {
        await Promise.all([worker.stop(), retention.stop()]);
        mailer.close();
      },
    };
  },
});
