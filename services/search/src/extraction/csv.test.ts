import { describe, expect, it } from 'vitest';
import { parseCsv, readCsv } from './csv';
import { extractDocument } from './index';

describe('reading CSV', () => {
  it('quoted fields keep their commas, quotes and line breaks', () => {
    expect(parseCsv('name,note\r\n"Acme, Inc","said ""hi""\nthen left"\n\n')).toEqual([
      ['name', 'note'],
      ['Acme, Inc', 'said "hi"\nthen left'],
    ]);
  });

  it('rows are grouped into passages and the header row is repeated as context', () => {
    const rows = Array.from({ length: 60 }, (_, i) => `Vendor ${i},INV-${i},₹1,00,000 due soon`);
    const text = readCsv(`vendor,invoice,amount\n${rows.join('\n')}`, 'ledger');
    expect(text.title).toBe('ledger');
    expect(text.parts).toBe(60);
    expect(text.blocks.length).toBeGreaterThan(1);
    for (const block of text.blocks) {
      expect(block.text.startsWith('vendor, invoice, amount\n')).toBe(true);
      expect(block.text.split(/\s+/).length).toBeLessThanOrEqual(200);
    }
    expect(text.blocks[0]?.location).toMatch(/^rows 2–\d+$/);
    expect(text.blocks.at(-1)?.location).toMatch(/–61$/);
  });
});

describe('a CSV file’s rows as typed fields (issue 37 item 1)', () => {
  it('each row keeps its header and the types its cells parse as, and names the passage that holds it', async () => {
    const rows = Array.from(
      { length: 40 },
      (_, i) =>
        `Customer ${i},"$${(1000 + i).toLocaleString('en-US')}.50",2026-03-${String((i % 28) + 1).padStart(2, '0')},${i % 2 === 0}`,
    );
    const extracted = await extractDocument({
      bytes: Buffer.from(`customer,amount,due date,paid\n${rows.join('\n')}\n`),
      fileName: 'invoices.csv',
      mediaType: 'text/csv',
    });
    expect(extracted.records).toHaveLength(40);
    expect(extracted.records[0]).toEqual({
      collection: 'invoices',
      location: 'row 2',
      passage: 0,
      fields: [
        { name: 'customer', type: 'text', value: 'Customer 0' },
        { name: 'amount', type: 'money', value: '1000.5', currency: 'USD' },
        { name: 'due date', type: 'date', value: '2026-03-01' },
        { name: 'paid', type: 'boolean', value: true },
      ],
    });
    const last = extracted.records.at(-1);
    expect(last?.location).toBe('row 41');
    expect(extracted.passages[last?.passage ?? -1]?.text).toContain('Customer 39');
    expect(last?.passage).toBeGreaterThan(0);
  });
});
