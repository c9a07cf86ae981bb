import type { Kysely } from 'kysely';

// Issue 18 item 4 (docs/decisions/028-login-slow-down.md): login attempts are spaced out, not blocked.
// One row per throttled key (an IP/64 + account pair, or an account): how many attempts it has made since
// it was last forgiven, when the next one may start, and when the row is forgotten.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('attempts', 'integer', (column) => column.notNull())
    .addColumn('next_allowed_at', 'timestamptz', (column) => column.notNull())
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('login_throttle_expires_at')
    .on('login_throttle')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_throttle').execute();
}
