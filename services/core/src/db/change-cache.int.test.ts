import { testTime } from '@trove/service-core/testing/time';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isFamilyActive, revokeFamily } from '../accounts/sessions.repository';
import { createDatabase, type DatabaseHandle, migrateToLatest } from '../database';
import { createLogger } from '../logger';
import { createMigratedTestDatabase } from '../testing/migrated-database';
import type { TestDatabase } from '../testing/test-database';
import { type ChangeCache, startChangeCache, useChangeCache } from './change-cache';

// Two instances of a service on one database, each with its own cache and listener (docs/decisions/051).

let testDatabase: TestDatabase;
let plain: DatabaseHandle;
const instances: { db: DatabaseHandle; cache: ChangeCache }[] = [];
let userId: string;
const logger = createLogger({ name: 'change-cache-test', level: 'silent' });

beforeAll(async () => {
  testDatabase = await createMigratedTestDatabase();
  plain = createDatabase({ url: testDatabase.url, poolMax: 2 });
  await migrateToLatest(plain);
  for (let i = 0; i < 2; i += 1) {
    const db = createDatabase({ url: testDatabase.url, poolMax: 2 });
    const cache = await startChangeCache({ url: testDatabase.url, logger, maxEntries: 100 });
    useChangeCache(db, cache);
    instances.push({ db, cache });
  }
  userId = (
    await sql<{ id: string }>`insert into users (email) values ('ada@example.com') returning id`.execute(
      plain,
    )
  ).rows[0]?.id as string;
});

afterAll(async () => {
  for (const { db, cache } of instances) {
    await cache.stop();
    await db.destroy();
  }
  await plain?.destroy();
  await testDatabase?.drop();
});

async function newFamily(): Promise<string> {
  return (
    await sql<{ id: string }>`
      insert into refresh_families (user_id) values (${userId}) returning id`.execute(plain)
  ).rows[0]?.id as string;
}

describe('the change cache', () => {
  it('serves an active family from memory once read (a change that announces nothing is not seen)', async () => {
    const [a] = instances;
    const family = await newFamily();
    expect(await isFamilyActive(a?.db as DatabaseHandle, family)).toBe(true);
    // Revoked behind the triggers' back (replica mode fires none): only the database knows.
    await plain.transaction().execute(async (tx) => {
      await sql`set local session_replication_role = replica`.execute(tx);
      await sql`update refresh_families set revoked_at = now() where id = ${family}`.execute(tx);
    });
    expect(await isFamilyActive(a?.db as DatabaseHandle, family)).toBe(true);
    expect(await isFamilyActive(plain, family)).toBe(false);
  });

  it('a family revoked on one instance is refused on the very next check on every instance', async () => {
    for (let round = 0; round < 20; round += 1) {
      const family = await newFamily();
      for (const { db } of instances) expect(await isFamilyActive(db, family)).toBe(true);
      await revokeFamily(instances[round % 2]?.db as DatabaseHandle, family);
      const after = [];
      for (const { db } of instances) after.push(await isFamilyActive(db, family));
      expect({ round, after }).toEqual({ round, after: [false, false] });
    }
  });

  it('a revoked family is never cached, and a user change is announced too', async () => {
    const family = await newFamily();
    await revokeFamily(plain, family);
    const [a] = instances;
    expect(await isFamilyActive(a?.db as DatabaseHandle, family)).toBe(false);
    const load = async () => ({ name: 'Ada' });
    expect(await a?.cache.read('users', userId, load)).toEqual({ name: 'Ada' });
    expect(await a?.cache.read('users', userId, async () => ({ name: 'changed' }))).toEqual({ name: 'Ada' });
    await sql`update users set name = 'Ada Lovelace' where id = ${userId}`.execute(plain);
    // Once the announcement lands (a state, not a time), the cached name is gone and the new one is read.
    await expect
      .poll(() => a?.cache.read('users', userId, async () => ({ name: 'Ada Lovelace' })), {
        timeout: testTime(10_000),
      })
      .toEqual({ name: 'Ada Lovelace' });
  });

  it('while the listener is down nothing is served from memory', async () => {
    const [, b] = instances;
    const family = await newFamily();
    expect(await isFamilyActive(b?.db as DatabaseHandle, family)).toBe(true);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
              where application_name = 'trove-change-listener' and datname = current_database()`.execute(
      plain,
    );
    await plain.transaction().execute(async (tx) => {
      await sql`set local session_replication_role = replica`.execute(tx);
      await sql`update refresh_families set revoked_at = now() where id = ${family}`.execute(tx);
    });
    // The broken listener is noticed on its socket's next event; until it is back, reads go to the table.
    for (let i = 0; i < 50 && b?.cache.listening; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(b?.cache.listening).toBe(false);
    expect(await isFamilyActive(b?.db as DatabaseHandle, family)).toBe(false);
  });
});
