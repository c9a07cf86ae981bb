import { readFileSync } from 'node:fs';
import * as CFB from 'cfb';
import { describe, expect, it } from 'vitest';
import { ExtractionError } from './detect-kind';
import { extractDocument } from './index';
import { READERS } from './readers';
import { sniffKind } from './sniff';
import { readXls } from './xls';
import { rkNumber } from './xls-records';

// XLS (issue 39 item 1, docs/decisions/126): a workbook another program wrote (the fixture), and the records
// Excel writes that it does not (shared strings split across CONTINUE records, RK numbers, formulas' strings),
// built here record by record.

const fixture = new Uint8Array(readFileSync(new URL('./fixtures/expenses.xls', import.meta.url)));

const record = (type: number, data: Buffer) => {
  const head = Buffer.alloc(4);
  head.writeUInt16LE(type, 0);
  head.writeUInt16LE(data.length, 2);
  return Buffer.concat([head, data]);
};
const u16 = (...values: number[]) => Buffer.from(new Uint16Array(values).buffer);
const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value >>> 0, 0);
  return bytes;
};
const bof = (kind: number) => record(0x0809, u16(0x0600, kind, 0, 0, 0, 0, 0, 0));
const eof = () => record(0x000a, Buffer.alloc(0));
const cell = (row: number, column: number, ixfe: number) => u16(row, column, ixfe);

/** A workbook stream of globals and one sheet "Ledger", in a compound file. */
function workbook(globals: Buffer[], sheet: Buffer[], stream = 'Workbook'): Uint8Array {
  const name = Buffer.from('Ledger', 'latin1');
  const sheetHead = (offset: number) =>
    record(0x0085, Buffer.concat([u32(offset), Buffer.from([0, 0, name.length, 0]), name]));
  const head = Buffer.concat([bof(5), ...globals]);
  const sheetOffset = head.length + sheetHead(0).length + eof().length;
  const bytes = Buffer.concat([head, sheetHead(sheetOffset), eof(), bof(0x10), ...sheet, eof()]);
  const container = CFB.utils.cfb_new();
  CFB.utils.cfb_add(container, stream, bytes);
  return new Uint8Array(CFB.write(container, { type: 'buffer' }) as Buffer);
}

const lines = (text: ReturnType<typeof readXls>) => text.blocks.map((block) => block.text).join('\n');

