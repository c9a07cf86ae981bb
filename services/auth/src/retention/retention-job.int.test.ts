import { createDatabase, type DatabaseHandle, migrateToLatest } from '@trove/service-core';
import { captureLogs, createMigratedTestDatabase, type TestDatabase } from '@trove/service-core/testing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRetentionJob } from './retention-job';

// Issue 18 item 14: the purge keeps RETENTION_DAYS of sent mail, codes and ended sessions, on real
// PostgreSQL, with explicit dates instead of waits.

let testDatabase: TestDatabase;
let db: DatabaseHandle;

const NOW = new Date('2026-06-30T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

beforeAll(async () => {
  testDatabase = await createMigratedTestDatabase();
  db = createDatabase({ url: testDatabase.url, poolMax: 2 });
  await migrateToLatest(db);
});

afterAll(async () => {
  await db?.destroy();
  await testDatabase?.drop();
});

describe('the retention purge', () => {
  it('deletes what is older than RETENTION_DAYS and keeps the rest', async () => {
    const mail = (to: string, sentAt: Date | null) => ({
      to_address: to,
      subject: 's',
      text_body: '',
      html_body: '',
      sent_at: sentAt,
    });
    await db
      .insertInto('mail_outbox')
      .values([
        mail('old-sent@example.com', daysAgo(40)),
        mail('new-sent@example.com', daysAgo(3)),
        mail('unsent@example.com', null),
      ])
      .execute();
    const code = (target: string, expiresAt: Date, consumedAt: Date | null) => ({
      purpose: 'verify' as const,
      target,
      code_hash: 'h',
      expires_at: expiresAt,
      consumed_at: consumedAt,
    });
    await db
      .insertInto('one_time_codes')
      .values([
        code('expired-long-ago', daysAgo(35), null),
        code('used-long-ago', daysAgo(-1), daysAgo(31)),
        code('live', daysAgo(-1), null),
        code('used-lately', daysAgo(-1), daysAgo(2)),
      ])
      .execute();
    const user = await db
      .insertInto('users')
      .values({ email: 'keep@example.com' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [revokedLongAgo, revokedLately, live] = await db
      .insertInto('refresh_families')
      .values([
        { user_id: user.id, revoked_at: daysAgo(45) },
        { user_id: user.id, revoked_at: daysAgo(5) },
        { user_id: user.id, revoked_at: null },
      ])
      .returning('id')
      .execute();
    const jti = { gone: randomUUID(), expired: randomUUID(), live: randomUUID() };
    await db
      .insertInto('refresh_tokens')
      .values([
        { jti: jti.gone, family_id: revokedLongAgo?.id ?? '', expires_at: daysAgo(-10) },
        { jti: jti.expired, family_id: live?.id ?? '', expires_at: daysAgo(31) },
        { jti: jti.live, family_id: live?.id ?? '', expires_at: daysAgo(-20) },
      ])
      .execute();

    await db
      .insertInto('login_throttle')
      .values([
        { key: 'idle', attempts: 12, next_allowed_at: daysAgo(2), expires_at: daysAgo(1) },
        { key: 'live', attempts: 3, next_allowed_at: NOW, expires_at: daysAgo(-1) },
      ])
      .execute();

    const job = createRetentionJob({
      db,
      logger: captureLogs().logger,
      retentionDays: 30,
      intervalSeconds: 3_600,
    });
    const purged = await job.runOnce(NOW);
    expect(purged).toEqual({ mails: 1, codes: 2, refreshTokens: 1, families: 1, loginThrottle: 1 });

    const mails = await db.selectFrom('mail_outbox').select('to_address').orderBy('to_address').execute();
    expect(mails.map((row) => row.to_address)).toEqual(['new-sent@example.com', 'unsent@example.com']);
    const codes = await db.selectFrom('one_time_codes').select('target').orderBy('target').execute();
    expect(codes.map((row) => row.target)).toEqual(['live', 'used-lately']);
    const families = await db.selectFrom('refresh_families').select('id').execute();
    expect(families.map((row) => row.id).sort()).toEqual([revokedLately?.id, live?.id].sort());
    const tokens = await db.selectFrom('refresh_tokens').select('jti').execute();
    expect(tokens.map((row) => row.jti)).toEqual([jti.live]);
    const throttled = await db.selectFrom('login_throttle').select('key').execute();
    expect(throttled.map((row) => row.key)).toEqual(['live']);
    // Again: nothing more to take.
    expect(await job.runOnce(NOW)).toEqual({
      mails: 0,
      codes: 0,
      refreshTokens: 0,
      families: 0,
      loginThrottle: 0,
    });
  });
});
