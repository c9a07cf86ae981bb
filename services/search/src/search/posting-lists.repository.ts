import type { DatabaseHandle } from '@trove/service-core';
import { type RawBuilder, sql } from 'kysely';
import {
  BLOCK_POSTINGS,
  BlockList,
  compareLexemes,
  decodeBlock,
  decodePage,
  type EncodedBlock,
  emptyList,
  encodeBlocks,
  encodePostings,
  entryAsList,
  entryList,
  lastIdOf,
  PAGE_LIST_LIMIT,
  pageHoldsAny,
  type PageEntry,
  type PostingList,
  pageEntry,
  spanOf,
  splitPage,
} from './posting-lists';

// The lists (docs/decisions/069-posting-lists.md, 071-small-list-pages.md): long ones in blocks of their own
// (search_lists), short ones sharing pages (search_pages); the one place that reads and writes them. A lexeme's
// list is in one of the two, never both. Writers hold the user's search_corpus_stats row (documents.repository's
// lock order), so one user's lists change one transaction at a time; a reader sees a committed snapshot.

/**
 * The page that would hold `lexeme` for a user: the one with the greatest key not after it (byte order). SQL
 * of a subquery, for the lateral reads here and in the search's first statement.
 */
export const pageOf = (userNo: RawBuilder<unknown> | number, lexeme: RawBuilder<unknown>) => sql`(
  select p.entries from search_pages p
  where p.user_no = ${userNo} and p.from_lexeme <= ${lexeme} collate "C"
  order by p.from_lexeme desc limit 1)`;

/** A lexeme's list as read with LIST_COLUMNS and, when it has no blocks, the page {@link pageOf} found. */
export interface ListRow {
  lexeme: string;
  firsts: string[] | null;
  sizes: number[] | null;
  postings: Buffer | null;
  df: number | null;
  page: Buffer | null;
}

/** The list of a {@link ListRow}: its blocks, or its entry in the page; undefined when it is in no passage. */
export function listOfRow(row: ListRow): BlockList | undefined {
  if (row.df !== null && row.df > 0) {
    return listOf({
      firsts: row.firsts ?? [],
      sizes: row.sizes ?? [],
      postings: row.postings ?? Buffer.alloc(0),
      df: row.df,
    });
  }
  const entry = row.page === null ? undefined : decodePage(row.page).find((e) => e.lexeme === row.lexeme);
  return entry === undefined ? undefined : entryAsList(entry);
}

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
  const rows = await sql<ListRow>`
    select q.lexeme, l.*, case when l.df is null then ${pageOf(userNo, sql`q.lexeme`)} end as page
    from unnest(${[...new Set(lexemes)]}::text[]) as q(lexeme)
    cross join lateral (
      select ${LIST_COLUMNS} from search_lists s where s.user_no = ${userNo} and s.lexeme = q.lexeme
    ) l
  `.execute(db);
  for (const row of rows.rows) {
    const list = listOfRow(row);
    if (list !== undefined) found.set(row.lexeme, list);
  }
  return found;
}

/** New postings of one lexeme: ids ascending, above every id the user's lists hold, with weight bytes. */
export interface NewPostings {
  lexeme: string;
  ids: number[];
  weights: number[];
}

/**
 * Appends postings to the user's lists. A lexeme with blocks has its last block filled up to BLOCK_POSTINGS and
 * the rest in new blocks; any other goes to its page, and on to blocks of its own once it reaches
 * PAGE_LIST_LIMIT. Passage ids only grow (a sequence, and the user's writers one at a time), so new postings
 * always go after the ones there. Answers how many rows (blocks and pages) it wrote.
 */
