import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TestDatabase {
  /** Connection URL of the new, empty database. */
  url: string;
  /** Drops the database, cutting any connections still open to it. */
  drop(): Promise<void>;
}

export const DEFAULT_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database `trove_test_<random>` on the PostgreSQL server at TEST_DATABASE_URL (else
 * DATABASE_URL, else the local server on 5432), so each test file starts from nothing and files can
 * run in parallel. Empty, or a copy of `template` (createMigratedTestDatabase passes its migrated one).
 */
export async function createTestDatabase(
  serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? DEFAULT_SERVER_URL,
  template?: string,
): Promise<TestDatabase> {
  const name = `trove_test_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, (client) =>
    client.query(
      `CREATE DATABASE ${client.escapeIdentifier(name)}${template ? ` TEMPLATE ${client.escapeIdentifier(template)}` : ''}`,
    ),
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      onServer(serverUrl, async (client) => {
        // WITH (FORCE) (PostgreSQL 13+) so a pool the test forgot to close cannot keep it alive.
        await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
      }),
  };
}