describe('XLS workbooks', () => {
  it('reads a workbook another program wrote: sheets, dates, money, percentages, booleans, formulas', () => {
    const text = readXls(fixture, 'expenses');
    expect(text.blocks.map((block) => block.location)).toEqual([
      'sheet Expenses, rows 2–4',
      'sheet People, rows 2–4',
    ]);
    const all = lines(text);
    expect(all).toContain(
      'Date: 2024-03-14; Item: Toner cartridges for the Kestrel office; Amount: €89.00; Share: 25%',
    );
    expect(all).toContain('Amount: €1,250.50');
    expect(all).toContain('Name: Ann Lindqvist; Team: Finance; Active: TRUE');
    expect(all).toContain('Name: Total; Team: Ledger-zeta; Active: 1');
    expect(text.records?.length).toBe(6);
  });

  it('is one of the reader table’s kinds, found by its content when its name lies', () => {
    expect(READERS.xls.accepts(fixture, '')).toEqual({ accepted: true, text: null });
    expect(sniffKind(fixture)).toBe('xls');
  });

  it('goes through extraction like any upload: found by a phrase, and read as what it is when named .xlsx', async () => {
    const document = await extractDocument({ fileName: 'expenses.xls', mediaType: '', bytes: fixture });
    expect(document.kind).toBe('xls');
    expect(document.passages.some((passage) => passage.text.includes('Courier to Lisbon'))).toBe(true);
    const renamed = await extractDocument({ fileName: 'expenses.xlsx', mediaType: '', bytes: fixture });
    expect(renamed.kind).toBe('xls');
    expect(renamed.notes.join(' ')).toMatch(/it is an Excel 97–2003 workbook \(XLS\); it was read as one/);
  });

  it('reads shared strings split across CONTINUE records, changing width at the boundary', () => {
    // "Kestrel ", then the rest in a CONTINUE whose first byte says two bytes a character.
    const first = Buffer.concat([
      u32(2),
      u32(2),
      u16(12),
      Buffer.from([0]),
      Buffer.from('Kestrel ', 'latin1'),
    ]);
    const rest = Buffer.concat([Buffer.from([1]), Buffer.from('Öre€', 'utf16le')]);
    const second = Buffer.concat([
      u16(6),
      Buffer.from([0x08]),
      u16(1),
      Buffer.from('Amount', 'latin1'),
      u32(0),
    ]);
    const sst = Buffer.concat([record(0x00fc, first), record(0x003c, Buffer.concat([rest, second]))]);
    const sheet = [
      record(0x00fd, Buffer.concat([cell(0, 0, 0), u32(1)])),
      record(0x00fd, Buffer.concat([cell(1, 0, 0), u32(0)])),
    ];
    expect(lines(readXls(workbook([sst], sheet), 'x'))).toBe('Amount: Kestrel Öre€');
  });

  it('reads RK and MULRK numbers, and a formula’s string from the STRING record after it', () => {
    expect(rkNumber((1234 << 2) | 2)).toBe(1234);
    expect(rkNumber((1234 << 2) | 3)).toBe(12.34);
    const header = [
      record(0x0204, Buffer.concat([cell(0, 0, 0), u16(1), Buffer.from([0]), Buffer.from('A')])),
      record(0x0204, Buffer.concat([cell(0, 1, 0), u16(1), Buffer.from([0]), Buffer.from('B')])),
      record(0x0204, Buffer.concat([cell(0, 2, 0), u16(1), Buffer.from([0]), Buffer.from('C')])),
    ];
    const mulrk = record(
      0x00bd,
      Buffer.concat([u16(1, 0), u16(0), u32((7 << 2) | 2), u16(0), u32((250 << 2) | 3), u16(1)]),
    );
    const formulaValue = Buffer.from([0, 0, 0, 0, 0, 0, 0xff, 0xff]);
    const formula = record(0x0006, Buffer.concat([cell(1, 2, 0), formulaValue, u16(0), u32(0), u16(0)]));
    const string = record(0x0207, Buffer.concat([u16(5), Buffer.from([0]), Buffer.from('zesty')]));
    expect(lines(readXls(workbook([], [...header, mulrk, formula, string]), 'x'))).toBe(
      'A: 7; B: 2.5; C: zesty',
    );
  });

  it('says what it cannot read: a password, Excel 95, damaged bytes', () => {
    const sealed = workbook([record(0x002f, u16(1))], []);
    expect(() => readXls(sealed, 'x')).toThrow(/protected by a password/);
    const book = workbook([], [], 'Book');
    expect(() => readXls(book, 'x')).toThrow(/Excel 5\.0\/95 workbook/);
    const broken = fixture.slice(0, 600);
    expect(() => readXls(broken, 'x')).toThrow(ExtractionError);
  });

  it('stops a record whose length runs past the stream, and a string count past its bytes', () => {
    const sst = record(
      0x00fc,
      Buffer.concat([u32(1), u32(1_000_000), u16(3), Buffer.from([0]), Buffer.from('Zed')]),
    );
    const sheet = [
      record(0x00fd, Buffer.concat([cell(0, 0, 0), u32(0)])),
      record(0x00fd, Buffer.concat([cell(1, 0, 0), u32(999)])),
      record(0x0204, Buffer.concat([cell(1, 300, 0), u16(1), Buffer.from([0]), Buffer.from('x')])),
    ];
    expect(lines(readXls(workbook([sst], sheet), 'x'))).toBe('Zed');
  });
});
