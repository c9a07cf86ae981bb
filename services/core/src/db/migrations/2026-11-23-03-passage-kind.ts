import { type Kysely, sql } from 'kysely';

// Search speed (docs/decisions/014-search-speed-and-bench.md): the document's kind on each passage, so the
// type filter and the type facets read it from the candidate rows instead of looking up the document of
// every candidate (up to 1,000 per search). A document's kind never changes once uploaded; a BEFORE INSERT
// trigger copies it, so the writers of passages need not know the column exists.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table passages add column kind text`.execute(db);
  await sql`update passages p set kind = d.kind from documents d where d.id = p.document_id`.execute(db);
  await sql`alter table passages alter column kind set not null`.execute(db);
  await sql`
    create function passages_copy_kind() returns trigger language plpgsql as $$
    begin
      select d.kind into new.kind from documents d where d.id = new.document_id;
      return new;
    end
    $$
  `.execute(db);
  await sql`
    create trigger passages_copy_kind before insert on passages
    for each row execute function passages_copy_kind()
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger passages_copy_kind on passages`.execute(db);
  await sql`drop function passages_copy_kind()`.execute(db);
  await sql`alter table passages drop column kind`.execute(db);
}
