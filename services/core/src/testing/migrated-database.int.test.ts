import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest } from '../database';
import { migrations } from '../db/migrations/index';
import { createMigratedTestDatabase } from './migrated-database';
import { onServer, type TestDatabase } from './test-database';

const made: TestDatabase[] = [];

afterAll(async () => {
  await Promise.all(made.map((database) => database.drop()));
});

describe('a migrated test database', () => {
  it('is a copy of one template per migration set, holding every migration, built once for files that start together', async () => {
    const [first, second] = await Promise.all([createMigratedTestDatabase(), createMigratedTestDatabase()]);
    made.push(first, second);
    for (const database of [first, second]) {
      const db = createDatabase({ url: database.url, poolMax: 1 });
      try {
        // Nothing left to run: the copy already holds them all.
        expect(await migrateToLatest(db)).toEqual([]);
        const ran = await db
          .selectFrom('kysely_migration' as never)
          .select('name' as never)
          .execute();
        expect(ran).toHaveLength(Object.keys(migrations).length);
      } finally {
        await db.destroy();
      }
    }
    const templates = await onServer(
      process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      async (client) =>
        (
          await client.query<{ name: string; connections: boolean }>(
            `select datname as name, datallowconn as connections from pg_database
              where datistemplate and datname like 'trove_template_%'`,
          )
        ).rows,
    );
    // No session may open the template, or every copy of it would fail.
    expect(templates.length).toBeGreaterThan(0);
    expect(templates.every((template) => !template.connections)).toBe(true);
  });
});
