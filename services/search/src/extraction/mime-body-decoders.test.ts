import { testTime } from '@trove/service-core/testing/time';
import fc from 'fast-check';
import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { decodersWithoutBlobs, joinPieces } from './mime-body-decoders';

const MESSAGE = [
  'From: Asha <asha@acme.com>',
  'Subject: Three parts',
  'MIME-Version: 1.0',
  'Content-Type: multipart/alternative; boundary="b"',
  '',
  '--b',
  'Content-Type: text/plain; charset=utf-8',
  'Content-Transfer-Encoding: 8bit',
  '',
  'Naïve café line one',
  'line two',
  '--b',
  'Content-Type: text/html; charset=utf-8',
  'Content-Transfer-Encoding: quoted-printable',
  '',
  '<p>Caf=C3=A9 au lait, a soft=',
  ' break</p>',
  '--b',
  'Content-Type: application/octet-stream; name="data.bin"',
  'Content-Disposition: attachment; filename="data.bin"',
  'Content-Transfer-Encoding: base64',
  '',
  Buffer.from([0, 1, 2, 250, 251, 255]).toString('base64'),
  '--b--',
  '',
].join('\r\n');

describe("postal-mime's body decoders (docs/decisions/073)", () => {
  it('every decoder joins its pieces without a Blob', () => {
    expect(decodersWithoutBlobs.sort()).toEqual([
      'base64-decoder.js',
      'pass-through-decoder.js',
      'qp-decoder.js',
    ]);
  });

  it('a mail with 8-bit, quoted-printable and base64 parts is read without making a Blob, each part intact', async () => {
    const NativeBlob = globalThis.Blob;
    let made = 0;
    globalThis.Blob = class extends NativeBlob {
      constructor(...args: ConstructorParameters<typeof Blob>) {
        super(...args);
        made++;
      }
    };
    let email: Awaited<ReturnType<typeof PostalMime.parse>>;
    try {
      email = await PostalMime.parse(new TextEncoder().encode(MESSAGE), {
        attachmentEncoding: 'arraybuffer',
      });
    } finally {
      globalThis.Blob = NativeBlob;
    }
    expect(made).toBe(0);
    expect(email.text).toBe('Naïve café line one\nline two\n');
    expect(email.html).toBe('<p>Café au lait, a soft break</p>\n');
    expect(email.attachments).toHaveLength(1);
    expect([...new Uint8Array(email.attachments[0]?.content as ArrayBuffer)]).toEqual([
      0, 1, 2, 250, 251, 255,
    ]);
  });

  it(
    'pieces join to the bytes a Blob of them holds',
    async () => {
      const piece = fc.oneof(
        fc.string({ unit: 'grapheme' }),
        fc.string({ unit: 'binary' }),
        fc.uint8Array({ maxLength: 64 }),
        fc.uint8Array({ maxLength: 64 }).map((bytes) => bytes.buffer),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(piece, { maxLength: 12 }), async (pieces) => {
          const viaBlob = new Uint8Array(await new Blob(pieces).arrayBuffer());
          expect(new Uint8Array(joinPieces(pieces))).toEqual(viaBlob);
        }),
      );
      // A hang guard: a hundred Blob reads took 5.7 s beside a full run on a loaded machine (0.3 s alone).
    },
    testTime(30_000),
  );
});
