import { type Kysely, sql } from 'kysely';

// Issue 10, uploads and search (docs/decisions/010-search-index.md): the user's documents with their
// originals, their passages with a tsvector each, the per-user term statistics BM25 needs, and the
// extraction job queue. Migrations see the database as it was when they were written: untyped handle.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('documents')
    .addColumn('id', 'uuid', (column) => column.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('media_type', 'text', (column) => column.notNull())
    // pdf | docx | txt | md | csv | html | eml: what the search filter and facets speak.
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('size_bytes', 'integer', (column) => column.notNull())
    // Originals live in PostgreSQL so instances keep no local disk (issue 10, "Storage and jobs").
    .addColumn('original', 'bytea', (column) => column.notNull())
    .addColumn('status', 'text', (column) =>
      column
        .notNull()
        .defaultTo('queued')
        .check(sql`status in ('queued', 'extracting', 'indexed', 'failed')`),
    )
    .addColumn('failure_reason', 'text')
    .addColumn('title', 'text')
    .addColumn('parts', 'integer')
    .addColumn('document_date', 'date')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('documents_user_created')
    .on('documents')
    .columns(['user_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('passages')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('document_id', 'uuid', (column) =>
      column.notNull().references('documents.id').onDelete('cascade'),
    )
    // Copied from the document so every search query filters on it without a join (user isolation).
    .addColumn('user_id', 'uuid', (column) => column.notNull())
    .addColumn('ordinal', 'integer', (column) => column.notNull())
    .addColumn('location', 'text', (column) => column.notNull())
    .addColumn('body', 'text', (column) => column.notNull())
    .addColumn('tsv', sql`tsvector`, (column) => column.notNull())
    // BM25's |D|: lexeme occurrences (the sum of every lexeme's position count), not distinct lexemes.
    .addColumn('length', 'integer', (column) => column.notNull())
    .addColumn('facts', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema.createIndex('passages_tsv').on('passages').using('gin').column('tsv').execute();
  await db.schema
    .createIndex('passages_document')
    .on('passages')
    .columns(['document_id', 'ordinal'])
    .execute();
  await db.schema.createIndex('passages_user').on('passages').column('user_id').execute();

  // n(q) of BM25 per user: how many of the user's passages hold the lexeme.
  await db.schema
    .createTable('search_terms')
    .addColumn('user_id', 'uuid', (column) => column.notNull())
    .addColumn('lexeme', 'text', (column) => column.notNull())
    .addColumn('document_frequency', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('search_terms_pkey', ['user_id', 'lexeme'])
    .execute();
  // N and the sum of |D| per user, for idf and avgdl.
  await db.schema
    .createTable('search_corpus_stats')
    .addColumn('user_id', 'uuid', (column) => column.primaryKey())
    .addColumn('passage_count', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('total_length', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();

  // The extraction queue: taken with FOR UPDATE SKIP LOCKED; locked_at is a lease, so a job whose worker
  // died is taken again once the lease runs out.
  await db.schema
    .createTable('search_jobs')
    .addColumn('id', 'bigserial', (column) => column.primaryKey())
    .addColumn('document_id', 'uuid', (column) =>
      column.notNull().unique().references('documents.id').onDelete('cascade'),
    )
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('run_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('locked_at', 'timestamptz')
    .addColumn('locked_by', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('search_jobs_run_at').on('search_jobs').column('run_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['search_jobs', 'search_corpus_stats', 'search_terms', 'passages', 'documents']) {
    await db.schema.dropTable(table).execute();
  }
}
