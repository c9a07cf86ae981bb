import { type Kysely, sql } from 'kysely';

// Issue 21's first sync (docs/decisions/060-cheaper-indexing.md): the GIN index on passages.tsv was about a fifth
// of the cost of inserting a passage, and its last reader, the chat's entity check, now finds the passages
// holding a name's words through search_postings (the search's own index, in lexeme and passage order) like
// every search. passages.tsv itself stays: the postings and term statistics are taken out by it when a document
// goes, and a search's excluded words test it on each candidate, which needs no index.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists passages_tsv`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index passages_tsv on passages using gin (tsv) with (fastupdate = off)`.execute(db);
}
