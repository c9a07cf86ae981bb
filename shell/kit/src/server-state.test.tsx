// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ServerLoad, type ServerStateOptions, useServerState } from './server-state';

/** A read the test answers by hand, recording the signal it was given. */
interface PendingRead<A> {
  signal: AbortSignal;
  answer: (value: A) => Promise<void>;
  fail: (reason: unknown) => Promise<void>;
}

/** A fake service: each call to `load` is one read, answered (or failed) when the test says. */
function fakeService<A>() {
  const reads: PendingRead<A>[] = [];
  const load = vi.fn((signal: AbortSignal) => {
    return new Promise<A>((resolve, reject) => {
      reads.push({
        signal,
        answer: (value) => act(async () => resolve(value)),
        fail: (reason) => act(async () => reject(reason)),
      });
    });
  });
  const read = (index: number): PendingRead<A> => {
    const found = reads[index];
    if (found === undefined) throw new Error(`no read #${index} (only ${reads.length})`);
    return found;
  };
  return { load, reads, read };
}

function renderServerState<T, A = T>(initial: {
  load: ServerLoad<A> | null;
  deps: unknown[];
  options?: ServerStateOptions<T, A>;
}) {
  return renderHook(({ load, deps, options }) => useServerState<A, T>(load, deps, options), {
    initialProps: initial,
  });
}

afterEach(cleanup);

