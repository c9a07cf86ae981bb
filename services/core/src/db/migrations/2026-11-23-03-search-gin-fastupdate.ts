import { type Kysely, sql } from 'kysely';

// Search speed (docs/decisions/014-search-speed-and-bench.md): no GIN pending list on passages.tsv. With
// fastupdate on, new passages wait in an unsorted list (up to 4 MB) that every search scans in full until
// vacuum merges it, so searching right after an upload — when users do — was the slowest case (measured).
// Each insert now updates the index itself, which costs indexing throughput instead (measured as well).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter index passages_tsv set (fastupdate = off)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter index passages_tsv reset (fastupdate)`.execute(db);
}
