import { type Kysely, sql } from 'kysely';
import { JOB_LIBRARY_SCHEMA, jobLibraryInstallStatements } from '../../jobs/job-library-schema';

// docs/decisions/045-job-library.md: pg-boss 10's tables (source syncs now; deliveries next), installed here
// by the database's owner rather than by a service at start, since a service runs as its role and may not
// create a schema. The schema and everything in it then belong to trove_search, the role that uses them:
// pg-boss makes a table per queue (a partition of its job table) when a queue is first created, and only a
// table's owner may attach a partition to it. Where the roles could not be made (2026-11-25-03 allows a
// user without CREATEROLE) the connecting user keeps them, and the services run as that user.
//
// pg-boss is pinned (services/core/package.json); a version with another schema version is a new
// migration running PgBoss.getMigrationPlans, never an edit of this one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(jobLibraryInstallStatements()).execute(db);
  await sql
    .raw(`
    do $$
    declare
      object record;
    begin
      if not exists (select from pg_roles where rolname = 'trove_search')
         or not pg_has_role(current_user, 'trove_search', 'member') then
        raise notice '${JOB_LIBRARY_SCHEMA} stays with %: no trove_search role to give it to', current_user;
        return;
      end if;
      alter schema ${JOB_LIBRARY_SCHEMA} owner to trove_search;
      for object in
        select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = '${JOB_LIBRARY_SCHEMA}' and c.relkind in ('r', 'p')
      loop
        execute format('alter table ${JOB_LIBRARY_SCHEMA}.%I owner to trove_search', object.relname);
      end loop;
      for object in
        select p.oid::regprocedure as signature from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = '${JOB_LIBRARY_SCHEMA}'
      loop
        execute format('alter function %s owner to trove_search', object.signature);
      end loop;
      alter type ${JOB_LIBRARY_SCHEMA}.job_state owner to trove_search;
    end
    $$`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`drop schema ${JOB_LIBRARY_SCHEMA} cascade`).execute(db);
}
