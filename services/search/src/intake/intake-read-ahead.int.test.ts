import { randomUUID } from 'node:crypto';
import { renderRow } from '@trove/service-core/records';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchDb } from '../db/tables';
import { analysePassages } from '../documents/documents.repository';
import { type SearchTestService, type SignedInUser, startSearchTestService } from '../testing/search-service';
import { drainIntake, INTAKE_DEFAULTS } from './intake-consumer';
import { readAhead } from './intake-read-ahead';
import { oldestIntake } from './intake.repository';
import { extractRow, WRITE_SLICE_ROWS } from './row-index';

// The intake's read-ahead (docs/decisions/251): the batches after the one taken are read and extracted, with
// their passages analysed, and a drain indexes its rows the same with it as without it.

let service: SearchTestService;

const mapping = {
  table: 'invoices',
  id_column: 'id',
  title_column: 'number',
  body_columns: ['customer', 'total', 'notes'],
  changed_at_column: null,
};

const invoice = (n: number) =>
  renderRow(
    {
      id: String(n),
      number: `INV-${n}`,
      customer: n % 2 === 0 ? 'Globex GmbH' : 'Initech Ltd',
      total: `${n * 100}.50 EUR`,
      notes: `Consulting for project ${n}, contact Ada Lovelace, due on 3 March 2026.`,
    },
    mapping,
  );

async function handOver(user: SignedInUser, rows: number): Promise<string> {
  const sourceId = randomUUID();
  await searchDb(service.db)
    .insertInto('sources')
    .values({
      id: sourceId,
      user_id: user.userId,
      kind: 'postgres',
      name: 'Invoices',
      settings: '{}',
      secret: '',
    })
    .execute();
  await searchDb(service.db)
    .insertInto('source_intake')
    .values(
      Array.from({ length: rows }, (_, at) => {
        const row = invoice(at + 1);
        return {
          source_id: sourceId,
          user_id: user.userId,
          op: 'put' as const,
          item_key: String(at + 1),
          folder: 'invoices',
          name: row.name,
          media_type: 'text/html',
          format: 'html',
          body: row.html,
          inline: true,
        };
      }),
    )
    .execute();
  return sourceId;
}

beforeAll(async () => {
  service = await startSearchTestService();
});

afterAll(async () => {
  await service?.close();
});

describe('the intake read-ahead', () => {
  it('reads and extracts the batches after the one taken, their passages analysed as the drain would', async () => {
    const user = await service.signUp();
    await handOver(user, 6);
    const rows = await oldestIntake(service.db, 10, 1024 * 1024);
    expect(rows).toHaveLength(6);
    const ahead = readAhead(service.db, { batchRows: 2, batchBytes: 1024 * 1024, aheadBatches: 2 });
    try {
      // Nothing is read before the first batch is taken: that batch the drain extracts itself.
      expect((await ahead.take(rows.slice(0, 2))).size).toBe(0);
      for (const batch of [rows.slice(2, 4), rows.slice(4, 6)]) {
        const found = await ahead.take(batch);
        expect([...found.keys()]).toEqual(batch.map((row) => row.id));
        for (const row of batch) {
          const { analysed, ...extraction } = found.get(row.id) ?? { analysed: undefined };
          const alone = await extractRow({ name: row.name ?? '', html: row.body ?? Buffer.alloc(0) });
          expect(extraction).toEqual(alone);
          expect(analysed).toEqual(
            await analysePassages(service.db, [{ id: '', userId: '', passages: alone?.passages ?? [] }]),
          );
        }
      }
    } finally {
      await ahead.close();
      await service.drainIntake();
    }
  });

  it('holds one batch’s bytes ahead at most, whatever the number of batches', async () => {
    const user = await service.signUp();
    await handOver(user, 4);
    const rows = await oldestIntake(service.db, 10, 1024 * 1024);
    const ahead = readAhead(service.db, { batchRows: 2, batchBytes: 1, aheadBatches: 2 });
    try {
      await ahead.take(rows.slice(0, 1));
      // One row (one always comes) fills the budget of a byte: the row after it was not read ahead.
      const found = await ahead.take(rows.slice(1, 3));
      expect([...found.keys()]).toEqual([rows[1]?.id]);
    } finally {
      await ahead.close();
      await service.drainIntake();
    }
  });

  it('analyses a statement a write slice; a slice whose statement fails keeps its rows’ extractions', async () => {
    const user = await service.signUp();
    const count = WRITE_SLICE_ROWS + 1;
    await handOver(user, count + 1);
    const rows = await oldestIntake(service.db, count + 1, 1024 * 1024 * 1024);
    // Every analysis statement is counted, and the first one fails (the pool's statement bound, say).
    let analyses = 0;
    const failingOnce = service.db.withPlugin({
      transformQuery({ node }) {
        if (JSON.stringify(node).includes('to_tsvector')) {
          analyses += 1;
          if (analyses === 1) throw new Error('canceling statement due to statement timeout (test)');
        }
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const ahead = readAhead(failingOnce, {
      batchRows: count,
      batchBytes: 1024 * 1024 * 1024,
      aheadBatches: 1,
    });
    try {
      await ahead.take(rows.slice(0, 1));
      const found = [...(await ahead.take(rows.slice(1))).values()];
      expect(analyses).toBe(2);
      expect(found).toHaveLength(count);
      // The first slice's rows come extracted and unanalysed (the drain analyses them); the last one's analysed.
      expect(found.filter((extraction) => extraction?.analysed === undefined)).toHaveLength(WRITE_SLICE_ROWS);
      expect(found.at(-1)?.analysed).toEqual(
        await analysePassages(service.db, [{ id: '', userId: '', passages: found.at(-1)?.passages ?? [] }]),
      );
    } finally {
      await ahead.close();
      await service.drainIntake();
    }
  });

  it('indexes a drain’s rows the same with the read-ahead as without it', async () => {
    const indexed = async (aheadBatches: number) => {
      const user = await service.signUp();
      const sourceId = await handOver(user, 7);
      await drainIntake(service.db, { ...INTAKE_DEFAULTS, batchRows: 2, aheadBatches });
      const passages = await searchDb(service.db)
        .selectFrom('passages')
        .innerJoin('source_documents', 'source_documents.document_id', 'passages.document_id')
        .innerJoin('documents', 'documents.id', 'passages.document_id')
        .select([
          'source_documents.item_key as key',
          'passages.ordinal',
          'passages.body',
          'passages.length',
          'passages.facts',
          'documents.status',
          'documents.original',
        ])
        .where('source_documents.source_id', '=', sourceId)
        .orderBy('source_documents.item_key')
        .orderBy('passages.ordinal')
        .execute();
      return passages.map((passage) => ({ ...passage, original: Buffer.from(passage.original).toString() }));
    };
    const without = await indexed(0);
    expect(without).toHaveLength(7);
    expect(without.every((passage) => passage.status === 'indexed' && passage.length > 0)).toBe(true);
    expect(without[0]?.original).toBe(invoice(1).html.toString());
    expect(await indexed(3)).toEqual(without);
  });
});
