import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { createDatabase, migrateToLatest } from '../database';
import { createTestDatabase, DEFAULT_SERVER_URL, onServer, type TestDatabase } from './test-database';

// A test file's fresh database as a copy of one migrated once per migration set (docs/decisions/078): running
// the 30-odd migrations took 2–2.6 s a database on a loaded two-core machine, and a run makes ~100 of them;
// `CREATE DATABASE … TEMPLATE` copies the migrated one in a fraction of that. The template's name carries a
// hash of the migrations' source, so a changed or added migration gets a template of its own, and runs of
// different checkouts sharing one server never clone each other's.

const MIGRATIONS_DIR = fileURLToPath(new URL('../db/migrations', import.meta.url));
/** pg_advisory_lock key of template builds: any fixed number; one build at a time on a server. */
const TEMPLATE_LOCK = 7_305_221_418;
/** Templates of other migration sets older than this are dropped when a new one is built. */
const STALE_TEMPLATE_MS = 24 * 60 * 60 * 1000;

const templates = new Map<string, Promise<string>>();

/** The migrations' source, hashed: the template's identity. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(file);
    hash.update(readFileSync(join(MIGRATIONS_DIR, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Builds the template under the server-wide lock unless a finished one (marked a template) is there. */
async function buildTemplate(serverUrl: string, name: string): Promise<string> {
  return onServer(serverUrl, async (client) => {
    await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const done = await client.query('select 1 from pg_database where datname = $1 and datistemplate', [
        name,
      ]);
      if (done.rowCount === 1) return name;
      const id = client.escapeIdentifier(name);
      // A build that died half-way left a database that is not marked: start it again.
      await client.query(`DROP DATABASE IF EXISTS ${id} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${id}`);
      const db = createDatabase({ url: databaseUrl(serverUrl, name), poolMax: 1 });
      try {
        await migrateToLatest(db);
      } finally {
        await db.destroy();
      }
      await client.query(`COMMENT ON DATABASE ${id} IS ${client.escapeLiteral(new Date().toISOString())}`);
      // No connections: a session on the template would make every copy of it fail.
      await client.query(`ALTER DATABASE ${id} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
      await dropStaleTemplates(client, name);
      return name;
    } finally {
      await client.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
}

/** Other migration sets' templates a day old: a developer's server does not collect one per change. */
async function dropStaleTemplates(client: pg.Client, keep: string): Promise<void> {
  const { rows } = await client.query<{ name: string; made: string | null }>(
    `select d.datname as name, shobj_description(d.oid, 'pg_database') as made
       from pg_database d where d.datistemplate and d.datname like 'trove_template_%' and d.datname <> $1`,
    [keep],
  );
  for (const { name, made } of rows) {
    if (made !== null && Date.now() - Date.parse(made) < STALE_TEMPLATE_MS) continue;
    const id = client.escapeIdentifier(name);
    await client.query(`ALTER DATABASE ${id} WITH IS_TEMPLATE false`);
    await client.query(`DROP DATABASE IF EXISTS ${id}`);
  }
}

/**
 * A fresh database `trove_test_<random>` holding every migration, copied from this migration set's template
 * (built on first use, once per server). For a test of the migrations themselves, use createTestDatabase.
 */
export async function createMigratedTestDatabase(
  serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? DEFAULT_SERVER_URL,
): Promise<TestDatabase> {
  return createTestDatabase(serverUrl, await migratedTemplate(serverUrl));
}

/**
 * The name of this migration set's template on the server of `serverUrl`, built on first use. The test stacks
 * (infra's isolated stacks) copy it for their fresh databases too.
 */
export function migratedTemplate(serverUrl: string): Promise<string> {
  const name = `trove_template_${migrationsHash()}`;
  let template = templates.get(`${serverUrl} ${name}`);
  if (template === undefined) {
    template = buildTemplate(serverUrl, name);
    templates.set(`${serverUrl} ${name}`, template);
    template.catch(() => templates.delete(`${serverUrl} ${name}`));
  }
  return template;
}
