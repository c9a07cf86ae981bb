import { describe, expect, it } from 'vitest';
import { parseCsv, readCsv } from './csv';

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
