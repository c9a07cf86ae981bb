import { describe, expect, it } from 'vitest';
import { parseTimeScale, waitUntil } from './test-time';

describe('TEST_TIME_SCALE', () => {
  it('is 1 unset, a positive number when set, and stops the run naming the variable otherwise', () => {
    expect(parseTimeScale(undefined)).toBe(1);
    expect(parseTimeScale('')).toBe(1);
    expect(parseTimeScale('2.5')).toBe(2.5);
    for (const bad of ['0', '-1', 'fast', '1000'])
      expect(() => parseTimeScale(bad)).toThrow(/TEST_TIME_SCALE/);
  });
});

describe('waitUntil', () => {
  it('answers the first value the probe gives, looking again while it gives nothing', async () => {
    let looks = 0;
    const value = await waitUntil(() => (++looks < 3 ? undefined : 'ready'), {
      timeoutMs: 5_000,
      intervalMs: 1,
      what: 'the third look',
    });
    expect(value).toBe('ready');
    expect(looks).toBe(3);
  });

  it('past its deadline names what it waited for and the last error the probe threw', async () => {
    await expect(
      waitUntil(
        () => {
          throw new Error('connection refused');
        },
        { timeoutMs: 20, intervalMs: 5, what: 'the server' },
      ),
    ).rejects.toThrow(/the server: not within .* \(last error: connection refused\)/);
  });
});
