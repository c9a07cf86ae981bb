import { type Kysely, sql } from 'kysely';

// Issue 11, Chats (docs/decisions/015-chats.md): a user's conversations, their questions and answers,
// and the answers' deliveries by mail. An answer is kept whole as jsonb — what was understood, the
// summary, passages and fields as shown — so a thread reads back exactly as it was answered even after
// its documents change. A delivery points at its mail_outbox row, whose state is the delivery's status.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chats')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (column) => column.notNull().references('users.id').onDelete('cascade'))
    // Null until the user names it or the first question does.
    .addColumn('title', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('chats_user_activity')
    .on('chats')
    .columns(['user_id', 'updated_at desc', 'id'])
    .execute();

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // A question and its answer share a transaction's now(); seq keeps them in the order written.
    .addColumn('seq', 'bigserial', (column) => column.notNull().unique())
    .addColumn('chat_id', 'uuid', (column) => column.notNull().references('chats.id').onDelete('cascade'))
    // Copied from the chat so every read filters on the owner without a join (user isolation).
    .addColumn('user_id', 'uuid', (column) => column.notNull())
    .addColumn('role', 'text', (column) => column.notNull().check(sql`role in ('user', 'assistant')`))
    .addColumn('text', 'text', (column) => column.notNull())
    .addColumn('answer', 'jsonb')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('chat_messages_chat').on('chat_messages').columns(['chat_id', 'seq']).execute();

  await db.schema
    .createTable('chat_deliveries')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('message_id', 'uuid', (column) =>
      column.notNull().references('chat_messages.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'uuid', (column) => column.notNull())
    .addColumn('address', 'text', (column) => column.notNull())
    .addColumn('mail_id', 'bigint', (column) => column.references('mail_outbox.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('chat_deliveries_message')
    .on('chat_deliveries')
    .columns(['message_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['chat_deliveries', 'chat_messages', 'chats']) {
    await db.schema.dropTable(table).execute();
  }
}
