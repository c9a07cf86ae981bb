import { type Kysely, sql } from 'kysely';
import { JOB_LIBRARY_SCHEMA } from '../../jobs/job-library-schema';

// Issue 34 item 1 (docs/decisions/170-sources-service.md): sources are a service of their own, which meets the
// search service only in PostgreSQL and the job queue.
//
// - source_intake: what a sync hands to the index — a raw item (bytes or text, its name, media type and format,
//   its source key and folder), a rename (a message moved), a deletion by key, or a whole source's purge. The
//   sources service writes it in the step's transaction, with its checkpoint; the search service reads it in
//   id order, indexes it and deletes what it took, in one transaction of its own.
// - source_documents: the search service's own map from a source's key to the document it became (and the
//   folder a result shows), which source_messages held before; source_messages keeps the sources service's
//   identities (key, place, content hash) and no longer points at documents.
// - documents.source_id no longer references sources: a source's row goes when the user removes it, and its
//   documents follow when the search service takes the purge from the intake.
// - trove_sources: the sources service's role, with its tables, the intake to write, and sessions to check.
//   trove_search keeps a read of sources (a result's source name and kind, the filters) and the intake to
//   consume, and loses the sources' own tables. The job library's schema moves to trove_jobs, which both
//   service roles are members of: pg-boss makes a table per queue, and only a member of its owner may attach it.

const SOURCES_TABLES = ['sources', 'source_folders', 'source_messages', 'source_cursors', 'source_files'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table source_intake (
      id bigserial primary key,
      source_id uuid not null,
      user_id uuid not null references users (id) on delete cascade,
      op text not null check (op in ('put', 'rename', 'delete', 'purge')),
      item_key text,
      folder text,
      name text,
      media_type text,
      format text,
      body bytea,
      inline boolean not null default false,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table source_documents (
      source_id uuid not null,
      item_key text not null,
      user_id uuid not null,
      folder text not null,
      document_id uuid not null references documents (id) on delete cascade,
      primary key (source_id, item_key)
    )`.execute(db);
  await sql`create index source_documents_document on source_documents (document_id)`.execute(db);
  await sql`
    insert into source_documents (source_id, item_key, user_id, folder, document_id)
    select source_id, item_key, user_id, folder, document_id from source_messages`.execute(db);
  await sql`alter table source_messages drop column document_id`.execute(db);
  await sql`alter table documents drop constraint if exists documents_source_id_fkey`.execute(db);
  await grantRoles(db);
}

async function grantRoles(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    do $$
    declare
      object record;
    begin
      begin
        create role trove_sources nologin;
      exception
        when duplicate_object or unique_violation then null;
        when insufficient_privilege then
          raise notice 'role trove_sources not created (no CREATEROLE): services run without DATABASE_ROLE';
          return;
      end;
      begin
        create role trove_jobs nologin;
      exception
        when duplicate_object or unique_violation then null;
      end;
      grant select, insert, update, delete on ${SOURCES_TABLES.join(', ')} to trove_sources;
      grant select, insert on source_intake to trove_sources;
      grant select on refresh_families to trove_sources;
      grant select, insert, update, delete on rate_limits to trove_sources;
      grant usage, select on all sequences in schema public to trove_sources;
      if exists (select from pg_roles where rolname = 'trove_search') then
        revoke all on ${SOURCES_TABLES.join(', ')} from trove_search;
        -- A result's source name and kind, the filters, a row's table: never the sealed password.
        grant select (id, user_id, kind, name, settings, detail) on sources to trove_search;
        grant select, delete on source_intake to trove_search;
        grant select, insert, update, delete on source_documents to trove_search;
      end if;
      if not pg_has_role(current_user, 'trove_sources', 'member') then
        begin
          grant trove_sources to current_user;
        exception
          when unique_violation or duplicate_object or insufficient_privilege then null;
          when sqlstate 'XX000' then null; -- "tuple concurrently updated"
        end;
      end if;
      -- The job library's schema to trove_jobs, of which both services' roles are members.
      if not pg_has_role(current_user, 'trove_jobs', 'member') then
        begin
          grant trove_jobs to current_user;
        exception
          when unique_violation or duplicate_object or insufficient_privilege then null;
          when sqlstate 'XX000' then null;
        end;
      end if;
      begin
        grant trove_jobs to trove_sources;
        if exists (select from pg_roles where rolname = 'trove_search') then
          grant trove_jobs to trove_search;
        end if;
      exception
        when unique_violation or duplicate_object then null;
        when sqlstate 'XX000' then null;
      end;
      if not exists (select from pg_namespace where nspname = '${JOB_LIBRARY_SCHEMA}') then
        return;
      end if;
      alter schema ${JOB_LIBRARY_SCHEMA} owner to trove_jobs;
      for object in
        select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = '${JOB_LIBRARY_SCHEMA}' and c.relkind in ('r', 'p')
      loop
        execute format('alter table ${JOB_LIBRARY_SCHEMA}.%I owner to trove_jobs', object.relname);
      end loop;
      for object in
        select p.oid::regprocedure as signature from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = '${JOB_LIBRARY_SCHEMA}'
      loop
        execute format('alter function %s owner to trove_jobs', object.signature);
      end loop;
      alter type ${JOB_LIBRARY_SCHEMA}.job_state owner to trove_jobs;
    end
    $$`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table source_messages add column document_id uuid references documents (id) on delete cascade`.execute(
    db,
  );
  await sql`
    update source_messages m set document_id = d.document_id
    from source_documents d where d.source_id = m.source_id and d.item_key = m.item_key`.execute(db);
  await sql`delete from source_messages where document_id is null`.execute(db);
  await sql`alter table source_messages alter column document_id set not null`.execute(db);
  await sql`drop table source_documents`.execute(db);
  await sql`drop table source_intake`.execute(db);
}
