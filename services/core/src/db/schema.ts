import type { ColumnType, Generated } from 'kysely';

// The database as kysely sees it. It mirrors what db/migrations/ builds; a new migration that adds a
// column adds it here too.

/** `timestamptz` read as a Date, written as a Date or an ISO string, defaulted by the database. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UsersTable {
  id: Generated<string>;
  /** Always lower-cased (SPEC §5); a CHECK constraint holds the database to it. */
  email: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface Database {
  users: UsersTable;
}
