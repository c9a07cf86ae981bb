// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type NextPageOptions, useNextPage } from './next-page';

afterEach(cleanup);

/** A read the test answers by hand. */
function pendingReads() {
  const reads: {
    cursor: string;
    signal: AbortSignal;
    resolve: (page: string) => void;
    reject: (e: unknown) => void;
  }[] = [];
  const read = vi.fn(
    (cursor: string, signal: AbortSignal) =>
      new Promise<string>((resolve, reject) => {
        reads.push({ cursor, signal, resolve, reject });
      }),
  );
  return { reads, read };
}

function setup(cursor: string | null = 'c1') {
  const { reads, read } = pendingReads();
  const apply = vi.fn();
  const options: NextPageOptions<string> = {
    cursor,
    read,
    apply,
    describe: (failure) => `could not: ${String(failure)}`,
  };
  const hook = renderHook((props: NextPageOptions<string>) => useNextPage(props), { initialProps: options });
  return { hook, reads, read, apply, options };
}

describe('useNextPage ("Load more")', () => {
  it('reads the page after the cursor, hands it over with that cursor, and resolves to it', async () => {
    const { hook, reads, apply } = setup();
    let loaded: Promise<string | null> = Promise.resolve(null);
    act(() => {
      loaded = hook.result.current.loadMore();
    });
    expect(hook.result.current.loadingMore).toBe(true);
    expect(reads[0]?.cursor).toBe('c1');
    await act(async () => reads[0]?.resolve('page 2'));
    expect(await loaded).toBe('page 2');
    expect(apply).toHaveBeenCalledWith('page 2', 'c1');
    expect(hook.result.current.loadingMore).toBe(false);
  });

  it('does nothing without a next page, or while a read is on its way', async () => {
    const none = setup(null);
    await act(async () => expect(await none.hook.result.current.loadMore()).toBeNull());
    expect(none.read).not.toHaveBeenCalled();

    const { hook, read } = setup();
    act(() => void hook.result.current.loadMore());
    await act(async () => expect(await hook.result.current.loadMore()).toBeNull());
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('says why a read failed, and the next try clears it', async () => {
    const { hook, reads } = setup();
    act(() => void hook.result.current.loadMore());
    await act(async () => reads[0]?.reject('offline'));
    expect(hook.result.current.moreError).toBe('could not: offline');
    expect(hook.result.current.loadingMore).toBe(false);
    act(() => void hook.result.current.loadMore());
    expect(hook.result.current.moreError).toBeNull();
  });

  it('stop drops the read on its way: its page never lands, and a new read may start', async () => {
    const { hook, reads, apply, read } = setup();
    act(() => void hook.result.current.loadMore());
    act(() => hook.result.current.stop());
    expect(reads[0]?.signal.aborted).toBe(true);
    expect(hook.result.current.loadingMore).toBe(false);
    await act(async () => reads[0]?.resolve('late page'));
    expect(apply).not.toHaveBeenCalled();
    act(() => void hook.result.current.loadMore());
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('reads after the cursor the list shows now', async () => {
    const { hook, reads, options } = setup('c1');
    hook.rerender({ ...options, cursor: 'c2' });
    act(() => void hook.result.current.loadMore());
    expect(reads[0]?.cursor).toBe('c2');
  });
});
