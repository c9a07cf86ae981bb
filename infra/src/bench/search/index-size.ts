import type { DatabaseHandle } from '@trove/service-core';
import { sql } from 'kysely';

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
