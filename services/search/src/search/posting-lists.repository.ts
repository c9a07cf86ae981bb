import type { DatabaseHandle } from '@trove/service-core';
import { sql } from 'kysely';
import {
  BLOCK_POSTINGS,
  BlockList,
  decodeBlock,
  type EncodedBlock,
  emptyList,
  encodeBlocks,
  encodePostings,
  lastIdOf,
  spanOf,
} from './posting-lists';

// The lists in search_lists (docs/decisions/069-posting-lists.md): the one place that reads and writes them.
// Writers hold the user's search_corpus_stats row (documents.repository's lock order), so one user's lists
// change one transaction at a time; a reader sees a committed snapshot.

interface BlockRow {
  lexeme: string;
  first_id: string;
  span: number;
  count: number;
  postings: Buffer;
}

/**
 * A lexeme's blocks aggregated for reading (over its rows of search_lists): their first ids and sizes, and their
 * bytes as one bytea — pg parses an array of byteas a character at a time, which cost more than the search.
 */
export const LIST_COLUMNS = sql`array_agg(first_id order by first_id) as firsts,
  array_agg(octet_length(postings) order by first_id) as sizes,
  string_agg(postings, ''::bytea order by first_id) as postings, sum(count)::int as df`;

/** A lexeme's list from the LIST_COLUMNS of its blocks. */
export const listOf = (row: { firsts: string[]; sizes: number[]; postings: Buffer; df: number }) =>
  new BlockList(row.firsts.map(Number), row.sizes, row.postings, row.df);

/** The user's lists of `lexemes` (those the user has; a lexeme with none is missing from the map). */
export async function readLists(
  db: DatabaseHandle,
  userNo: number,
  lexemes: readonly string[],
): Promise<Map<string, BlockList>> {
  const found = new Map<string, BlockList>();
  if (lexemes.length === 0) return found;
  const rows = await sql<{ lexeme: string; firsts: string[]; sizes: number[]; postings: Buffer; df: number }>`
    select lexeme, ${LIST_COLUMNS}
    from search_lists
    where user_no = ${userNo} and lexeme = any (${[...new Set(lexemes)]}::text[])
    group by lexeme
  `.execute(db);
  for (const row of rows.rows) found.set(row.lexeme, listOf(row));
  return found;
}

/** New postings of one lexeme: ids ascending, above every id the user's lists hold, with weight bytes. */
export interface NewPostings {
  lexeme: string;
  ids: number[];
  weights: number[];
}

/**
 * Appends postings to the user's lists: each lexeme's last block is filled up to BLOCK_POSTINGS, the rest
 * goes in new blocks. Passage ids only grow (a sequence, and the user's writers one at a time), so new
 * postings always go after the ones there.
 */
export async function appendPostings(tx: DatabaseHandle, userNo: number, postings: readonly NewPostings[]) {
  if (postings.length === 0) return;
  const last = await sql<BlockRow>`
    select b.* from unnest(${postings.map((p) => p.lexeme)}::text[]) as l(lexeme)
    cross join lateral (
      select s.lexeme, s.first_id, s.span, s.count, s.postings from search_lists s
      where s.user_no = ${userNo} and s.lexeme = l.lexeme
      order by s.first_id desc limit 1) b
  `.execute(tx);
  const lastOf = new Map(last.rows.map((row) => [row.lexeme, row]));
  const writes: (EncodedBlock & { lexeme: string })[] = [];
  for (const { lexeme, ids, weights } of postings) {
    let taken = 0;
    const block = lastOf.get(lexeme);
    if (block !== undefined && block.count < BLOCK_POSTINGS) {
      const lastId = lastIdOf(Number(block.first_id), block.span, block.postings);
      taken = Math.min(BLOCK_POSTINGS - block.count, ids.length);
      writes.push({
        lexeme,
        firstId: Number(block.first_id),
        lastId: ids[taken - 1] as number,
        count: block.count + taken,
        postings: Buffer.concat([
          block.postings,
          encodePostings(lastId, ids.slice(0, taken), weights.slice(0, taken)),
        ]),
      });
    }
    if (taken < ids.length) {
      for (const encoded of encodeBlocks({ ids: ids.slice(taken), weights: weights.slice(taken) })) {
        writes.push({ lexeme, ...encoded });
      }
    }
  }
  await writeBlocks(tx, userNo, writes);
}

