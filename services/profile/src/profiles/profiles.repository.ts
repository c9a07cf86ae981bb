import { PROFILE_COLUMNS, type ProfileColumn } from '@trove/contracts';
import type { DatabaseHandle } from '@trove/service-core';
import { sql } from 'kysely';

// The only SQL of the profile service: a user's profile row and the user columns it shows or edits.

/** The profiles table's columns (contracts: ProfileSchema's fields that live in it). */
export const PROFILE_FIELDS = PROFILE_COLUMNS;
export type ProfileField = ProfileColumn;
export type ProfileColumns = Record<ProfileField, string | null>;

export interface UserWithProfile {
  id: string;
  email: string;
  name: string | null;
  phone: string | null;
  twoFactorEnabled: boolean;
  profile: ProfileColumns;
}

export async function findUserWithProfile(
  db: DatabaseHandle,
  userId: string,
): Promise<UserWithProfile | undefined> {
  const row = await db
    .selectFrom('users')
    .leftJoin('profiles', 'profiles.user_id', 'users.id')
    .select(['users.id', 'users.email', 'users.name', 'users.phone', 'users.two_factor_enabled'])
    .select(PROFILE_FIELDS.map((field) => `profiles.${field}` as const))
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const profile = Object.fromEntries(
    PROFILE_FIELDS.map((field) => [field, row[field] ?? null]),
  ) as ProfileColumns;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    twoFactorEnabled: row.two_factor_enabled,
    profile,
  };
}

export async function upsertProfile(
  db: DatabaseHandle,
  userId: string,
  fields: Partial<ProfileColumns>,
): Promise<void> {
  await db
    .insertInto('profiles')
    .values({ user_id: userId, ...fields })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ ...fields, updated_at: sql`now()` }))
    .execute();
}

export async function updateUserColumns(
  db: DatabaseHandle,
  userId: string,
  columns: { name?: string | null; phone?: string; two_factor_enabled?: boolean },
): Promise<void> {
  if (Object.keys(columns).length === 0) return;
  await db
    .updateTable('users')
    .set({ ...columns, updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
}

/** True when another account already holds this (E.164) phone number. */
export async function phoneTakenByOther(db: DatabaseHandle, userId: string, phone: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('phone', '=', phone)
    .where('id', '!=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findCredentials(
  db: DatabaseHandle,
  userId: string,
): Promise<{ email: string; passwordHash: string | null } | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['email', 'password_hash'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row === undefined ? undefined : { email: row.email, passwordHash: row.password_hash };
}

export async function setPasswordHash(
  db: DatabaseHandle,
  userId: string,
  passwordHash: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: sql`now()` })
    .where('id', '=', userId)
    .execute();
}
