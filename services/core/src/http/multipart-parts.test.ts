import { describe, expect, it } from 'vitest';
import { filePieces, MalformedMultipart, multipartParts, unescapeFileName } from './multipart-parts';

async function collect(form: FormData) {
  const body = new Response(form);
  const seen: { kind: string; name: string; bytes?: number[] }[] = [];
  for await (const part of multipartParts(
    body.body as ReadableStream<Uint8Array>,
    body.headers.get('Content-Type') ?? '',
    {
      files: 10,
    },
  )) {
    if (part.kind === 'field') seen.push({ kind: 'field', name: part.name });
    else {
      const sizes: number[] = [];
      for await (const piece of filePieces(part.stream, 4)) sizes.push(piece.byteLength);
      seen.push({ kind: 'file', name: part.filename, bytes: sizes });
    }
  }
  return seen;
}

describe('multipart parts as they arrive', () => {
  it('fields and files in order; a file in pieces of at least the size asked (the last smaller), all of it', async () => {
    const form = new FormData();
    form.append('note', 'x');
    form.append('file', new File(['0123456789'], 'ten.txt'));
    form.append('file', new File(['ab'], 'two.txt'));
    const seen = await collect(form);
    expect(seen.map(({ kind, name }) => `${kind} ${name}`)).toEqual([
      'field note',
      'file ten.txt',
      'file two.txt',
    ]);
    const sum = (sizes: number[] = []) => sizes.reduce((total, size) => total + size, 0);
    expect([sum(seen[1]?.bytes), sum(seen[2]?.bytes)]).toEqual([10, 2]);
    for (const sizes of [seen[1]?.bytes ?? [], seen[2]?.bytes ?? []])
      for (const size of sizes.slice(0, -1)) expect(size).toBeGreaterThanOrEqual(4);
  });

  it('a file name keeps its UTF-8 and gets back the CR, LF and quote a browser escapes', async () => {
    const form = new FormData();
    form.append('file', new File(['x'], 'Zoë "q"\r\n.txt'));
    expect((await collect(form))[0]?.name).toBe('Zoë "q"\r\n.txt');
    expect(unescapeFileName('a%0Ab%0dc%22d')).toBe('a\nb\rc"d');
  });

  it('a body cut off inside a file is MalformedMultipart, not a bare stream error', async () => {
    const boundary = 'b';
    const body = new Response(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhalf a fi`,
    ).body as ReadableStream<Uint8Array>;
    const read = async () => {
      for await (const part of multipartParts(body, `multipart/form-data; boundary=${boundary}`, {
        files: 1,
      }))
        if (part.kind === 'file') for await (const _ of filePieces(part.stream, 1024));
    };
    await expect(read()).rejects.toBeInstanceOf(MalformedMultipart);
  });

  it('a content type without a boundary is MalformedMultipart', async () => {
    const parts = multipartParts(
      new Response('x').body as ReadableStream<Uint8Array>,
      'multipart/form-data',
      {
        files: 1,
      },
    );
    await expect(parts.next()).rejects.toBeInstanceOf(MalformedMultipart);
  });
});
