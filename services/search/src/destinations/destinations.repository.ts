import type { DatabaseHandle } from '@trove/service-core';
import { type ColumnType, type Generated, type Kysely, sql } from 'kysely';
import type { Database } from '@trove/service-core';

// A user's destinations (services/core/src/db/migrations/2026-11-25-10-destinations.ts). Every read a route
// makes names the user; the post worker reads one by id alone (its job carries the id of a delivery the
// user queued). The sealed URL is read only by `destinationWithSecret`, for the worker.

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type DestinationsTable = {
  id: Generated<string>;
  user_id: string;
  kind: string;
  name: string;
  name_key: string;
  host: string;
  secret: string;
  state: ColumnType<string, string | undefined, string>;
  detail: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  /** Issue 35 item 2: held by the one try posting to it now, until this time at the latest. */
  posting_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Issue 38 item 4: the certificate the user trusts for this receiver (2026-11-29-96). */
  pinned_sha256: ColumnType<string | null, string | null | undefined, string | null>;
};

type DestinationDatabase = Kysely<Database & { destinations: DestinationsTable }>;

const destinationDb = (db: DatabaseHandle) =>
  db.withTables<{ destinations: DestinationsTable }>() as unknown as DestinationDatabase;

export interface DestinationRow {
  id: string;
  user_id: string;
  kind: string;
  name: string;
  host: string;
  state: string;
  detail: string | null;
  created_at: Date;
  pinned_sha256: string | null;
}

export interface DestinationWithSecret extends DestinationRow {
  secret: string;
}

const COLUMNS = [
  'id',
  'user_id',
  'kind',
  'name',
  'host',
  'state',
  'detail',
  'created_at',
  'pinned_sha256',
] as const;

export function listDestinations(db: DatabaseHandle, userId: string): Promise<DestinationRow[]> {
  return destinationDb(db)
    .selectFrom('destinations')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findDestination(
  db: DatabaseHandle,
  userId: string,
  id: string,
): Promise<DestinationRow | undefined> {
  return destinationDb(db)
    .selectFrom('destinations')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function findDestinationByKey(
  db: DatabaseHandle,
  userId: string,
  nameKey: string,
): Promise<DestinationRow | undefined> {
  return destinationDb(db)
    .selectFrom('destinations')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .where('name_key', '=', nameKey)
    .executeTakeFirst();
}

export async function countDestinations(db: DatabaseHandle, userId: string): Promise<number> {
  const row = await destinationDb(db)
    .selectFrom('destinations')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** False when the user already has a destination of that name (the unique index decides). */
export async function insertDestination(
  db: DatabaseHandle,
  row: {
    id: string;
    userId: string;
    kind: string;
    name: string;
    nameKey: string;
    host: string;
    secret: string;
  },
): Promise<boolean> {
  const inserted = await destinationDb(db)
    .insertInto('destinations')
    .values({
      id: row.id,
      user_id: row.userId,
      kind: row.kind,
      name: row.name,
      name_key: row.nameKey,
      host: row.host,
      secret: row.secret,
    })
    .onConflict((oc) => oc.columns(['user_id', 'name_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function deleteDestination(db: DatabaseHandle, userId: string, id: string): Promise<boolean> {
  const result = await destinationDb(db)
    .deleteFrom('destinations')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export function destinationWithSecret(
  db: DatabaseHandle,
  id: string,
): Promise<DestinationWithSecret | undefined> {
  return destinationDb(db)
    .selectFrom('destinations')
    .select([...COLUMNS, 'secret'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Trusts one certificate for the user's destination ("Trust this certificate"); false when it is not theirs. */
export async function pinDestinationCertificate(
  db: DatabaseHandle,
  userId: string,
  id: string,
  sha256: string,
): Promise<boolean> {
  const result = await destinationDb(db)
    .updateTable('destinations')
    .set({ pinned_sha256: sha256 })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function markDestination(
  db: DatabaseHandle,
  id: string,
  state: 'ok' | 'broken',
  detail: string | null,
): Promise<void> {
  await destinationDb(db).updateTable('destinations').set({ state, detail }).where('id', '=', id).execute();
}

/** Rotation (docs/decisions/048): the destinations whose URL a key other than the current one sealed. */
export function urlsSealedByOtherKeys(
  db: DatabaseHandle,
  currentKeyId: string,
): Promise<{ id: string; secret: string }[]> {
  return destinationDb(db)
    .selectFrom('destinations')
    .select(['id', 'secret'])
    .where(sql<boolean>`split_part(secret, '.', 2) <> ${currentKeyId}`)
    .execute();
}

/** Replaces a sealed URL only if it is still the one read. */
export async function replaceUrlSecret(
  db: DatabaseHandle,
  id: string,
  from: string,
  to: string,
): Promise<void> {
  await destinationDb(db)
    .updateTable('destinations')
    .set({ secret: to })
    .where('id', '=', id)
    .where('secret', '=', from)
    .execute();
}

/**
 * Takes the destination for one try (issue 35 item 2: one post at a time to a destination), until `seconds` from
 * now at the latest, so a worker that died mid-try frees it by itself. False when another try holds it.
 */
export async function claimDestination(db: DatabaseHandle, id: string, seconds: number): Promise<boolean> {
  const claimed = await destinationDb(db)
    .updateTable('destinations')
    .set({ posting_until: sql`now() + make_interval(secs => ${seconds})` })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('posting_until', 'is', null), eb('posting_until', '<', sql<Date>`now()`)]))
    .returning('id')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** The try is over: the next may post. */
export async function releaseDestination(db: DatabaseHandle, id: string): Promise<void> {
  await destinationDb(db)
    .updateTable('destinations')
    .set({ posting_until: null })
    .where('id', '=', id)
    .execute();
}
