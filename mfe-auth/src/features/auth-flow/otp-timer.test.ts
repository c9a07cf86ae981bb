import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { codeTimes, resendLabel, secondsUntil, timesAfterRetry } from './otp-timer';

const NOW = Date.parse('2026-11-23T10:00:00.000Z');

describe('code timer (docs/product/accounts.md#code-timing, docs/product/accounts.md#constants)', () => {
  it('server seconds set the life and the resend wait', () => {
    expect(codeTimes({ expires_in: 600, resend_in: 30 }, NOW)).toEqual({
      expiresAt: NOW + 600_000,
      resendAt: NOW + 30_000,
    });
  });

  it('seconds sent as text count too', () => {
    expect(codeTimes({ expires_in: '120', resend_in: '10' }, NOW)).toEqual({
      expiresAt: NOW + 120_000,
      resendAt: NOW + 10_000,
    });
  });

  it('absolute ISO times are used when no seconds are given', () => {
    expect(
      codeTimes({ expires_at: '2026-11-23T10:05:00.000Z', resend_at: '2026-11-23T10:00:45.000Z' }, NOW),
    ).toEqual({ expiresAt: NOW + 300_000, resendAt: NOW + 45_000 });
  });

  it('absolute epoch seconds and milliseconds are both understood', () => {
    expect(codeTimes({ expires_at: NOW / 1000 + 90, resend_at: NOW + 20_000 }, NOW)).toEqual({
      expiresAt: NOW + 90_000,
      resendAt: NOW + 20_000,
    });
  });

  it('seconds win over absolute times (they do not depend on the clocks agreeing)', () => {
    expect(codeTimes({ expires_in: 60, expires_at: '2030-01-01T00:00:00Z', resend_in: 5 }, NOW)).toEqual({
      expiresAt: NOW + 60_000,
      resendAt: NOW + 5_000,
    });
  });

  it.each([[{}], [null], ['text'], [{ expires_in: -1, resend_in: 'soon', expires_at: 'never' }]])(
    'without usable server values (%j): 60 s life and 30 s resend wait',
    (answer) => {
      expect(codeTimes(answer, NOW)).toEqual({ expiresAt: NOW + 60_000, resendAt: NOW + 30_000 });
    },
  );

  it('retry_after sets the resend wait; without it the wait is 30 s', () => {
    expect(timesAfterRetry(17, NOW)).toEqual({ expiresAt: NOW + 60_000, resendAt: NOW + 17_000 });
    expect(timesAfterRetry(null, NOW)).toEqual({ expiresAt: NOW + 60_000, resendAt: NOW + 30_000 });
  });

  it('seconds left round up and never go below zero', () => {
    expect(secondsUntil(NOW + 29_001, NOW)).toBe(30);
    expect(secondsUntil(NOW + 30_000, NOW)).toBe(30);
    expect(secondsUntil(NOW + 500, NOW)).toBe(1);
    expect(secondsUntil(NOW - 5_000, NOW)).toBe(0);
  });

  it('"Resend in {n}s", then "Resend code"', () => {
    expect(resendLabel(12)).toBe('Resend in 12s');
    expect(resendLabel(0)).toBe('Resend code');
  });
});

describe('the countdown over time (fake clock)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down a 30 s fallback wait to "Resend code"', () => {
    const { resendAt } = codeTimes({}, Date.now());
    expect(resendLabel(secondsUntil(resendAt, Date.now()))).toBe('Resend in 30s');
    vi.advanceTimersByTime(10_500);
    expect(resendLabel(secondsUntil(resendAt, Date.now()))).toBe('Resend in 20s');
    vi.advanceTimersByTime(19_500);
    expect(resendLabel(secondsUntil(resendAt, Date.now()))).toBe('Resend code');
  });
});
