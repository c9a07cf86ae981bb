import { changeCacheOf, type DatabaseHandle } from '@trove/service-core';
import { sql } from 'kysely';

// The only SQL about users in the auth service. Each function takes the database handle first, so a
// caller can pass a transaction instead.

export interface User {
  id: string;
  email: string;
  createdAt: Date;
}

export interface Account {
  id: string;
  email: string;
  name: string | null;
  phone: string | null;
  passwordHash: string | null;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
}

/** Emails are compared lower-cased (docs/product/accounts.md#email-rules); the column only ever holds lower-cased values. */
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

export async function insertUser(
  db: DatabaseHandle,
  user: { email: string; passwordHash?: string },
): Promise<User> {
  const row = await db
    .insertInto('users')
    .values({ email: normalizeEmail(user.email), password_hash: user.passwordHash ?? null })
    .returning(['id', 'email', 'created_at'])
    .executeTakeFirstOrThrow();
  return { id: row.id, email: row.email, createdAt: row.created_at };
}

const accountColumns = [
  'id',
  'email',
  'name',
  'phone',
  'password_hash',
  'email_verified_at',
  'two_factor_enabled',
] as const;

type AccountRow = {
  id: string;
  email: string;
  name: string | null;
  phone: string | null;
  password_hash: string | null;
  email_verified_at: Date | null;
  two_factor_enabled: boolean;
};

function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    passwordHash: row.password_hash,
    emailVerified: row.email_verified_at !== null,
    twoFactorEnabled: row.two_factor_enabled,
  };
}

export async function findAccountByEmail(db: DatabaseHandle, email: string): Promise<Account | undefined> {
  const row = await db
    .selectFrom('users')
    .select(accountColumns)
    .where('email', '=', normalizeEmail(email))
    .executeTakeFirst();
  return row === undefined ? undefined : toAccount(row);
}

export async function findAccountById(db: DatabaseHandle, id: string): Promise<Account | undefined> {
  const row = await db.selectFrom('users').select(accountColumns).where('id', '=', id).executeTakeFirst();
  return row === undefined ? undefined : toAccount(row);
}

/**
 * The signed-in user as /auth/me shows it (id, email, name, phone): from the instance's change cache when it
 * has read it before and the user has not changed since, else from the table (docs/decisions/051). Only these
 * four columns are kept in memory, never the password hash.
 */
export async function findSessionUserRow(
  db: DatabaseHandle,
  id: string,
): Promise<Pick<Account, 'id' | 'email' | 'name' | 'phone'> | undefined> {
  const load = () =>
    db.selectFrom('users').select(['id', 'email', 'name', 'phone']).where('id', '=', id).executeTakeFirst();
  const cache = changeCacheOf(db);
  return cache === undefined ? load() : cache.read('users', id, load);
}

export async function markEmailVerified(db: DatabaseHandle, id: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ email_verified_at: sql`coalesce(email_verified_at, now())`, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function setPasswordHash(db: DatabaseHandle, id: string, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}
