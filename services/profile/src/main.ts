import {
  createDatabase,
  createLogger,
  describeError,
  migrateToLatest,
  parseEnv,
  remoteVerificationKeys,
  startServer,
} from '@trove/service-core';
import { createProfileApp } from './app';
import { ProfileEnvSchema } from './env';

const env = parseEnv(ProfileEnvSchema);
const logger = createLogger({ name: 'profile', level: env.LOG_LEVEL });
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

const verificationKey = remoteVerificationKeys(env.AUTH_JWKS_URL);

await startServer(createProfileApp({ db, logger, verificationKey, product: env.APP_NAME }), {
  port: env.PORT,
  host: env.HOST,
  portVariable: 'PROFILE_PORT',
  logger,
  onShutdown: () => db.destroy(),
});
