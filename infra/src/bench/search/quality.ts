import { SearchQuerySchema } from '@trove/contracts';
import type { DatabaseHandle } from '@trove/service-core';
import { sql } from 'kysely';
import MiniSearch from 'minisearch';
import { search } from '../../../../services/search/src/search/search.service';
import { reciprocalRank } from './queries';

// Known-item quality (issue 10 "Quality"): for each query the one right document; MRR@10 and recall@10
// over the first 10 distinct documents each system ranks. Three systems over the same passages:
// - ours: the search service's own function (BM25, AND relaxed to OR), as GET /api/v1/search runs it;
// - ts_rank_cd: PostgreSQL's ranking over exactly our candidates (the same tsquery, AND or OR as ours chose);
// - MiniSearch (pure JS, its defaults: BM25+-like scoring, OR of the words, no stemming) over the passages.

export interface KnownItemQuery {
  query: string;
  documentId: string;
}

export interface Quality {
  system: string;
  mrr: number;
  recall: number;
}

const AT = 10;
/** Passages fetched to find 10 distinct documents (a long message has several passages). */
const PASSAGES = 30;

function firstDocuments(documentIds: readonly string[]): string[] {
  return [...new Set(documentIds)].slice(0, AT);
}

function score(system: string, ranked: string[][], items: readonly KnownItemQuery[]): Quality {
  let mrr = 0;
  let found = 0;
  items.forEach((item, at) => {
    const rr = reciprocalRank(ranked[at] ?? [], item.documentId);
    mrr += rr;
    if (rr > 0) found++;
  });
  return { system, mrr: mrr / items.length, recall: found / items.length };
}

export async function measureQuality(
  db: DatabaseHandle,
  userId: string,
  items: readonly KnownItemQuery[],
  minAllWordResults: number,
): Promise<Quality[]> {
  const ours: string[][] = [];
  const tsRankCd: string[][] = [];
  for (const item of items) {
    const response = await search(
      db,
      userId,
      SearchQuerySchema.parse({ q: item.query, limit: String(Math.min(PASSAGES, 50)) }),
      { minAllWordResults },
    );
    ours.push(firstDocuments(response.results.map((result) => result.document.id)));
    const tsquery =
      response.mode === 'and'
        ? sql`plainto_tsquery('english', ${item.query})`
        : sql`replace(plainto_tsquery('english', ${item.query})::text, ' & ', ' | ')::tsquery`;
    const rows = await sql<{ document_id: string }>`
      select p.document_id from passages p
      where p.user_id = ${userId} and p.tsv @@ ${tsquery}
      order by ts_rank_cd(p.tsv, ${tsquery}) desc, p.id
      limit ${PASSAGES}
    `.execute(db);
    tsRankCd.push(firstDocuments(rows.rows.map((row) => row.document_id)));
  }

  const passages = await sql<{ id: string; document_id: string; body: string }>`
    select id, document_id, body from passages where user_id = ${userId}
  `.execute(db);
  const mini = new MiniSearch<{ id: string; document_id: string; body: string }>({
    fields: ['body'],
    storeFields: ['document_id'],
  });
  mini.addAll(passages.rows);
  const miniRanked = items.map((item) =>
    firstDocuments(
      mini
        .search(item.query)
        .slice(0, PASSAGES)
        .map((hit) => hit.document_id as string),
    ),
  );
  return [
    score('ours (BM25)', ours, items),
    score('ts_rank_cd', tsRankCd, items),
    score('MiniSearch', miniRanked, items),
  ];
}
