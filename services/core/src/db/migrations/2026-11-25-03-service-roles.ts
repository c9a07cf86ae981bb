import { type Kysely, sql } from 'kysely';

// Issue 18 item 16 (docs/decisions/031-service-roles.md): one database role per service with only the
// tables it uses. A service runs its queries as its role (DATABASE_ROLE: SET ROLE on each connection);
// migrations still run as the connecting user, who owns the tables. A later migration that adds a table
// grants it here-style, in its own file (service-roles.int.test.ts fails on a table no role was given).
//
// The roles are cluster-wide and NOLOGIN. Test databases migrate in parallel on one server, so creating a
// role that another migration is creating at the same moment is expected and ignored. A connecting user
// allowed neither to create roles nor to grant them leaves the roles out with a notice: the services then
// run without DATABASE_ROLE, as before.

const ALL = 'select, insert, update, delete';

/** Each role's tables and what it may do with them. A column list limits a grant to those columns. */
const GRANTS: Record<string, readonly { table: string; privileges: string }[]> = {
  trove_auth: [
    { table: 'users', privileges: ALL },
    { table: 'one_time_codes', privileges: ALL },
    { table: 'refresh_families', privileges: ALL },
    { table: 'refresh_tokens', privileges: ALL },
    { table: 'mail_outbox', privileges: ALL },
    { table: 'rate_limits', privileges: ALL },
    { table: 'login_throttle', privileges: ALL },
  ],
  trove_profile: [
    { table: 'users', privileges: 'select, update' },
    { table: 'profiles', privileges: ALL },
    { table: 'refresh_families', privileges: 'select, update' },
    { table: 'mail_outbox', privileges: 'select, insert' },
    { table: 'rate_limits', privileges: ALL },
  ],
  trove_search: [
    // An account's address for its own mailed answers; never its password hash.
    { table: 'users', privileges: 'select (id, email)' },
    { table: 'refresh_families', privileges: 'select' },
    { table: 'mail_outbox', privileges: 'select, insert' },
    { table: 'rate_limits', privileges: ALL },
    ...[
      'documents',
      'passages',
      'search_terms',
      'search_corpus_stats',
      'search_postings',
      'search_jobs',
      'search_job_turns',
      'upload_chunks',
      'chats',
      'chat_messages',
      'chat_deliveries',
      'chat_mail_sends',
      'chat_mail_recipients',
    ].map((table) => ({ table, privileges: ALL })),
  ],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [role, grants] of Object.entries(GRANTS)) {
    const statements = [
      ...grants.map(({ table, privileges }) => `grant ${privileges} on ${table} to ${role};`),
      `grant usage, select on all sequences in schema public to ${role};`,
    ].join('\n        ');
    await sql
      .raw(`
      do $$
      begin
        begin
          create role ${role} nologin;
        exception
          when duplicate_object or unique_violation then null;
          when insufficient_privilege then
            raise notice 'role ${role} not created (no CREATEROLE): services run without DATABASE_ROLE';
            return;
        end;
        begin
          ${statements}
        exception
          when insufficient_privilege then
            raise notice 'role ${role} not granted: services run without DATABASE_ROLE';
            return;
        end;
        -- The connecting user runs the service's queries as this role (SET ROLE): it must be a member.
        -- Another database's migration may be granting the same membership at this moment.
        if not pg_has_role(current_user, '${role}', 'member') then
          begin
            grant ${role} to current_user;
          exception
            when unique_violation or duplicate_object or insufficient_privilege then null;
            when sqlstate 'XX000' then null; -- "tuple concurrently updated"
          end;
        end if;
      end
      $$;`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Roles are shared by every database on the server: only this database's grants go.
  for (const [role, grants] of Object.entries(GRANTS)) {
    for (const { table } of grants) await sql.raw(`revoke all on ${table} from ${role}`).execute(db);
  }
}