describe('useServerState', () => {
  it('reads on mount: loading, then ready with the answer', async () => {
    const service = fakeService<string>();
    const { result } = renderServerState<string>({ load: service.load, deps: [] });
    expect(result.current).toMatchObject({ status: 'loading', data: undefined, error: null, fetching: true });
    expect(service.load).toHaveBeenCalledOnce();

    await service.read(0).answer('Asha');
    expect(result.current).toMatchObject({ status: 'ready', data: 'Asha', error: null, fetching: false });
  });

  it('a failed read is an error with its reason; a retry keeps the error until its answer', async () => {
    const service = fakeService<string>();
    const { result } = renderServerState<string>({ load: service.load, deps: [] });
    const reason = new Error('Service unavailable');
    await service.read(0).fail(reason);
    expect(result.current).toMatchObject({
      status: 'error',
      error: reason,
      data: undefined,
      fetching: false,
    });

    let retried: Promise<void> | undefined;
    act(() => {
      retried = result.current.refetch();
    });
    // The page decides what a retry looks like: its error with a busy button, or its loading state.
    expect(result.current).toMatchObject({ status: 'error', error: reason, fetching: true });
    await service.read(1).answer('Asha');
    await retried;
    expect(result.current).toMatchObject({ status: 'ready', data: 'Asha', error: null, fetching: false });
  });

  it('a read that fails after an answer keeps the answer and says why; the next answer clears it', async () => {
    const service = fakeService<number>();
    const { result } = renderServerState<number>({ load: service.load, deps: [] });
    await service.read(0).answer(1);
    act(() => void result.current.refetch());
    expect(result.current).toMatchObject({ status: 'ready', data: 1, fetching: true });
    const reason = new Error('offline');
    await service.read(1).fail(reason);
    expect(result.current).toMatchObject({ status: 'ready', data: 1, error: reason, fetching: false });
    act(() => void result.current.refetch());
    await service.read(2).answer(2);
    expect(result.current).toMatchObject({ status: 'ready', data: 2, error: null });
  });

  it('new deps abort the read under way, start afresh in the same render, and ignore the old answer', async () => {
    const service = fakeService<string>();
    const { result, rerender } = renderServerState<string>({ load: service.load, deps: ['chat-1'] });
    await service.read(0).answer('first chat');

    rerender({ load: service.load, deps: ['chat-2'] });
    // Never the first chat's data under the second chat's deps, not even for one render.
    expect(result.current).toMatchObject({ status: 'loading', data: undefined, fetching: true });
    expect(service.read(1).signal.aborted).toBe(false);

    rerender({ load: service.load, deps: ['chat-3'] });
    expect(service.read(1).signal.aborted).toBe(true);
    await service.read(1).answer('second chat, late');
    expect(result.current).toMatchObject({ status: 'loading', data: undefined });
    await service.read(2).answer('third chat');
    expect(result.current).toMatchObject({ status: 'ready', data: 'third chat' });
  });

  it('under StrictMode the first mount’s read is aborted and the second one’s answer is shown', async () => {
    const service = fakeService<string>();
    const { result } = renderHook(() => useServerState<string>(service.load, []), { wrapper: StrictMode });
    expect(service.load).toHaveBeenCalledTimes(2);
    expect(service.read(0).signal.aborted).toBe(true);
    await service.read(0).answer('from the first mount');
    expect(result.current.status).toBe('loading');
    await service.read(1).answer('from the second mount');
    expect(result.current).toMatchObject({ status: 'ready', data: 'from the second mount' });
  });

  it('the same deps (by value) read nothing new', async () => {
    const service = fakeService<string>();
    const { rerender } = renderServerState<string>({ load: service.load, deps: ['chat-1', 2] });
    rerender({ load: service.load, deps: ['chat-1', 2] });
    expect(service.load).toHaveBeenCalledOnce();
  });

  it('unmounting aborts the read, and its answer changes nothing', async () => {
    const service = fakeService<string>();
    const seen = vi.fn();
    const { result, unmount } = renderHook(() => {
      const state = useServerState<string>(service.load, []);
      seen(state.status);
      return state;
    });
    const renders = seen.mock.calls.length;
    unmount();
    expect(service.read(0).signal.aborted).toBe(true);
    await service.read(0).answer('too late');
    expect(seen.mock.calls.length).toBe(renders);
    // setData after unmount is ignored too (a write that answers after the page has gone).
    act(() => result.current.setData('written too late'));
    expect(seen.mock.calls.length).toBe(renders);
  });

  it('nothing to read is idle; a load given later reads, and taking it away aborts and goes idle', async () => {
    const service = fakeService<string>();
    const { result, rerender } = renderServerState<string>({ load: null, deps: [null] });
    expect(result.current).toMatchObject({ status: 'idle', data: undefined, fetching: false });
    await act(() => result.current.refetch());
    expect(service.load).not.toHaveBeenCalled();

    rerender({ load: service.load, deps: ['invoices'] });
    expect(result.current.status).toBe('loading');
    await service.read(0).answer('3 results');

    rerender({ load: service.load, deps: ['receipts'] });
    rerender({ load: null, deps: [null] });
    expect(service.read(1).signal.aborted).toBe(true);
    expect(result.current).toMatchObject({ status: 'idle', data: undefined, fetching: false });
  });

  it('a refetch aborts the read under way and reads again with the latest load', async () => {
    const first = fakeService<string>();
    const second = fakeService<string>();
    const { result, rerender } = renderServerState<string>({ load: first.load, deps: [] });
    // Same deps, a new closure: no read, but the next refetch uses it.
    rerender({ load: second.load, deps: [] });
    act(() => void result.current.refetch());
    expect(first.read(0).signal.aborted).toBe(true);
    expect(second.load).toHaveBeenCalledOnce();
    await first.read(0).answer('stale');
    expect(result.current.status).toBe('loading');
    await second.read(0).answer('fresh');
    expect(result.current.data).toBe('fresh');
  });

  it('a refetch with cancelRefetch: false joins the read under way (a poll never starves a slow answer)', async () => {
    const service = fakeService<string>();
    const { result } = renderServerState<string>({ load: service.load, deps: [] });
    let joined: Promise<void> | undefined;
    act(() => {
      joined = result.current.refetch({ cancelRefetch: false });
    });
    expect(service.load).toHaveBeenCalledOnce();
    expect(service.read(0).signal.aborted).toBe(false);
    const done = vi.fn();
    void joined?.then(done);
    await service.read(0).answer('slow answer');
    expect(done).toHaveBeenCalled();
    expect(result.current.data).toBe('slow answer');

    // With nothing under way it reads.
    act(() => void result.current.refetch({ cancelRefetch: false }));
    expect(service.load).toHaveBeenCalledTimes(2);
  });

  it('a load that throws before its promise is a failed read, not a crash', async () => {
    const load = () => {
      throw new Error('bad request');
    };
    const { result } = renderServerState<string>({ load, deps: [] });
    await act(async () => {});
    expect(result.current.status).toBe('error');
    expect((result.current.error as Error).message).toBe('bad request');
  });

  it('a rejection without a reason is still an error', async () => {
    const service = fakeService<string>();
    const { result } = renderServerState<string>({ load: service.load, deps: [] });
    await service.read(0).fail(undefined);
    expect(result.current.status).toBe('error');
    expect(result.current.error).toBeInstanceOf(Error);
  });

  it('setData shows a write’s answer or an optimistic change without a read; it leaves the status alone', async () => {
    const service = fakeService<string[]>();
    const { result } = renderServerState<string[]>({ load: service.load, deps: [] });
    // Before the first answer there is nothing to change: an updater that says so changes nothing.
    act(() => result.current.setData((current) => (current === undefined ? current : [...current, 'x'])));
    expect(result.current).toMatchObject({ status: 'loading', data: undefined, fetching: true });

    await service.read(0).answer(['a', 'b']);
    act(() => result.current.setData((current) => current?.filter((item) => item !== 'a')));
    expect(result.current).toMatchObject({ status: 'ready', data: ['b'] });
    act(() => result.current.setData(['saved']));
    expect(result.current).toMatchObject({ status: 'ready', data: ['saved'] });
    expect(service.load).toHaveBeenCalledOnce();
  });

  it('merge turns an answer into data, given the data as it is when the answer arrives', async () => {
    const service = fakeService<string[]>();
    const merge = (current: string[] | undefined, page: string[]) => [
      ...page,
      ...(current ?? []).filter((item) => !page.includes(item)),
    ];
    const { result } = renderServerState<string[]>({ load: service.load, deps: [], options: { merge } });
    await service.read(0).answer(['b', 'a']);
    act(() => void result.current.refetch());
    // Changed while the read was on its way: the merge sees it.
    act(() => result.current.setData((current) => [...(current ?? []), 'older']));
    await service.read(1).answer(['c', 'b']);
    expect(result.current.data).toEqual(['c', 'b', 'a', 'older']);
  });

  it('initialData is shown as ready and needs no read until a refetch', async () => {
    const service = fakeService<string>();
    const { result, rerender } = renderServerState<string>({ load: service.load, deps: ['chat-1'] });
    await service.read(0).answer('chat 1');
    rerender({ load: service.load, deps: ['new-chat'], options: { initialData: 'an empty chat' } });
    expect(result.current).toMatchObject({ status: 'ready', data: 'an empty chat', fetching: false });
    expect(service.load).toHaveBeenCalledOnce();
    act(() => void result.current.refetch());
    await service.read(1).answer('the new chat, read');
    expect(result.current.data).toBe('the new chat, read');
  });

  it('keepPreviousData shows the last answer while the new deps load; their failure takes it away', async () => {
    const service = fakeService<string>();
    const options = { keepPreviousData: true };
    const { result, rerender } = renderServerState<string>({ load: service.load, deps: ['q=a'], options });
    await service.read(0).answer('results for a');

    rerender({ load: service.load, deps: ['q=b'], options });
    expect(result.current).toMatchObject({ status: 'loading', data: 'results for a', fetching: true });
    await service.read(1).answer('results for b');
    expect(result.current).toMatchObject({ status: 'ready', data: 'results for b' });

    rerender({ load: service.load, deps: ['q=c'], options });
    await service.read(2).fail(new Error('Search did not answer'));
    expect(result.current).toMatchObject({ status: 'error', data: undefined });
  });
});
