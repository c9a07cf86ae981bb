import { sql } from 'kysely';
import { createDatabase, type DatabaseHandle, migrateToLatest } from './database';
import { startChangeCache, useChangeCache } from './db/change-cache';
import { describeError } from './errors';
import { createLogger, type Logger } from './logger';
import { startServer } from './server';
import type { Servable } from './server';

/** The settings from `baseEnvShape` that running a service needs, plus its own port. */
export interface RunnableEnv {
  HOST: string;
  PORT: number;
  DATABASE_URL: string;
  LOG_LEVEL: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  DB_POOL_MAX: number;
  DB_CONNECT_TIMEOUT_MS: number;
  DB_STATEMENT_TIMEOUT_MS: number;
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: number;
  DATABASE_ROLE?: string | undefined;
  SESSION_CACHE_SIZE: number;
}

/** A start-up failure whose message is the one line a person can act on (it names the setting). */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}

export interface RunServiceOptions<Env extends RunnableEnv> {
  /** `auth` → log name and messages. */
  name: string;
  env: Env;
  /** The setting that chose the port (`AUTH_PORT`), named when it is busy. */
  portVariable: string;
  /** Builds the app once the schema is current; may throw {@link StartupError}. */
  build(context: {
    env: Env;
    db: DatabaseHandle;
    logger: Logger;
  }):
    | Promise<{ app: Servable; onShutdown?: () => Promise<void> | void }>
    | { app: Servable; onShutdown?: () => Promise<void> | void };
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/**
 * What every service's main.ts does: migrate, build the app, serve it, and on SIGTERM stop taking
 * requests, let the service clean up and close the pool. Failures print one line and exit 1.
 */
export async function runService<Env extends RunnableEnv>(options: RunServiceOptions<Env>): Promise<void> {
  const { env, name } = options;
  const logger = createLogger({ name, level: env.LOG_LEVEL });

  // Migrations get a handle of their own without the statement timeout: waiting for another instance's
  // migration lock, or a slow DDL on a big table, is not an outage.
  const migrationDb = createDatabase({
    url: env.DATABASE_URL,
    poolMax: 1,
    logger,
    connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS,
  });
  try {
    const ran = await migrateToLatest(migrationDb);
    if (ran.length > 0) logger.info({ migrations: ran }, 'migrated');
  } catch (err) {
    // One line a person can act on; the stack adds nothing when the server is simply not there.
    await migrationDb.destroy().catch(() => undefined);
    fail(`Cannot migrate the database (DATABASE_URL): ${describeError(err)}`);
  }
  await migrationDb.destroy();

  const db = createDatabase({
    url: env.DATABASE_URL,
    poolMax: env.DB_POOL_MAX,
    logger,
    connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
    idleInTransactionTimeoutMs: env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    role: env.DATABASE_ROLE,
  });
  if (env.DATABASE_ROLE !== undefined) {
    // Said at start, in one line, rather than as a 503 on every request.
    try {
      await sql`select 1`.execute(db);
    } catch (err) {
      await db.destroy().catch(() => undefined);
      fail(`Cannot run as DATABASE_ROLE=${env.DATABASE_ROLE}: ${describeError(err)}`);
    }
  }
  // Session families and users read once, forgotten when they change anywhere (docs/decisions/051).
  const changes =
    env.SESSION_CACHE_SIZE > 0
      ? await startChangeCache({
          url: env.DATABASE_URL,
          role: env.DATABASE_ROLE,
          logger,
          maxEntries: env.SESSION_CACHE_SIZE,
        })
      : undefined;
  if (changes !== undefined) useChangeCache(db, changes);
  let built: Awaited<ReturnType<RunServiceOptions<Env>['build']>>;
  try {
    built = await options.build({ env, db, logger });
  } catch (err) {
    await db.destroy().catch(() => undefined);
    if (err instanceof StartupError) fail(err.message);
    throw err;
  }

  await startServer(built.app, {
    port: env.PORT,
    host: env.HOST,
    portVariable: options.portVariable,
    logger,
    onShutdown: async () => {
      await built.onShutdown?.();
      await changes?.stop();
      await db.destroy();
    },
  });
}
