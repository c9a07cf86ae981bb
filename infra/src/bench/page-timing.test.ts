import { describe, expect, it } from 'vitest';
import { blockingTime } from './page-timing';

describe('total blocking time, as Lighthouse counts it', () => {
  it('counts the part of each task past 50 ms', () => {
    expect(
      blockingTime(
        [
          { startMs: 1000, durationMs: 120 },
          { startMs: 2000, durationMs: 40 },
        ],
        500,
      ),
    ).toBe(70);
  });
  it('counts nothing before the first paint, and a task the paint falls in only from the paint on', () => {
    expect(blockingTime([{ startMs: 0, durationMs: 300 }], 400)).toBe(0);
    expect(blockingTime([{ startMs: 300, durationMs: 200 }], 400)).toBe(50);
  });
});