export async function appendPostings(
  tx: DatabaseHandle,
  userNo: number,
  postings: readonly NewPostings[],
): Promise<number> {
  if (postings.length === 0) return 0;
  const last = await sql<BlockRow>`
    select b.* from unnest(${postings.map((p) => p.lexeme)}::text[]) as l(lexeme)
    cross join lateral (
      select s.lexeme, s.first_id, s.span, s.count, s.postings from search_lists s
      where s.user_no = ${userNo} and s.lexeme = l.lexeme
      order by s.first_id desc limit 1) b
  `.execute(tx);
  const lastOf = new Map(last.rows.map((row) => [row.lexeme, row]));
  const writes: (EncodedBlock & { lexeme: string })[] = [];
  const short: NewPostings[] = [];
  for (const { lexeme, ids, weights } of postings) {
    const block = lastOf.get(lexeme);
    if (block === undefined) {
      short.push({ lexeme, ids, weights });
      continue;
    }
    let taken = 0;
    if (block.count < BLOCK_POSTINGS) {
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
  const pages = await appendToPages(tx, userNo, short);
  for (const { lexeme, list } of pages.grown) {
    for (const encoded of encodeBlocks(list)) writes.push({ lexeme, ...encoded });
  }
  await writeBlocks(tx, userNo, writes);
  return pages.rows + writes.length;
}

interface LoadedPage {
  key: string;
  entries: Map<string, PageEntry>;
  changed: boolean;
}

/** The user's pages that hold (or would hold) `lexemes`, by key, in key order. */
async function pagesHolding(
  tx: DatabaseHandle,
  userNo: number,
  lexemes: readonly string[],
): Promise<LoadedPage[]> {
  // The keys first, as an array: PostgreSQL then looks each page up by its key. As a subquery it hashed every
  // page of the user to join them, a cost that grew with the user rather than the batch.
  const rows = await sql<{ from_lexeme: string; entries: Buffer }>`
    select from_lexeme, entries from search_pages
    where user_no = ${userNo} and from_lexeme = any (array(
      select distinct (select p.from_lexeme from search_pages p
                       where p.user_no = ${userNo} and p.from_lexeme <= l.lexeme collate "C"
                       order by p.from_lexeme desc limit 1)
      from unnest(${lexemes}::text[]) as l(lexeme)))
  `.execute(tx);
  return rows.rows
    .map((row) => ({
      key: row.from_lexeme,
      entries: new Map(decodePage(row.entries).map((entry) => [entry.lexeme, entry])),
      changed: false,
    }))
    .sort((a, b) => compareLexemes(a.key, b.key));
}

/**
 * Puts short lists' new postings into their pages and writes the pages (cut when they grow past PAGE_BYTES).
 * Answers the lists that reached PAGE_LIST_LIMIT — they left their page, for the caller to write as blocks —
 * and how many page rows it wrote.
 */
async function appendToPages(
  tx: DatabaseHandle,
  userNo: number,
  postings: readonly NewPostings[],
): Promise<{ grown: { lexeme: string; list: PostingList }[]; rows: number }> {
  if (postings.length === 0) return { grown: [], rows: 0 };
  const pages = await pagesHolding(
    tx,
    userNo,
    postings.map((p) => p.lexeme),
  );
  // A user's first page has the least key, '': every lexeme has a page from then on.
  if (pages[0]?.key !== '') pages.unshift({ key: '', entries: new Map(), changed: false });
  const pageFor = (lexeme: string) => {
    let low = 0;
    let high = pages.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if (compareLexemes((pages[middle] as LoadedPage).key, lexeme) <= 0) low = middle;
      else high = middle - 1;
    }
    return pages[low] as LoadedPage;
  };
  const grown: { lexeme: string; list: PostingList }[] = [];
  const added: string[] = [];
  for (const { lexeme, ids, weights } of postings) {
    const page = pageFor(lexeme);
    const entry = page.entries.get(lexeme);
    if (entry === undefined && CORRECTABLE_WORD.test(lexeme)) added.push(lexeme);
    const list = entry === undefined ? emptyList() : entryList(entry);
    list.ids.push(...ids);
    list.weights.push(...weights);
    page.changed = true;
    if (list.ids.length >= PAGE_LIST_LIMIT) {
      page.entries.delete(lexeme);
      grown.push({ lexeme, list });
    } else {
      page.entries.set(lexeme, pageEntry(lexeme, list));
    }
  }
  await addWords(tx, userNo, added);
  return { grown, rows: await writePages(tx, userNo, pages) };
}

/**
 * What a typo can stand for: a lexeme of letters alone, 2 to 24 of them. Two: the stem of a long word can be
 * that short ("going" is "go", "getting" "get", "wedding" "wed"), and with 4 as the least, "goingg", "gettnig" and
 * "weddiing" were never corrected (docs/decisions/232). Tags, hosts, ids and numbers — most of an archive's
 * lexemes, each in one passage — are never a correction, so the dictionary leaves them out.
 */
export const CORRECTABLE_WORD = /^\p{L}{2,24}$/u;

/**
 * Names lexemes new to the user in the word dictionary that typo tolerance reads (search_words,
 * docs/decisions/140-typo-tolerance-on-the-word-dictionary.md). A lexeme is new when it has neither blocks nor
 * a page entry, so only a batch's new words cost a row, and each once.
 */
async function addWords(tx: DatabaseHandle, userNo: number, words: readonly string[]): Promise<void> {
  for (let start = 0; start < words.length; start += 5000) {
    await sql`
      insert into search_words (user_no, word)
      select ${userNo}, w from unnest(${words.slice(start, start + 5000)}::text[]) as w
    `.execute(tx);
  }
}

/**
 * Writes the changed pages: cut when too big (the first part keeps the key), deleted when empty (but '').
 * Answers how many rows it wrote or deleted.
 */
async function writePages(tx: DatabaseHandle, userNo: number, pages: readonly LoadedPage[]): Promise<number> {
  const written: { key: string; bytes: Buffer }[] = [];
  const emptied: string[] = [];
  for (const page of pages) {
    if (!page.changed) continue;
    const entries = [...page.entries.values()].sort((a, b) => compareLexemes(a.lexeme, b.lexeme));
    if (entries.length === 0 && page.key !== '') {
      emptied.push(page.key);
      continue;
    }
    splitPage(entries).forEach((part, at) => {
      written.push({ key: at === 0 ? page.key : part.firstLexeme, bytes: part.bytes });
    });
  }
  for (let start = 0; start < written.length; start += 5000) {
    const slice = written.slice(start, start + 5000);
    await sql`
      insert into search_pages (user_no, from_lexeme, entries)
      select ${userNo}, p.key, p.bytes
      from unnest(${slice.map((p) => p.key)}::text[], ${slice.map((p) => p.bytes)}::bytea[]) as p(key, bytes)
      order by p.key collate "C"
      on conflict (user_no, from_lexeme) do update set entries = excluded.entries
    `.execute(tx);
  }
  if (emptied.length > 0) {
    await sql`
      delete from search_pages where user_no = ${userNo} and from_lexeme = any (${emptied}::text[])
    `.execute(tx);
  }
  return written.length + emptied.length;
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
    const kept = without(list, gone);
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
  return removed + (await removeFromPages(tx, userNo, gone, low, high));
}

/** The list without the postings of `gone`. */
function without(list: PostingList, gone: ReadonlySet<number>): PostingList {
  const kept = emptyList();
  list.ids.forEach((id, at) => {
    if (gone.has(id)) return;
    kept.ids.push(id);
    kept.weights.push(list.weights[at] as number);
  });
  return kept;
}

/**
 * Takes passages out of the user's pages: every page is read (a page's short lists span any ids), and those
 * holding a removed id written back without it. Answers how many postings went.
 */
async function removeFromPages(
  tx: DatabaseHandle,
  userNo: number,
  gone: ReadonlySet<number>,
  low: number,
  high: number,
): Promise<number> {
  const rows = await sql<{ from_lexeme: string; entries: Buffer }>`
    select from_lexeme, entries from search_pages where user_no = ${userNo}
  `.execute(tx);
  const changed: LoadedPage[] = [];
  let removed = 0;
  for (const row of rows.rows) {
    if (!pageHoldsAny(row.entries, gone, low, high)) continue;
    const page: LoadedPage = { key: row.from_lexeme, entries: new Map(), changed: false };
    for (const entry of decodePage(row.entries)) {
      page.entries.set(entry.lexeme, entry);
      const list = entryList(entry);
      const kept = without(list, gone);
      if (kept.ids.length === list.ids.length) continue;
      removed += list.ids.length - kept.ids.length;
      page.changed = true;
      if (kept.ids.length === 0) page.entries.delete(entry.lexeme);
      else page.entries.set(entry.lexeme, pageEntry(entry.lexeme, kept));
    }
    if (page.changed) changed.push(page);
  }
  await writePages(tx, userNo, changed);
  return removed;
}

/**
 * Vacuums the lists' tables, outside any transaction: their rows are rewritten at every batch, and PostgreSQL
 * reuses a dead version's space for new rows only once a vacuum has recorded it (docs/decisions/074). SKIP_LOCKED:
 * when another process is vacuuming one of them, that one is left to it rather than waited for.
 */
export async function vacuumLists(db: DatabaseHandle): Promise<void> {
  await sql`vacuum (skip_locked) search_lists, search_pages`.execute(db);
}

/** The user's number in the lists, or undefined before the user's first indexed passage. */
export async function userNumber(db: DatabaseHandle, userId: string): Promise<number | undefined> {
  const row = await sql<{ user_no: number }>`
    select user_no from search_corpus_stats where user_id = ${userId}::uuid
  `.execute(db);
  return row.rows[0]?.user_no;
}

/** Every lexeme the user's lists hold with its document frequency as stored: the blocks' and entries' counts. */
export async function documentFrequencies(db: DatabaseHandle, userNo: number): Promise<Map<string, number>> {
  const rows = await sql<{ lexeme: string; df: number }>`
    select lexeme, sum(count)::int as df from search_lists where user_no = ${userNo} group by lexeme
  `.execute(db);
  const frequencies = new Map(rows.rows.map((row) => [row.lexeme, row.df]));
  const pages = await sql<{ entries: Buffer }>`
    select entries from search_pages where user_no = ${userNo}
  `.execute(db);
  for (const page of pages.rows) {
    for (const entry of decodePage(page.entries)) frequencies.set(entry.lexeme, entry.count);
  }
  return frequencies;
}

/** Every list of the user, decoded (the bench copies them; tests compare them). */
export async function readAllLists(db: DatabaseHandle, userNo: number): Promise<Map<string, PostingList>> {
  const lists = new Map<string, PostingList>();
  const blocks = await sql<{ lexeme: string; first_id: string; postings: Buffer }>`
    select lexeme, first_id, postings from search_lists where user_no = ${userNo} order by lexeme, first_id
  `.execute(db);
  for (const block of blocks.rows) {
    const list = lists.get(block.lexeme) ?? emptyList();
    lists.set(block.lexeme, list);
    decodeBlock(Number(block.first_id), block.postings, list);
  }
  const pages = await sql<{ entries: Buffer }>`
    select entries from search_pages where user_no = ${userNo}
  `.execute(db);
  for (const page of pages.rows) {
    for (const entry of decodePage(page.entries)) lists.set(entry.lexeme, entryList(entry));
  }
  return lists;
}

/** Drops every list of the user (the bench writes them again, copies and all). */
export async function clearLists(tx: DatabaseHandle, userNo: number): Promise<void> {
  await sql`delete from search_lists where user_no = ${userNo}`.execute(tx);
  await sql`delete from search_pages where user_no = ${userNo}`.execute(tx);
  await sql`delete from search_words where user_no = ${userNo}`.execute(tx);
}
