import { type Kysely, sql } from 'kysely';

// Issue 21's first sync (docs/decisions/060-cheaper-indexing.md): the foreign key search_postings.user_id →
// users cost one SELECT … FOR KEY SHARE on the user's row per posting (~130 a message), about 16 % of
// PostgreSQL's CPU per indexed document. What it did — a deleted user's postings go with the user — is now one
// statement-level trigger on users: it runs once per DELETE, whatever the number of rows, and it also takes out
// the user's term and corpus statistics, which had no key and were left behind before.
//
// The trigger runs as the function's owner (SECURITY DEFINER, like a foreign key's cascade, which runs as the
// table's owner): the role that deletes a user (trove_auth, docs/decisions/031) has no right on the search
// tables. Its search_path is fixed at creation, so a caller's path cannot redirect its statements.
//
// Concurrent indexing stays right without the key: indexing locks the user's documents first, and deleting the
// user deletes them by cascade (waiting for that lock) before this statement trigger runs, whose statements each
// see what the indexer committed. An indexer that comes after the delete finds no document to index.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table search_postings drop constraint search_postings_user_id_fkey`.execute(db);
  await sql`
    create function search_forget_users() returns trigger
    language plpgsql security definer set search_path from current as $$
    begin
      delete from search_postings p using gone g where p.user_id = g.id;
      delete from search_terms t using gone g where t.user_id = g.id;
      delete from search_corpus_stats s using gone g where s.user_id = g.id;
      return null;
    end
    $$
  `.execute(db);
  await sql`revoke all on function search_forget_users() from public`.execute(db);
  await sql`
    create trigger users_forget_search after delete on users
    referencing old table as gone
    for each statement execute function search_forget_users()
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger users_forget_search on users`.execute(db);
  await sql`drop function search_forget_users()`.execute(db);
  await sql`
    delete from search_postings p where not exists (select 1 from users u where u.id = p.user_id)
  `.execute(db);
  await sql`
    alter table search_postings add constraint search_postings_user_id_fkey
      foreign key (user_id) references users (id) on delete cascade
  `.execute(db);
}
