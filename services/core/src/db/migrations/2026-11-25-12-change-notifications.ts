import { type Kysely, sql } from 'kysely';

// Issue 23 item 4 (docs/decisions/051): every instance keeps the session families and users it has read, and
// forgets one the moment it changes. These triggers announce each change at commit (pg_notify is
// transactional: a rolled-back change announces nothing) on the channels of core's change-cache.ts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function trove_announce_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify(tg_argv[0], coalesce(new.id, old.id)::text);
      return null;
    end
    $$
  `.execute(db);
  // A family announces when it is revoked (or deleted by retention); a user on any change or deletion.
  await sql`
    create trigger refresh_families_announce after update of revoked_at or delete on refresh_families
    for each row execute function trove_announce_change('trove_family_changes')
  `.execute(db);
  await sql`
    create trigger users_announce after update or delete on users
    for each row execute function trove_announce_change('trove_user_changes')
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger users_announce on users`.execute(db);
  await sql`drop trigger refresh_families_announce on refresh_families`.execute(db);
  await sql`drop function trove_announce_change()`.execute(db);
}
