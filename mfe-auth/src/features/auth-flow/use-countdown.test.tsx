// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './use-countdown';

describe('useCountdown (docs/product/accounts.md#code-timing: ticks every 500 ms)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.parse('2026-11-23T10:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down to zero and stops ticking', () => {
    const at = Date.now() + 3_000;
    const { result } = renderHook(() => useCountdown(at));
    expect(result.current).toBe(3);
    act(() => vi.advanceTimersByTime(500));
    expect(result.current).toBe(3);
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current).toBe(2);
    act(() => vi.advanceTimersByTime(1_500));
    expect(result.current).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a new target restarts the count', () => {
    const { result, rerender } = renderHook(({ at }) => useCountdown(at), {
      initialProps: { at: Date.now() + 1_000 },
    });
    act(() => vi.advanceTimersByTime(1_000));
    expect(result.current).toBe(0);
    rerender({ at: Date.now() + 30_000 });
    expect(result.current).toBe(30);
  });

  it('no target is zero', () => {
    const { result } = renderHook(() => useCountdown(null));
    expect(result.current).toBe(0);
  });
});
