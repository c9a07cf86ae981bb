import { describe, expect, it } from 'vitest';
import { filePieces, multipartParts } from '../../../../services/core/src/http/multipart-parts';
import { multipartBody } from './load';

describe("the bench's upload bodies", () => {
  it("read back through the route's multipart parser as the files sent, strings as UTF-8, across 64 KB pieces", async () => {
    const big = new Uint8Array(150_000).map((_, at) => at % 251);
    const files = [
      { name: 'easy-ham-1-0001-0.eml', type: 'message/rfc822', bytes: 'Subject: Café\r\n\r\nNaïve body' },
      { name: 'big.bin', type: 'application/octet-stream', bytes: big },
    ];
    const { stream, contentType } = multipartBody(files);
    const read: { name: string; type: string; bytes: Buffer }[] = [];
    for await (const part of multipartParts(stream, contentType, { files: 10 })) {
      if (part.kind !== 'file') continue;
      const pieces: Buffer[] = [];
      for await (const piece of filePieces(part.stream, 64 * 1024)) pieces.push(piece);
      read.push({ name: part.filename, type: part.mimeType, bytes: Buffer.concat(pieces) });
    }
    expect(read.map(({ name, type }) => ({ name, type }))).toEqual(
      files.map(({ name, type }) => ({ name, type })),
    );
    expect(read[0]?.bytes.toString('utf8')).toBe('Subject: Café\r\n\r\nNaïve body');
    expect(read[1]?.bytes.equals(Buffer.from(big))).toBe(true);
  });
});
