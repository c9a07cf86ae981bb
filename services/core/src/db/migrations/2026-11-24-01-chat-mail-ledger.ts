import { type Kysely, sql } from 'kysely';

// Issue 18 item 1 (docs/decisions/021-chat-mail-limits.md): chat mail is counted in a per-user ledger that
// deleting a chat never touches (chat_deliveries cascade away with their chat, so counting them let a
// create → send → delete loop mail without end), and an address other than the account's own must have
// confirmed once before answers go to it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chat_mail_sends')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('recipient', 'text', (column) => column.notNull())
    .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind in ('answer', 'confirm')`))
    .addColumn('sent_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('chat_mail_sends_user_sent')
    .on('chat_mail_sends')
    .columns(['user_id', 'sent_at'])
    .execute();

  await db.schema
    .createTable('chat_mail_recipients')
    .addColumn('user_id', 'uuid', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('address', 'text', (column) => column.notNull())
    // SHA-256 of the single-use confirm token; null once used.
    .addColumn('token_hash', 'text')
    .addColumn('requested_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('confirmed_at', 'timestamptz')
    .addPrimaryKeyConstraint('chat_mail_recipients_pk', ['user_id', 'address'])
    .execute();
  await db.schema
    .createIndex('chat_mail_recipients_token')
    .on('chat_mail_recipients')
    .column('token_hash')
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chat_mail_recipients').execute();
  await db.schema.dropTable('chat_mail_sends').execute();
}
