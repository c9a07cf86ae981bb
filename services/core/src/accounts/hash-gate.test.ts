import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import { HashGate } from './hash-gate';

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('HashGate', () => {
  it('runs at most `concurrency` at once, queues `queue` more, and refuses the rest with a 503', async () => {
    const gate = new HashGate(2, 1);
    const release = deferred();
    let active = 0;
    let most = 0;
    const work = async () => {
      active += 1;
      most = Math.max(most, active);
      await release.promise;
      active -= 1;
      return 'done';
    };
    const accepted = [gate.run(work), gate.run(work), gate.run(work)];
    const refused = await gate.run(work).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(503);
    expect((refused as ApiError).details.retry_after).toBe(1);
    release.resolve();
    expect(await Promise.all(accepted)).toEqual(['done', 'done', 'done']);
    expect(most).toBe(2);
    // Free again afterwards, and a failing task frees its slot too.
    await expect(gate.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(
      await Promise.all([gate.run(async () => 1), gate.run(async () => 2), gate.run(async () => 3)]),
    ).toEqual([1, 2, 3]);
  });
});
