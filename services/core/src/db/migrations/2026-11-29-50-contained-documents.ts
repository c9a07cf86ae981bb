import { type Kysely, sql } from 'kysely';

// Issue 39 items 5 and 6 (docs/decisions/121): an archive's entries and a message's attachments are documents of
// their own, each linked to the document it came out of (`parent_id`) and removed with it, and `depth` counts the
// containers above one (archives are opened one level deep). `notes` are what the person should know about how a
// document was read (pages read from images that could not be, entries left out, a name that lied).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table documents
    add column parent_id uuid references documents (id) on delete cascade,
    add column depth smallint not null default 0,
    add column notes text[] not null default '{}'`.execute(db);
  await sql`create index documents_parent_idx on documents (parent_id) where parent_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index documents_parent_idx`.execute(db);
  await sql`alter table documents drop column notes, drop column depth, drop column parent_id`.execute(db);
}
