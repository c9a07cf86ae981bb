import type { DatabaseHandle } from '@trove/service-core';

// The only SQL about users. Each function takes the database handle first, so a caller can pass a
// transaction instead.

export interface User {
  id: string;
  email: string;
  createdAt: Date;
}

/** Emails are compared lower-cased (SPEC §5); the column only ever holds lower-cased values. */
function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function emailExists(db: DatabaseHandle, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertUser(db: DatabaseHandle, user: { email: string }): Promise<User> {
  const row = await db
    .insertInto('users')
    .values({ email: normalizeEmail(user.email) })
    .returning(['id', 'email', 'created_at'])
    .executeTakeFirstOrThrow();
  return { id: row.id, email: row.email, createdAt: row.created_at };
}
