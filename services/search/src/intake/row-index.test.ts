import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { type ExtractedFacts, extractDocument } from '../extraction';
import { renderRow } from '@trove/service-core/records';
import { extractRow, extractRows, INLINE_ROW_MAX_BYTES, slices } from './row-index';

const mapping = {
  table: 'invoices',
  id_column: 'id',
  title_column: 'number',
  body_columns: ['customer', 'issued_on', 'notes'],
  changed_at_column: null,
};

const invoice = (n: number, notes = `Consulting for project ${n}, contact Ada Lovelace, due in 30 days.`) =>
  renderRow(
    { id: String(n), number: `INV-${n}`, customer: 'Globex GmbH', issued_on: '2026-03-04', notes },
    mapping,
  );

describe('extractRow', () => {
  it('makes the passages and facts the extraction job would make of the same row', async () => {
    const row = invoice(7);
    const job = await extractDocument({ bytes: row.html, fileName: row.name, mediaType: 'text/html' });
    const inline = await extractRow(row);
    // Relative dates ("in 30 days") are read from the day of extraction, the same day here.
    expect(inline).toEqual({
      title: 'INV-7',
      parts: job.parts,
      passages: job.passages,
      documentDate: null,
      sentAt: null,
      // Typed fields come with the columns' types (row-document.test.ts); a row rendered without them has none.
      records: job.records,
    });
    expect(job.records).toEqual([]);
    const facts = inline?.passages[0]?.facts as ExtractedFacts | undefined;
    expect(facts?.dates.map((date) => date.iso)).toContain('2026-03-04');
    expect(inline?.passages[0]?.fields.title).toBe('INV-7');
  });

  it('leaves a row larger than the inline bound to the extraction job', async () => {
    const large = invoice(8, 'overdue reminder '.repeat(Math.ceil(INLINE_ROW_MAX_BYTES / 17) + 1));
    expect(large.html.byteLength).toBeGreaterThan(INLINE_ROW_MAX_BYTES);
    expect(await extractRow(large)).toBeUndefined();
    expect(await extractRow(invoice(9))).toBeDefined();
  });
});

describe('extractRows', () => {
  it('extracts every row by its id, and the large one is left out for the job', async () => {
    const rows = [invoice(1), invoice(2, 'x '.repeat(INLINE_ROW_MAX_BYTES)), invoice(3)];
    const extracted = await extractRows(rows.map((row) => [row.id, row]));
    expect([...extracted.keys()]).toEqual(['1', '3']);
    expect(extracted.get('3')?.title).toBe('INV-3');
  });

  it('lets the event loop run while it extracts a batch (it runs on the service’s loop)', async () => {
    // 400 rows (~0.25 s quiet): enough for many turns, short enough for a unit test on a machine at load 40.
    const rows = Array.from({ length: 400 }, (_, index) => invoice(index + 1));
    let turns = 0;
    let extracting = true;
    const counting = (async () => {
      while (extracting) {
        await nextTurn();
        turns += 1;
      }
    })();
    await extractRows(rows.map((row) => [row.id, row]));
    extracting = false;
    await counting;
    // A turn at least every 10 ms of extraction: without the yield, one turn, after it all.
    expect(turns).toBeGreaterThanOrEqual(5);
  });
});

describe('slices', () => {
  it('cuts by count and by size, and a large item goes alone', () => {
    const size = (n: number) => n;
    expect(slices([1, 1, 1, 1, 1], 2, 100, size)).toEqual([[1, 1], [1, 1], [1]]);
    expect(slices([40, 40, 40, 200, 10], 10, 100, size)).toEqual([[40, 40], [40], [200], [10]]);
    expect(slices([], 10, 100, size)).toEqual([]);
  });
});
