import { describe, expect, it } from 'vitest';
import { BATCH_BYTES, BATCH_MS, MOST_BATCH, nextBatchSize } from './batch-size';

const small = 6_000;
const batch = (messages: number, elapsedMs: number, bytesEach = small) => ({
  messages,
  bytes: messages * bytesEach,
  elapsedMs,
});

describe('the next batch of new mail', () => {
  it('grows on a fast server, at most fourfold a batch and to MOST_BATCH', () => {
    expect(nextBatchSize(batch(20, 50))).toBe(80);
    expect(nextBatchSize(batch(50, 50))).toBe(MOST_BATCH);
    expect(nextBatchSize(batch(150, 150))).toBe(MOST_BATCH);
    expect(nextBatchSize(batch(MOST_BATCH, 100))).toBe(MOST_BATCH);
  });

  it('shrinks on a slow server toward one batch about every BATCH_MS, never below one message', () => {
    expect(nextBatchSize(batch(50, 5 * BATCH_MS))).toBe(10);
    expect(nextBatchSize(batch(10, 60 * BATCH_MS))).toBe(1);
    expect(nextBatchSize(batch(MOST_BATCH, 2 * BATCH_MS))).toBe(MOST_BATCH / 2);
  });

  it('measures a batch the bytes bound cut short by the messages it fetched, not the number asked for', () => {
    // 200 asked, 20 fetched in a second: 20 a second is the pace, so the next asks for 20, not 200.
    expect(nextBatchSize({ messages: 20, bytes: 20 * small, elapsedMs: BATCH_MS })).toBe(20);
  });

  it('holds BATCH_BYTES of large messages at most, whatever the speed', () => {
    expect(nextBatchSize(batch(4, 10, 8 * 1024 * 1024))).toBe(2);
    expect(nextBatchSize(batch(1, 10, 40 * 1024 * 1024))).toBe(1);
    expect(nextBatchSize(batch(50, 10, BATCH_BYTES / 100))).toBe(100);
  });

  it('keeps a set size (the batchSize setting), bounded by bytes alone', () => {
    expect(nextBatchSize(batch(10, 60 * BATCH_MS), 10)).toBe(10);
    expect(nextBatchSize(batch(10, 1), 10)).toBe(10);
    expect(nextBatchSize(batch(10, 1, 8 * 1024 * 1024), 10)).toBe(2);
  });
});
