import { testTime } from '@trove/service-core/testing/time';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle, migrateToLatest, SERVICE_DATABASE_ROLES } from '../database';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';

// Issue 18 item 16: each service's role reaches only its own tables, on a real server, as the services
// connect (DATABASE_ROLE in the connection's start-up packet).

let testDatabase: TestDatabase;
let owner: DatabaseHandle;
const asRole: Partial<Record<keyof typeof SERVICE_DATABASE_ROLES, DatabaseHandle>> = {};

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  owner = createDatabase({ url: testDatabase.url, poolMax: 2 });
  await migrateToLatest(owner);
  for (const [service, role] of Object.entries(SERVICE_DATABASE_ROLES))
    asRole[service as keyof typeof SERVICE_DATABASE_ROLES] = createDatabase({
      url: testDatabase.url,
      poolMax: 1,
      role,
    });
}, testTime(60_000));
afterAll(async () => {
  for (const db of Object.values(asRole)) await db?.destroy();
  await owner?.destroy();
  await testDatabase?.drop();
});

/** 'ok', or 'denied' for PostgreSQL's insufficient_privilege; anything else is thrown. */
async function attempt(db: DatabaseHandle | undefined, statement: string): Promise<'ok' | 'denied'> {
  try {
    await sql.raw(statement).execute(db as DatabaseHandle);
    return 'ok';
  } catch (err) {
    if ((err as { code?: string }).code === '42501') return 'denied';
    throw err;
  }
}

describe('per-service database roles', () => {
  it('statements run as the role, not as the connecting user', async () => {
    const row = await sql<{ who: string }>`select current_user as who`.execute(
      asRole.search as DatabaseHandle,
    );
    expect(row.rows[0]?.who).toBe('trove_search');
  });

  it("search reads an account's address but never its password hash, codes or sessions' tokens", async () => {
    const search = asRole.search;
    expect(await attempt(search, 'select id, email from users')).toBe('ok');
    expect(await attempt(search, 'select password_hash from users')).toBe('denied');
    expect(await attempt(search, 'update users set email = email')).toBe('denied');
    expect(await attempt(search, 'select * from one_time_codes')).toBe('denied');
    expect(await attempt(search, 'select * from refresh_tokens')).toBe('denied');
    expect(await attempt(search, 'select * from profiles')).toBe('denied');
    // The profile's time zone, for after:/before: (issue 19 item 4), and nothing else of it.
    expect(await attempt(search, 'select user_id, timezone from profiles')).toBe('ok');
    expect(await attempt(search, 'select city from profiles')).toBe('denied');
    expect(await attempt(search, 'select id from refresh_families')).toBe('ok');
    expect(await attempt(search, 'delete from documents where false')).toBe('ok');
    expect(await attempt(search, 'delete from chat_mail_sends where false')).toBe('ok');
  });

  it('profile reaches users and profiles, not codes, tokens, documents or chats', async () => {
    const profile = asRole.profile;
    expect(await attempt(profile, 'update users set name = name where false')).toBe('ok');
    expect(await attempt(profile, 'delete from profiles where false')).toBe('ok');
    expect(await attempt(profile, 'delete from users where false')).toBe('denied');
    expect(await attempt(profile, 'select * from one_time_codes')).toBe('denied');
    expect(await attempt(profile, 'select * from refresh_tokens')).toBe('denied');
    expect(await attempt(profile, 'select * from documents')).toBe('denied');
    expect(await attempt(profile, 'select * from chats')).toBe('denied');
  });

  it('auth reaches accounts and sessions, not profiles, documents, passages or chats', async () => {
    const auth = asRole.auth;
    expect(await attempt(auth, 'select * from one_time_codes')).toBe('ok');
    expect(await attempt(auth, 'delete from login_throttle where false')).toBe('ok');
    expect(await attempt(auth, 'select * from profiles')).toBe('denied');
    expect(await attempt(auth, 'select * from documents')).toBe('denied');
    expect(await attempt(auth, 'select * from passages')).toBe('denied');
    expect(await attempt(auth, 'select * from chat_messages')).toBe('denied');
  });

  it('sources reach their own tables and write the intake; never documents, passages, chats or accounts (docs/decisions/170)', async () => {
    const sources = asRole.sources;
    for (const table of [
      'sources',
      'source_folders',
      'source_messages',
      'source_cursors',
      'source_files',
      'source_file_chunks',
    ])
      expect(await attempt(sources, `delete from ${table} where false`), table).toBe('ok');
    expect(await attempt(sources, 'select id from source_intake')).toBe('ok');
    expect(await attempt(sources, 'delete from source_intake where false')).toBe('denied');
    expect(await attempt(sources, 'select id from refresh_families')).toBe('ok');
    for (const table of [
      'documents',
      'passages',
      'source_documents',
      'search_jobs',
      'chats',
      'users',
      'profiles',
    ])
      expect(await attempt(sources, `select * from ${table}`), table).toBe('denied');
  });

  it("search takes the intake and reads a source's name, never its sealed password or checkpoints", async () => {
    const search = asRole.search;
    expect(await attempt(search, 'delete from source_intake where false')).toBe('ok');
    expect(await attempt(search, 'insert into source_intake select * from source_intake where false')).toBe(
      'denied',
    );
    expect(await attempt(search, 'select id, user_id, kind, name, settings, detail from sources')).toBe('ok');
    expect(await attempt(search, 'select secret from sources')).toBe('denied');
    expect(await attempt(search, 'update sources set name = name where false')).toBe('denied');
    for (const table of [
      'source_folders',
      'source_messages',
      'source_cursors',
      'source_files',
      'source_file_chunks',
    ])
      expect(await attempt(search, `select * from ${table}`), table).toBe('denied');
  });

  it('every table is given to some service: a migration that adds one must grant it', async () => {
    const ungranted = await sql<{ table_name: string }>`
      select c.relname as table_name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and c.relname not like 'kysely_%'
        and not exists (
          select from unnest(array['trove_auth', 'trove_profile', 'trove_search', 'trove_sources']) as r(role)
          where has_table_privilege(r.role, c.oid, 'select')
             or has_any_column_privilege(r.role, c.oid, 'select')
             or has_table_privilege(r.role, c.oid, 'insert')
        )
      order by 1`.execute(owner);
    expect(ungranted.rows.map((row) => row.table_name)).toEqual([]);
  });

  it('a role that does not exist fails the connection instead of running with the user’s own rights', async () => {
    const missing = createDatabase({ url: testDatabase.url, poolMax: 1, role: 'trove_nobody' });
    try {
      await expect(sql`select 1`.execute(missing)).rejects.toThrow(/role "trove_nobody" does not exist/);
    } finally {
      await missing.destroy();
    }
  });
});
