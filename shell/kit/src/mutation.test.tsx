// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { useMutation } from './mutation';

afterEach(cleanup);

/** An action the test settles by hand. */
function pending() {
  let settle = { resolve: () => {}, reject: (_failure: unknown) => {} };
  const action = () =>
    new Promise<void>((resolve, reject) => {
      settle = { resolve, reject };
    });
  return { action, settle: () => settle };
}

describe('useMutation (a form that saves)', () => {
  it('is busy while the action runs, and a second run meanwhile does nothing', async () => {
    const { result } = renderHook(() => useMutation());
    const first = pending();
    let ran: Promise<boolean> = Promise.resolve(false);
    act(() => {
      ran = result.current.run(first.action, 'Could not save.');
    });
    expect(result.current.busy).toBe(true);
    const second = pending();
    await act(async () => expect(await result.current.run(second.action, 'x')).toBe(false));
    await act(async () => first.settle().resolve());
    expect(await ran).toBe(true);
    expect(result.current.busy).toBe(false);
    expect(result.current.error).toBeNull();
  });

  it('a failure says what the server said, else the fallback; the next run clears it', async () => {
    const { result } = renderHook(() => useMutation());
    await act(async () => {
      await result.current.run(
        () => Promise.reject(new ApiError('Conflict', 409, { error: 'Phone taken' })),
        'Could not save.',
      );
    });
    expect(result.current.error).toBe('Phone taken');
    await act(async () => {
      await result.current.run(() => Promise.reject(new Error('boom')), 'Could not save.');
    });
    expect(result.current.error).toBe('Could not save.');
    const next = pending();
    act(() => void result.current.run(next.action, 'Could not save.'));
    expect(result.current.error).toBeNull();
  });

  it('retry runs the last action again', async () => {
    const { result } = renderHook(() => useMutation());
    let calls = 0;
    const flaky = async () => {
      calls += 1;
      if (calls === 1) throw new Error('once');
    };
    await act(async () => void (await result.current.run(flaky, 'Try again.')));
    expect(result.current.error).toBe('Try again.');
    await act(async () => expect(await result.current.retry()).toBe(true));
    expect(calls).toBe(2);
    expect(result.current.error).toBeNull();
  });

  it('a form that closes on success stays busy, so a last click cannot send twice', async () => {
    const { result } = renderHook(() => useMutation());
    let sent = 0;
    const send = async () => {
      sent += 1;
    };
    await act(async () => void (await result.current.run(send, 'x', { closesOnSuccess: true })));
    expect(result.current.busy).toBe(true);
    await act(async () => expect(await result.current.run(send, 'x')).toBe(false));
    expect(sent).toBe(1);
  });

  it("takes the form's own message for its checks", () => {
    const { result } = renderHook(() => useMutation());
    act(() => result.current.setError('Enter an address.'));
    expect(result.current.error).toBe('Enter an address.');
  });
});
