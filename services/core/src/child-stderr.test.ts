import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { watchChildStderr } from './child-stderr';

const write = async (stream: PassThrough, chunks: string[]) => {
  for (const chunk of chunks) stream.write(Buffer.from(chunk));
  await new Promise((resolve) => setImmediate(resolve));
};

describe('watchChildStderr', () => {
  it('keeps the out-of-memory words after a stack trace longer than the tail (docs/decisions/247)', async () => {
    const stream = new PassThrough();
    const stderr = watchChildStderr(stream, 2048);
    const trace = Array.from(
      { length: 60 },
      (_, n) => ` ${n}: 0x15247d6 v8::internal::Heap::CollectGarbage [node]`,
    );
    await write(stream, [
      'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory\n',
      ...trace,
    ]);
    expect(stderr.tail()).not.toMatch(/heap out of memory/);
    expect(stderr.tail().length).toBe(2048);
    expect(stderr.outOfMemory()).toBe(true);
  });

  it('finds the words split across two chunks, and passes each chunk on', async () => {
    const stream = new PassThrough();
    const seen: string[] = [];
    const stderr = watchChildStderr(stream, 4096, (chunk) => seen.push(chunk.toString()));
    await write(stream, ['JavaScript heap out', ' of memory\n']);
    expect(stderr.outOfMemory()).toBe(true);
    expect(seen).toEqual(['JavaScript heap out', ' of memory\n']);
  });

  it('says no for any other death, and keeps the last words', async () => {
    const stream = new PassThrough();
    const stderr = watchChildStderr(stream, 16);
    await write(stream, ['Error: something else went wrong\n']);
    expect(stderr.outOfMemory()).toBe(false);
    expect(stderr.tail()).toBe('else went wrong\n');
  });

  it('watches nothing when the child has no stderr', () => {
    expect(watchChildStderr(null, 16).outOfMemory()).toBe(false);
  });
});
