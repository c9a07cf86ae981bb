import { type Kysely, sql } from 'kysely';

// Issue 22 "Ship": where a user's answers may be posted besides email (docs/decisions/050-destinations.md).
//
// - destinations: one row per webhook the user added on Connections: its kind (slack, teams, google_chat),
//   the name commands use ("#finance"), the webhook URL sealed by the secret box (context
//   "destination:<id>:url": the URL is the credential) and its host alone in the clear (what the list shows).
//   state 'broken' with a detail once the service answered that the webhook is gone (404/410).
// - chat_deliveries gains a delivery to a destination beside a mail: destination_id instead of mail_id, and
//   its own status (queued → sent | failed), attempts and last error, written by the search service's post
//   worker (a mail's status stays read from the outbox row).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('destinations')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (column) =>
      column.notNull().check(sql`kind in ('slack', 'teams', 'google_chat')`),
    )
    .addColumn('name', 'text', (column) => column.notNull())
    /** How commands find it: lower-cased, without a leading #, spaces collapsed (contracts' destinationKey). */
    .addColumn('name_key', 'text', (column) => column.notNull())
    .addColumn('host', 'text', (column) => column.notNull())
    .addColumn('secret', 'text', (column) => column.notNull())
    .addColumn('state', 'text', (column) =>
      column.notNull().defaultTo('ok').check(sql`state in ('ok', 'broken')`),
    )
    .addColumn('detail', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('destinations_user_name')
    .on('destinations')
    .columns(['user_id', 'name_key'])
    .unique()
    .execute();

  await sql`alter table chat_deliveries
    add column destination_id uuid references destinations (id) on delete set null,
    add column post_status text check (post_status in ('queued', 'sent', 'failed')),
    add column post_attempts integer not null default 0,
    add column post_error text,
    add column post_updated_at timestamptz`.execute(db);

  // docs/decisions/031-service-roles.md: the search service's role gets the table it uses.
  await sql`
    do $$
    begin
      if exists (select from pg_roles where rolname = 'trove_search') then
        grant select, insert, update, delete on destinations to trove_search;
      end if;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table chat_deliveries
    drop column destination_id,
    drop column post_status,
    drop column post_attempts,
    drop column post_error,
    drop column post_updated_at`.execute(db);
  await db.schema.dropTable('destinations').execute();
}
