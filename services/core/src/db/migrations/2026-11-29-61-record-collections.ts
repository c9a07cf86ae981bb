import { type Kysely, sql } from 'kysely';

// Issue 37's answer time (docs/decisions/131): each user's collections of records, kept by triggers on
// document_records — how many records each holds, one record's field names (to know a collection by a column a
// question names), and a version that moves whenever any of its records is written or removed. An answer reads
// this small table instead of counting the records, and the service keeps a collection's parsed rows while its
// version is unchanged (figures/records-cache.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence record_collection_versions`.execute(db);
  await sql`create table record_collections (
    user_id uuid not null references users (id) on delete cascade,
    collection text not null,
    records bigint not null,
    field_names text[] not null default '{}',
    version bigint not null,
    primary key (user_id, collection)
  )`.execute(db);
  // Statement-level, with transition tables: one update per statement, however many records it wrote.
  // Security definer (as search_forget_users, ADR 031): removing an account cascades to its records as the auth
  // service's role, which has no right on the search tables this keeps.
  await sql`create function record_collections_added() returns trigger
    language plpgsql security definer set search_path from current as $$
    begin
      insert into record_collections (user_id, collection, records, field_names, version)
      select n.user_id, n.collection, count(*),
             coalesce((select array_agg(f ->> 'name') from jsonb_array_elements(
               (select a.fields from added a where a.user_id = n.user_id and a.collection = n.collection limit 1)) f),
               '{}'),
             nextval('record_collection_versions')
      from added n group by n.user_id, n.collection
      on conflict (user_id, collection) do update
        set records = record_collections.records + excluded.records,
            field_names = excluded.field_names,
            version = excluded.version;
      return null;
    end $$`.execute(db);
  await sql`create function record_collections_removed() returns trigger
    language plpgsql security definer set search_path from current as $$
    begin
      update record_collections c
        set records = c.records - o.records, version = nextval('record_collection_versions')
        from (select user_id, collection, count(*) as records from removed group by user_id, collection) o
        where c.user_id = o.user_id and c.collection = o.collection;
      delete from record_collections c where c.records <= 0
        and exists (select 1 from removed o where o.user_id = c.user_id and o.collection = c.collection);
      return null;
    end $$`.execute(db);
  await sql`revoke all on function record_collections_added() from public`.execute(db);
  await sql`revoke all on function record_collections_removed() from public`.execute(db);
  await sql`
    do $$
    begin
      if exists (select from pg_roles where rolname = 'trove_search') then
        grant select on record_collections to trove_search;
      end if;
    end
    $$`.execute(db);
  await sql`create trigger document_records_added after insert on document_records
    referencing new table as added for each statement execute function record_collections_added()`.execute(
    db,
  );
  await sql`create trigger document_records_removed after delete on document_records
    referencing old table as removed for each statement execute function record_collections_removed()`.execute(
    db,
  );
  // Records written before this migration (none in a fresh database).
  await sql`insert into record_collections (user_id, collection, records, field_names, version)
    select user_id, collection, count(*), '{}', nextval('record_collection_versions')
    from document_records group by user_id, collection`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger document_records_removed on document_records`.execute(db);
  await sql`drop trigger document_records_added on document_records`.execute(db);
  await sql`drop function record_collections_removed()`.execute(db);
  await sql`drop function record_collections_added()`.execute(db);
  await sql`drop table record_collections`.execute(db);
  await sql`drop sequence record_collection_versions`.execute(db);
}
