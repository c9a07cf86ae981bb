import type { DatabaseHandle } from '@trove/service-core';
import { sql } from 'kysely';

export interface IndexSize {
  /** The extracted text: the passages' bodies, in bytes. */
  textBytes: number;
  /** What searching needs beyond the text: the lists (blocks and pages), the statistics and the passages' indexes. */
  indexBytes: number;
  parts: { name: string; bytes: number }[];
}

/**
 * The index against the text it indexes (issue 19 item 7). The passages table is split: its bodies are
 * the extracted text (counted as the text), its indexes are index (docs/decisions/069-posting-lists.md).
 */
export async function indexSize(db: DatabaseHandle): Promise<IndexSize> {
  const row = (
    await sql<Record<string, string>>`
      select (select coalesce(sum(octet_length(body)), 0) from passages) as text,
             pg_indexes_size('passages') as passage_indexes,
             pg_total_relation_size('search_lists') as lists,
             pg_total_relation_size('search_corpus_stats') as stats,
             pg_total_relation_size('search_pages') as pages,
             (select count(*) from search_words) as words,
             pg_total_relation_size('search_words') as dictionary
    `.execute(db)
  ).rows[0];
  const parts = [
    { name: 'long lists (search_lists: table, key and TOAST)', bytes: Number(row?.lists) },
    { name: 'short lists (search_pages: table and key)', bytes: Number(row?.pages) },
    { name: 'passages indexes (b-tree)', bytes: Number(row?.passage_indexes) },
    { name: 'corpus statistics', bytes: Number(row?.stats) },
    {
      // Typo tolerance's dictionary (docs/decisions/140-typo-tolerance-on-the-word-dictionary.md).
      name: `word dictionary (search_words: ${Number(row?.words)} words and their index by letter and length)`,
      bytes: Number(row?.dictionary),
    },
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
