import { SearchQuerySchema, type SearchResponse } from '@trove/contracts';
import type { DatabaseHandle } from '@trove/service-core';
import { sql } from 'kysely';
import MiniSearch from 'minisearch';
import { search, type SearchSettings } from '../../../../services/search/src/search/search.service';
import { reciprocalRank } from './queries';
import {
  type KnownDocument,
  RELEVANCE_KINDS,
  type RelevanceKind,
  type RelevanceQuery,
} from './relevance-queries';

// The relevance evaluation (issue 19 item 6): each system ranks documents for every known-item query;
// MRR@10, recall@10 and success@1 per kind of query. Three systems over the same indexed documents:
// - Trove: GET /api/v1/search as a user runs it (the bench through nginx, the CI test in process);
// - ts_rank_cd: PostgreSQL's own ranking over the passages' tsvectors (every field, unweighted), AND of the
//   words relaxed to OR under 3 results like Trove, the date range on the document's day;
// - MiniSearch 7 with its defaults (BM25+ over the same fields, OR of the words, no boosts), in process.

export const AT = 10;
/** Passages read to find 10 distinct documents (a long message has several passages). */
const PASSAGES = 30;

/** Ranks documents for a query, best first: their ids. */
export type Ranker = (query: RelevanceQuery) => Promise<string[]>;

export interface RelevanceRow {
  kind: RelevanceKind | 'all';
  system: string;
  queries: number;
  mrr: number;
  recall: number;
  successAt1: number;
}

const firstDocuments = (ids: readonly string[]) => [...new Set(ids)].slice(0, AT);

/**
 * The user's indexed documents as the query generator reads them (subject, sender, text, day): what was
 * uploaded, each with the documents extraction took out of it (a message's attachments, an archive's entries:
 * docs/decisions/121) — their text part of its text, their ids in `contained`. So the known items are the
 * messages a person remembers, as they were before attachments became documents of their own, and a change in
 * how extraction splits a message does not redraw every seeded set (docs/decisions/226).
 */
export async function knownDocuments(db: DatabaseHandle, userId: string): Promise<KnownDocument[]> {
  const rows = await sql<{
    id: string;
    title: string | null;
    day: string | null;
    sender: string | null;
    body: string;
    contained: string[];
  }>`
    select d.id, d.title, d.document_date::text as day,
           (select coalesce(p.facts->'people'->0->>'name', p.facts->'people'->0->>'email')
            from passages p where p.document_id = d.id order by p.ordinal limit 1) as sender,
           coalesce((select string_agg(p.body, E'\n\n' order by c.depth, c.name, c.id, p.ordinal)
                     from documents c join passages p on p.document_id = c.id
                     where c.id = d.id or (c.parent_id = d.id and c.status = 'indexed')), '') as body,
           array(select c.id::text from documents c
                 where c.parent_id = d.id and c.status = 'indexed' order by c.id) as contained
    from documents d
    where d.user_id = ${userId} and d.status = 'indexed' and d.parent_id is null
    order by d.name
  `.execute(db);
  return rows.rows.map((row) => ({
    id: row.id,
    title: row.title ?? '',
    sender: row.sender ?? '',
    body: row.body,
    day: row.day,
    contained: row.contained,
  }));
}

/**
 * The queries with each right document's contained documents right too: a search that answers with the
 * attachment that holds the words ("pam_ssh.spec — in: <the subject>") has found the message.
 */
export function withContained(
  queries: readonly RelevanceQuery[],
  documents: readonly KnownDocument[],
): RelevanceQuery[] {
  const contained = new Map(documents.map((document) => [document.id, document.contained ?? []]));
  return queries.map((query) => ({
    ...query,
    relevant: [...new Set(query.relevant.flatMap((id) => [id, ...(contained.get(id) ?? [])]))],
  }));
}

/** Trove as a signed-in user's browser asks it: GET /api/v1/search through the given base URL. */
export function troveOverHttp(baseUrl: string, cookie: string): Ranker {
  return async (query) => {
    const res = await fetch(
      `${baseUrl}/api/v1/search?${new URLSearchParams({ q: query.query, limit: '30' })}`,
      {
        headers: { Cookie: cookie },
      },
    );
    if (res.status !== 200) throw new Error(`search answered ${res.status} for ${query.query}`);
    const body = (await res.json()) as SearchResponse;
    return firstDocuments(body.results.map((result) => result.document.id));
  };
}

/** Trove's search function in process, with the settings the service runs with. */
export function troveInProcess(db: DatabaseHandle, userId: string, settings: SearchSettings): Ranker {
  return async (query) => {
    const response = await search(
      db,
      userId,
      SearchQuerySchema.parse({ q: query.query, limit: String(PASSAGES) }),
      settings,
    );
    return firstDocuments(response.results.map((result) => result.document.id));
  };
}

/** The baseline's own tsvectors (the product keeps none): a passage's title, file name and text. */
export const TS_RANK_TABLE = 'bench_ts_rank';

