// BIFF8 records (MS-XLS §2.1.4): a 2-byte type, a 2-byte length and that many bytes; a record longer than
// 8,224 bytes goes on in CONTINUE records. Everything here reads within the bytes it was given: a length that
// runs past the stream ends the walk, a count that claims more than the bytes hold stops where they end.

const CONTINUE = 0x003c;
const BOF = 0x0809;
const EOF = 0x000a;

export interface BiffRecord {
  type: number;
  data: Buffer;
  /** The CONTINUE records that follow it, in order. */
  continues: Buffer[];
}

/**
 * The records of one substream, from the BOF at `offset` to its own EOF. Substreams nested inside it (a chart
 * embedded in a sheet has its own BOF…EOF) are stepped over, so their EOF does not end the sheet.
 */
export function biffRecords(stream: Buffer, offset: number): BiffRecord[] {
  const records: BiffRecord[] = [];
  let depth = 0;
  let at = offset;
  while (at + 4 <= stream.length) {
    const type = stream.readUInt16LE(at);
    const length = stream.readUInt16LE(at + 2);
    const end = at + 4 + length;
    if (end > stream.length) break;
    const data = stream.subarray(at + 4, end);
    at = end;
    if (type === BOF) depth += 1;
    if (depth === 1) {
      const last = records[records.length - 1];
      if (type === CONTINUE && last !== undefined) last.continues.push(data);
      else records.push({ type, data, continues: [] });
    }
    if (type === EOF) {
      depth -= 1;
      if (depth <= 0) break;
    }
  }
  return records;
}

/** An RK number: a 30-bit integer or the top 30 bits of a double, either maybe hundredths. */
export function rkNumber(rk: number): number {
  const hundredths = (rk & 1) === 1;
  let value: number;
  if ((rk & 2) === 2) value = rk >> 2;
  else {
    const bytes = Buffer.alloc(8);
    bytes.writeInt32LE(rk & ~3, 4);
    value = bytes.readDoubleLE(0);
  }
  return hundredths ? value / 100 : value;
}

/** An XLUnicodeString at `at`: a 2-byte count of characters, a flags byte (bit 0: two bytes a character). */
export function unicodeString(data: Buffer, at: number): { text: string; end: number } {
  if (at + 3 > data.length) return { text: '', end: data.length };
  const count = data.readUInt16LE(at);
  const wide = ((data[at + 2] ?? 0) & 1) === 1;
  const start = at + 3;
  const end = Math.min(data.length, start + count * (wide ? 2 : 1));
  return { text: data.subarray(start, end).toString(wide ? 'utf16le' : 'latin1'), end };
}

/**
 * Reads the bytes of a record and its CONTINUE records as one run, knowing where each piece starts: a string's
 * characters that cross into a CONTINUE record start there with a new flags byte (1: two bytes a character).
 */
class PieceReader {
  private piece = 0;
  private at = 0;
  constructor(private readonly pieces: readonly Buffer[]) {}

  private get current(): Buffer | undefined {
    return this.pieces[this.piece];
  }

  /** Moves to the next piece when this one is used up; false at the end of the last. */
  private ready(): boolean {
    while (this.current !== undefined && this.at >= this.current.length) {
      this.piece += 1;
      this.at = 0;
    }
    return this.current !== undefined;
  }

  bytes(count: number): Buffer | undefined {
    const parts: Buffer[] = [];
    let left = count;
    while (left > 0) {
      if (!this.ready()) return undefined;
      const current = this.current as Buffer;
      const take = Math.min(left, current.length - this.at);
      parts.push(current.subarray(this.at, this.at + take));
      this.at += take;
      left -= take;
    }
    return parts.length === 1 ? parts[0] : Buffer.concat(parts);
  }

  skip(count: number): boolean {
    return this.bytes(count) !== undefined;
  }

  /**
   * `count` characters. Character data that goes on in the next CONTINUE record starts there with a flags byte
   * saying its width anew (MS-XLS §2.5.293): any step to the next piece here is such a boundary.
   */
  characters(count: number, wide: boolean): string | undefined {
    const parts: string[] = [];
    let left = count;
    let twoBytes = wide;
    while (left > 0) {
      let current = this.current;
      if (current === undefined) return undefined;
      if (this.at >= current.length) {
        this.piece += 1;
        current = this.current;
        if (current === undefined || current.length === 0) return undefined;
        twoBytes = ((current[0] ?? 0) & 1) === 1;
        this.at = 1;
        continue;
      }
      const width = twoBytes ? 2 : 1;
      const take = Math.min(left, Math.floor((current.length - this.at) / width));
      if (take === 0) return undefined;
      parts.push(current.subarray(this.at, this.at + take * width).toString(twoBytes ? 'utf16le' : 'latin1'));
      this.at += take * width;
      left -= take;
    }
    return parts.join('');
  }
}

/** The SST record's strings (MS-XLS §2.4.265): rich runs and phonetic blocks are stepped over. */
export function sharedStrings(record: BiffRecord): string[] {
  const reader = new PieceReader([record.data, ...record.continues]);
  const head = reader.bytes(8);
  if (head === undefined) return [];
  const unique = head.readUInt32LE(4);
  const strings: string[] = [];
  while (strings.length < unique) {
    const header = reader.bytes(3);
    if (header === undefined) break;
    const count = header.readUInt16LE(0);
    const flags = header[2] ?? 0;
    const runs = (flags & 0x08) !== 0 ? reader.bytes(2)?.readUInt16LE(0) : 0;
    const extra = (flags & 0x04) !== 0 ? reader.bytes(4)?.readUInt32LE(0) : 0;
    if (runs === undefined || extra === undefined) break;
    // The first piece of a string holds at least its header and one character, so the width is known here.
    const text = reader.characters(count, (flags & 0x01) !== 0);
    if (text === undefined || !reader.skip(runs * 4) || !reader.skip(extra)) {
      if (text !== undefined) strings.push(text);
      break;
    }
    strings.push(text);
  }
  return strings;
}
