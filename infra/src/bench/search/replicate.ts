import type { DatabaseHandle } from '@trove/service-core';
import { sql } from 'kysely';
import { extractDocument } from '../../../../services/search/src/extraction';
import {
  appendPostings,
  clearLists,
  type NewPostings,
  readAllLists,
} from '../../../../services/search/src/search/posting-lists.repository';
import { type CorpusMessage, copyOf } from './corpus';
import { seededRandom } from './queries';

// The ×8 corpus. Copies 1–7 differ from copy 0 by one header field (corpus.ts, copyOf), which extraction
// does not read: their passages, facts, titles and dates are copy 0's. Extracting 42k more messages one by
// one would take the bench ~10 minutes on this machine to write rows it already has, so they are written
// in SQL from copy 0's rows, in bulk, with the statistics moved the way 8 × the same passages move them.
// `sameExtraction` checks the premise on every run; BENCH_SEARCH_REAL_COPIES=1 loads them the slow way.

/** Extracts `sample` messages (seeded) as copy 0 and as copy `copy`: true when every passage agrees. */
export async function sameExtraction(corpus: readonly CorpusMessage[], sample: number, copy: number) {
  const random = seededRandom(11);
  const differing: string[] = [];
  for (let taken = 0; taken < sample; taken++) {
    const message = corpus[Math.floor(random() * corpus.length)] as CorpusMessage;
    const extract = (eml: string) =>
      extractDocument({
        bytes: new TextEncoder().encode(eml),
        fileName: `${message.id}.eml`,
        mediaType: 'message/rfc822',
      }).catch((err: Error) => ({ failed: err.message }));
    const [original, copied] = await Promise.all([
      extract(copyOf(message, 0)),
      extract(copyOf(message, copy)),
    ]);
    if (JSON.stringify(original) !== JSON.stringify(copied)) differing.push(message.id);
  }
  return differing;
}

/** Writes copies `1..copies` of the user's documents (copy 0, all of them) with their passages and postings. */
export async function replicateCopies(db: DatabaseHandle, userId: string, copies: number): Promise<number> {
  const { userNo, lists } = await db.transaction().execute(async (tx) => {
    await sql`create temp table bench_originals on commit drop as
              select id from documents where user_id = ${userId}`.execute(tx);
    await sql`create temp table bench_passages (old_id bigint, new_id bigint, document_id uuid) on commit drop`.execute(
      tx,
    );
    for (let copy = 1; copy <= copies; copy++) {
      const header = `X-Trove-Bench-Copy: ${copy}\n`;
      await sql`create temp table bench_map on commit drop as
                select id as old_id, gen_random_uuid() as new_id from bench_originals`.execute(tx);
      await sql`
        insert into documents (id, user_id, name, media_type, kind, size_bytes, original, status,
                               failure_reason, title, parts, document_date, sent_at)
        select m.new_id, d.user_id, regexp_replace(d.name, '-0\\.eml$', ${`-${copy}.eml`}), d.media_type, d.kind,
               d.size_bytes + octet_length(${header}), convert_to(${header}, 'UTF8') || d.original, d.status,
               d.failure_reason, d.title, d.parts, d.document_date, d.sent_at
        from documents d join bench_map m on m.old_id = d.id
      `.execute(tx);
      await sql`
        insert into passages (document_id, user_id, ordinal, location, body, length, facts)
        select m.new_id, p.user_id, p.ordinal, p.location, p.body, p.length, p.facts
        from passages p join bench_map m on m.old_id = p.document_id
      `.execute(tx);
      await sql`
        insert into bench_passages (old_id, new_id, document_id)
        select op.id, np.id, m.new_id
        from bench_map m
        join passages op on op.document_id = m.old_id
        join passages np on np.document_id = m.new_id and np.ordinal = op.ordinal
      `.execute(tx);
      await sql`drop table bench_map`.execute(tx);
    }
    // The copies' postings: their originals' (the same fields give the same weights). A copy's passages have
    // higher ids than the copy before's (one sequence, copy after copy), so each list is its copies in order.
    const userNo = (
      await sql<{
        user_no: number;
      }>`select user_no from search_corpus_stats where user_id = ${userId}`.execute(tx)
    ).rows[0]?.user_no;
    if (userNo === undefined) throw new Error('the bench user has no index to copy');
    const mapped = await sql<{ old_id: string; new_id: string }>`
      select old_id, new_id from bench_passages order by new_id`.execute(tx);
    const copiesOf = new Map<number, number[]>();
    for (const row of mapped.rows) {
      const list = copiesOf.get(Number(row.old_id)) ?? [];
      copiesOf.set(Number(row.old_id), list);
      list.push(Number(row.new_id));
    }
    const originals = await readAllLists(tx, userNo);
    const lists: NewPostings[] = [];
    for (const [lexeme, original] of originals) {
      const ids = [...original.ids];
      const weights = [...original.weights];
      for (let copy = 0; copy < copies; copy++) {
        const copied = original.ids
          .map((id, at) => [copiesOf.get(id)?.[copy] ?? 0, original.weights[at] ?? 0] as const)
          .sort((a, b) => a[0] - b[0]);
        for (const [id, weight] of copied) {
          ids.push(id);
          weights.push(weight);
        }
      }
      lists.push({ lexeme, ids, weights });
    }
    await clearLists(tx, userNo);
    return { userNo, lists };
  });
  // The old lists' rows are gone before the new ones are written, and vacuumed: written in the transaction that
  // deleted them, every list's "last block" lookup walked the index over its own dead rows — at ×8 one statement
  // ran past 30 minutes (stop 50's helpers).
  await sql`vacuum (analyze) search_lists, search_pages, search_words`.execute(db);
  return db.transaction().execute(async (tx) => {
    await appendPostings(tx, userNo, lists);
    // Each passage now exists copies + 1 times: n(q) (the lists' counts), N and the sum of |D| scale alike.
    await sql`update search_corpus_stats set passage_count = passage_count * ${copies + 1},
                     total_length = total_length * ${copies + 1}
              where user_id = ${userId}`.execute(tx);
    const { count } = (
      await sql<{ count: string }>`select count(*) as count from documents where user_id = ${userId}`.execute(
        tx,
      )
    ).rows[0] ?? { count: '0' };
    return Number(count);
  });
}
