import { type Kysely, sql } from 'kysely';

// Issue 37's answer time at ×8 corpus plus 100,000 rows (docs/decisions/220-answer-time-at-x8-corpus.md).
//
// 1. A mail question's sender ("how many emails from Justin Mason?", the search's from:) was checked on every
//    passage of the user: a regex over each passage's people, 8 × 6,000 messages' passages a question. The From
//    people of a passage as one text (`passage_senders`, written once when the passage is) and a trigram index on
//    it let the listing read only the passages whose From can match; the exact test on the people stays after it.
// 2. A collection's rows are read in keyset pages (document, ordinal) within the user's collection: the index
//    holds that order, so a page is one range of it rather than every row of the collection sorted again.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Immutable: the same facts give the same text. Null when the passage has no From (every passage not of mail).
  await sql`
    create function passage_senders(facts jsonb) returns text
    language sql immutable parallel safe as $$
      select string_agg(coalesce(person->>'name', '') || ' ' || coalesce(person->>'email', ''), E'\n')
      from jsonb_array_elements(
        case when jsonb_typeof(facts->'people') = 'array' then facts->'people' else '[]' end) person
      where person->>'role' = 'from'
    $$
  `.execute(db);
  // As passages_tsv: no pending list, so a search never reads a long unsorted tail after a large load.
  await sql`
    create index passages_senders on passages using gin (passage_senders(facts) gin_trgm_ops)
    with (fastupdate = off) where passage_senders(facts) is not null
  `.execute(db);
  await sql`
    create index document_records_collection_rows
    on document_records (user_id, lower(collection), document_id, ordinal)
  `.execute(db);
  // Its first two columns: the new index answers everything it did.
  await sql`drop index document_records_collection_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index document_records_collection_idx on document_records (user_id, lower(collection))`.execute(
    db,
  );
  await sql`drop index document_records_collection_rows`.execute(db);
  await sql`drop index passages_senders`.execute(db);
  await sql`drop function passage_senders(jsonb)`.execute(db);
}
