import { testTime } from '@trove/service-core/testing/time';
import { describe, expect, it } from 'vitest';
import { bareLimits, bareLimitsInTests } from './test-timeouts';

describe('time limits in tests', () => {
  it('finds a bare limit in options, in a poll and after a test body', () => {
    const text = [
      "it('a', { timeout: 20_000 }, async () => {",
      '  await expect.poll(read, { timeout: 500, interval: 50 }).toBe(1);',
      '}, 60_000);',
      'const deadline = Date.now() + 10_000;',
    ].join('\n');
    expect(bareLimits('a.test.ts', text).map((limit) => limit.line)).toEqual([1, 2, 3, 4]);
  });

  it('takes a scaled limit, a base deadline for waitUntil and a pause as they are', () => {
    const text = [
      "it('a', { timeout: testTime(20_000) }, async () => {",
      "  await waitUntil(read, { timeoutMs: 5_000, what: 'the mail' });",
      '  await sleep(100);',
      '}, testTime(60_000));',
      'const deadline = Date.now() + testTime(10_000);',
    ].join('\n');
    expect(bareLimits('a.test.ts', text)).toEqual([]);
  });

  // A hang guard: it reads every test file (~1 s quiet, several beside a full run).
  it('no test file holds a bare time limit (use testTime from …/testing/time)', {
    timeout: testTime(60_000),
  }, () => {
    const lines = bareLimitsInTests().map((limit) => `${limit.file}:${limit.line} ${limit.text}`);
    expect(lines).toEqual([]);
  });
});
