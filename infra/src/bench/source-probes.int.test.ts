import { createMigratedTestDatabase, type TestDatabase } from '@trove/service-core/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTS_SQL, counts } from './source-probes';

// The benches' first-sync probe (docs/decisions/224): polled every 250 ms while the search service indexes, it must
// not read the intake table through: a 100,000-row backlog counted four times a second took a large share of the
// machine the bench measures.

type PlanNode = {
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
};

/** Every scan of `relation` in the plan, with the rows it returned. */
function scansOf(node: PlanNode, relation: string): PlanNode[] {
  const own = node['Relation Name'] === relation ? [node] : [];
  return [...own, ...(node.Plans ?? []).flatMap((child) => scansOf(child, relation))];
}

describe('counts (the first-sync probe)', () => {
  let database: TestDatabase;
  let db: pg.Client;
  let sourceId: string;

  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const user = await db.query<{ id: string }>(
      `insert into users (email) values ('probe@example.com') returning id`,
    );
    const userId = user.rows[0]?.id;
    const source = await db.query<{ id: string }>(
      `insert into sources (user_id, kind, name, settings, secret)
       values ($1, 'postgres', 'Invoices', '{}', '') returning id`,
      [userId],
    );
    sourceId = source.rows[0]?.id ?? '';
    await db.query(
      `insert into source_intake (source_id, user_id, op, item_key, body, inline)
       select $1, $2, 'put', n::text, convert_to(repeat('row ', 100), 'UTF8'), true from generate_series(1, 2000) n`,
      [sourceId, userId],
    );
  });

  afterAll(async () => {
    await db?.end();
    await database?.drop();
  });

  it('says an intake row waits by reading one of them, not all 2,000', async () => {
    expect((await counts(db, sourceId)).waiting).toBe(1);
    const explained = await db.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
      `explain (analyze, format json) ${COUNTS_SQL}`,
      [sourceId],
    );
    const plan = explained.rows[0]?.['QUERY PLAN'][0]?.Plan as PlanNode;
    const scans = scansOf(plan, 'source_intake');
    expect(scans.length).toBeGreaterThan(0);
    for (const scan of scans) expect(scan['Actual Rows'] ?? 0).toBeLessThanOrEqual(1);
  });

  it('says none waits once the search service has taken them', async () => {
    await db.query('delete from source_intake where source_id = $1', [sourceId]);
    expect(await counts(db, sourceId)).toMatchObject({ waiting: 0, documents: 0, state: 'connected' });
  });
});
