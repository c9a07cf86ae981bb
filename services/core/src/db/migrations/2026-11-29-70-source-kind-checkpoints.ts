import { type Kysely, sql } from 'kysely';

// Issue 34 item 2 (docs/decisions/084-one-source-kind-interface.md): a source kind is one folder and one
// registry line. Two things in the table stood in the way of that:
// - sources.kind was checked against a list of names, so every new kind needed a migration that rewrote the
//   check. The names are the service's registry's (a contracts list, checked on every request); the table now
//   only keeps them to a plain name.
// - a kind with no tables of its own (a calendar, a WebDAV folder, a Git repository) needs somewhere to keep its
//   checkpoint: sources.checkpoint, a JSON value the sync saves in each batch's transaction. The mailbox's
//   folders and a database's keyset keep their own tables.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sources drop constraint sources_kind_check`.execute(db);
  await sql`alter table sources add constraint sources_kind_check
    check (kind ~ '^[a-z][a-z0-9-]{0,31}$')`.execute(db);
  await sql`alter table sources add column checkpoint jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sources drop column checkpoint`.execute(db);
  await sql`delete from sources where kind not in ('imap', 'postgres', 'mysql', 'sqlite')`.execute(db);
  await sql`alter table sources drop constraint sources_kind_check`.execute(db);
  await sql`alter table sources add constraint sources_kind_check
    check (kind in ('imap', 'postgres', 'mysql', 'sqlite'))`.execute(db);
}