export async function createTsRankTable(db: DatabaseHandle): Promise<void> {
  await sql`drop table if exists ${sql.table(TS_RANK_TABLE)}`.execute(db);
  await sql`
    create table ${sql.table(TS_RANK_TABLE)} as
    select p.id, p.document_id, p.user_id,
           to_tsvector('english', coalesce(d.title, '') || ' ' || d.name || ' ' || p.body) as tsv
    from passages p join documents d on d.id = p.document_id
  `.execute(db);
  await sql`create index on ${sql.table(TS_RANK_TABLE)} using gin (tsv)`.execute(db);
  await sql`analyze ${sql.table(TS_RANK_TABLE)}`.execute(db);
}

/** PostgreSQL's ts_rank_cd over every passage holding the words (all of them, else any of them). */
export function tsRankCd(db: DatabaseHandle, userId: string, minAllWordResults: number): Ranker {
  const run = async (query: RelevanceQuery, join: ' & ' | ' | ') => {
    const tsquery = sql`replace(plainto_tsquery('english', ${query.words})::text, ' & ', ${join})::tsquery`;
    const rows = await sql<{ document_id: string }>`
      select p.document_id from ${sql.table(TS_RANK_TABLE)} p join documents d on d.id = p.document_id
      where p.user_id = ${userId} and p.tsv @@ ${tsquery}
        and (${query.after ?? null}::date is null or d.document_date >= ${query.after ?? null}::date)
        and (${query.before ?? null}::date is null or d.document_date <= ${query.before ?? null}::date)
      order by ts_rank_cd(p.tsv, ${tsquery}) desc, p.id
      limit ${PASSAGES}
    `.execute(db);
    return firstDocuments(rows.rows.map((row) => row.document_id));
  };
  return async (query) => {
    const all = await run(query, ' & ');
    return all.length >= minAllWordResults ? all : run(query, ' | ');
  };
}

interface MiniPassage {
  id: string;
  document_id: string;
  day: string | null;
  title: string;
  name: string;
  people: string;
  body: string;
}

/**
 * MiniSearch with its defaults over the passages' fields: title, file name, people, text. `fuzzy` is MiniSearch's
 * own setting (a share of each word's length, Levenshtein), for the typo queries' comparison (issue 42 item 1).
 */
export async function miniSearch(db: DatabaseHandle, userId: string, fuzzy?: number): Promise<Ranker> {
  const passages = await sql<MiniPassage>`
    select p.id::text as id, p.document_id, d.document_date::text as day, coalesce(d.title, '') as title,
           d.name, coalesce((select string_agg(concat_ws(' ', x->>'name', x->>'email'), ' ')
                             from jsonb_array_elements(case when jsonb_typeof(p.facts->'people') = 'array'
                                                            then p.facts->'people' else '[]' end) x), '') as people,
           p.body
    from passages p join documents d on d.id = p.document_id
    where p.user_id = ${userId}
  `.execute(db);
  const index = new MiniSearch<MiniPassage>({
    fields: ['title', 'name', 'people', 'body'],
    storeFields: ['document_id', 'day'],
  });
  index.addAll(passages.rows);
  return async (query) =>
    firstDocuments(
      index
        .search(query.words, {
          ...(fuzzy === undefined ? {} : { fuzzy }),
          filter: (hit) =>
            (query.after === undefined || (hit.day !== null && hit.day >= query.after)) &&
            (query.before === undefined || (hit.day !== null && hit.day <= query.before)),
        })
        .slice(0, PASSAGES)
        .map((hit) => hit.document_id as string),
    );
}

/** Runs every query through every system, one at a time (each system is timed by nothing here). */
export async function measureRelevance(
  queries: readonly RelevanceQuery[],
  systems: readonly { name: string; rank: Ranker }[],
): Promise<RelevanceRow[]> {
  const rows: RelevanceRow[] = [];
  for (const system of systems) {
    const ranks: { kind: RelevanceKind; rr: number }[] = [];
    for (const query of queries) {
      const ranked = await system.rank(query);
      const rr = Math.max(0, ...query.relevant.map((id) => reciprocalRank(ranked, id)));
      ranks.push({ kind: query.kind, rr });
      // BENCH_RELEVANCE_MISSES=<system>: its queries whose document was not first, to read what it missed.
      if (process.env.BENCH_RELEVANCE_MISSES === system.name && rr < 1)
        console.log(`miss ${query.kind} rr=${rr.toFixed(2)} ${JSON.stringify(query.query)}`);
    }
    for (const kind of [...RELEVANCE_KINDS, 'all'] as const) {
      const of = ranks.filter((rank) => kind === 'all' || rank.kind === kind);
      if (of.length === 0) continue;
      rows.push({
        kind,
        system: system.name,
        queries: of.length,
        mrr: of.reduce((sum, rank) => sum + rank.rr, 0) / of.length,
        recall: of.filter((rank) => rank.rr > 0).length / of.length,
        successAt1: of.filter((rank) => rank.rr === 1).length / of.length,
      });
    }
  }
  return rows;
}

export function printRelevance(rows: readonly RelevanceRow[]): void {
  console.log('| queries | kind | system | MRR@10 | recall@10 | success@1 |');
  console.log('|---|---|---|---|---|---|');
  for (const kind of [...RELEVANCE_KINDS, 'all'] as const) {
    for (const row of rows.filter((r) => r.kind === kind)) {
      console.log(
        `| ${row.queries} | ${row.kind} | ${row.system} | ${row.mrr.toFixed(3)} | ${row.recall.toFixed(3)} | ${row.successAt1.toFixed(3)} |`,
      );
    }
  }
}
