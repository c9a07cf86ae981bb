import type { CodePurpose, DatabaseHandle } from '@trove/service-core';
import { sql } from 'kysely';

// One-time codes and reset tokens: only a keyed hash is stored (the "keyed hash only").

export async function insertCode(
  db: DatabaseHandle,
  code: { purpose: CodePurpose; target: string; codeHash: string; ttlSeconds: number },
): Promise<{ createdAt: Date; expiresAt: Date }> {
  const row = await db
    .insertInto('one_time_codes')
    .values({
      purpose: code.purpose,
      target: code.target,
      code_hash: code.codeHash,
      expires_at: sql`now() + make_interval(secs => ${code.ttlSeconds})`,
    })
    .returning(['created_at', 'expires_at'])
    .executeTakeFirstOrThrow();
  return { createdAt: row.created_at, expiresAt: row.expires_at };
}

/** Seconds since the newest code for this purpose and target was issued, or undefined for none. */
export async function secondsSinceLastCode(
  db: DatabaseHandle,
  purpose: CodePurpose,
  target: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('one_time_codes')
    .select(sql<number>`extract(epoch from now() - created_at)::float8`.as('age'))
    .where('purpose', '=', purpose)
    .where('target', '=', target)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.age;
}

export interface StoredCode {
  id: string;
  codeHash: string;
  attempts: number;
  expired: boolean;
  consumed: boolean;
}

/**
 * The newest code for this purpose and target, locked for the transaction: two concurrent right
 * answers are decided one after the other, so exactly one of them consumes it.
 */
export async function lockLatestCode(
  db: DatabaseHandle,
  purpose: CodePurpose,
  target: string,
): Promise<StoredCode | undefined> {
  const row = await db
    .selectFrom('one_time_codes')
    .select(['id', 'code_hash', 'attempts', 'consumed_at', sql<boolean>`expires_at <= now()`.as('expired')])
    .where('purpose', '=', purpose)
    .where('target', '=', target)
    .orderBy('created_at', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return {
    id: row.id,
    codeHash: row.code_hash,
    attempts: row.attempts,
    expired: row.expired,
    consumed: row.consumed_at !== null,
  };
}

/** A reset token by its hash, locked (single use). */
export async function lockCodeByHash(
  db: DatabaseHandle,
  purpose: CodePurpose,
  codeHash: string,
): Promise<(StoredCode & { target: string }) | undefined> {
  const row = await db
    .selectFrom('one_time_codes')
    .select([
      'id',
      'target',
      'code_hash',
      'attempts',
      'consumed_at',
      sql<boolean>`expires_at <= now()`.as('expired'),
    ])
    .where('purpose', '=', purpose)
    .where('code_hash', '=', codeHash)
    .forUpdate()
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return {
    id: row.id,
    target: row.target,
    codeHash: row.code_hash,
    attempts: row.attempts,
    expired: row.expired,
    consumed: row.consumed_at !== null,
  };
}

export async function recordWrongAttempt(db: DatabaseHandle, id: string): Promise<number> {
  const row = await db
    .updateTable('one_time_codes')
    .set({ attempts: sql`attempts + 1` })
    .where('id', '=', id)
    .returning('attempts')
    .executeTakeFirstOrThrow();
  return row.attempts;
}

export async function consumeCode(db: DatabaseHandle, id: string): Promise<void> {
  await db.updateTable('one_time_codes').set({ consumed_at: sql`now()` }).where('id', '=', id).execute();
}