async function writeBlocks(
  tx: DatabaseHandle,
  userNo: number,
  blocks: (EncodedBlock & { lexeme: string })[],
) {
  // In slices: one statement's parameters stay a few MB whatever the batch.
  for (let start = 0; start < blocks.length; start += 5000) {
    const slice = blocks.slice(start, start + 5000);
    await sql`
      insert into search_lists (first_id, user_no, span, count, lexeme, postings)
      select l.first_id, ${userNo}, l.span, l.count, l.lexeme, l.postings
      from unnest(${slice.map((b) => b.lexeme)}::text[], ${slice.map((b) => b.firstId)}::bigint[],
                  ${slice.map((b) => spanOf(b))}::int[], ${slice.map((b) => b.count)}::int[],
                  ${slice.map((b) => b.postings)}::bytea[]) as l(lexeme, first_id, span, count, postings)
      order by l.lexeme, l.first_id
      on conflict (user_no, lexeme, first_id) do update set
        span = excluded.span, count = excluded.count, postings = excluded.postings
    `.execute(tx);
  }
}

/**
 * Takes passages out of the user's lists: the blocks whose id range holds any of `passageIds` are read (a scan
 * of the user's block keys and ranges), rewritten without them, or deleted once empty. Answers how many
 * postings went.
 */
export async function removeFromLists(
  tx: DatabaseHandle,
  userNo: number,
  passageIds: readonly number[],
): Promise<number> {
  if (passageIds.length === 0) return 0;
  const gone = new Set(passageIds);
  const low = Math.min(...passageIds);
  const high = Math.max(...passageIds);
  const blocks = await sql<BlockRow>`
    select lexeme, first_id, span, count, postings from search_lists
    where user_no = ${userNo} and first_id <= ${high} and (span < 0 or first_id + span >= ${low})
  `.execute(tx);
  const dropped: { lexeme: string; firstId: number }[] = [];
  const rewritten: (EncodedBlock & { lexeme: string })[] = [];
  let removed = 0;
  for (const block of blocks.rows) {
    const firstId = Number(block.first_id);
    const list = emptyList();
    decodeBlock(firstId, block.postings, list);
    const kept = emptyList();
    list.ids.forEach((id, at) => {
      if (gone.has(id)) return;
      kept.ids.push(id);
      kept.weights.push(list.weights[at] as number);
    });
    if (kept.ids.length === list.ids.length) continue;
    removed += list.ids.length - kept.ids.length;
    dropped.push({ lexeme: block.lexeme, firstId });
    // At most one block: it held no more than BLOCK_POSTINGS.
    for (const encoded of encodeBlocks(kept)) rewritten.push({ lexeme: block.lexeme, ...encoded });
  }
  if (dropped.length > 0) {
    await sql`
      delete from search_lists s
      using unnest(${dropped.map((d) => d.lexeme)}::text[], ${dropped.map((d) => d.firstId)}::bigint[])
        as d(lexeme, first_id)
      where s.user_no = ${userNo} and s.lexeme = d.lexeme and s.first_id = d.first_id
    `.execute(tx);
  }
  await writeBlocks(tx, userNo, rewritten);
  return removed;
}

/** The user's number in the lists, or undefined before the user's first indexed passage. */
export async function userNumber(db: DatabaseHandle, userId: string): Promise<number | undefined> {
  const row = await sql<{ user_no: number }>`
    select user_no from search_corpus_stats where user_id = ${userId}::uuid
  `.execute(db);
  return row.rows[0]?.user_no;
}

/** Every lexeme the user's lists hold with its document frequency (tests and the bench read them). */
export async function documentFrequencies(db: DatabaseHandle, userNo: number): Promise<Map<string, number>> {
  const rows = await sql<{ lexeme: string; df: number }>`
    select lexeme, sum(count)::int as df from search_lists where user_no = ${userNo} group by lexeme
  `.execute(db);
  return new Map(rows.rows.map((row) => [row.lexeme, row.df]));
}
