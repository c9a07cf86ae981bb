// @vitest-environment happy-dom
import type { AskResponse, Chat, ChatThreadResponse, Delivery } from '@trove/contracts';
import { ApiError } from '@trove/kit';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testAnswer } from '../answer/test-answer';
import { ask, getChat } from '../chat-api/chat-api';
import { DELIVERY_POLL_MS, useChatThread } from './use-chat-thread';

vi.mock('../chat-api/chat-api', () => ({ getChat: vi.fn(), ask: vi.fn() }));

const getChatMock = vi.mocked(getChat);
const askMock = vi.mocked(ask);

const chat = (id: string, over: Partial<Chat> = {}): Chat => ({
  id,
  title: `Chat ${id}`,
  created_at: '2026-11-20T09:00:00.000Z',
  updated_at: '2026-11-20T09:00:00.000Z',
  ...over,
});

const question = {
  id: 'q1',
  role: 'user' as const,
  text: 'invoices',
  created_at: '2026-11-20T10:00:00.000Z',
};
const queued: Delivery = { id: 'm1', address: 'a@example.com', status: 'queued', updated_at: '' };

function thread(id: string, messages: ChatThreadResponse['messages'] = []): ChatThreadResponse {
  return { chat: chat(id), messages };
}

/** getChat answers each chat from this table (a copy per read), and records the signal of each read. */
function serve(threads: Record<string, ChatThreadResponse | Error>) {
  const signals: AbortSignal[] = [];
  getChatMock.mockImplementation(async (id, signal) => {
    if (signal) signals.push(signal);
    const answer = threads[id];
    if (answer === undefined) throw new ApiError('Not found', 404, { error: 'Not found' });
    if (answer instanceof Error) throw answer;
    // Each read is a new answer, as from the network.
    return structuredClone(answer);
  });
  return signals;
}

const settle = () => act(async () => {});

beforeEach(() => {
  getChatMock.mockReset();
  askMock.mockReset();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useChatThread', () => {
  it('no chat is idle; a chat id is read from the server', async () => {
    serve({ c1: thread('c1', [question]) });
    const { result, rerender } = renderHook(({ id }) => useChatThread(id), {
      initialProps: { id: null as string | null },
    });
    expect(result.current.status).toBe('idle');
    expect(getChatMock).not.toHaveBeenCalled();

    rerender({ id: 'c1' });
    expect(result.current).toMatchObject({ status: 'loading', chat: null, messages: [] });
    await settle();
    expect(result.current).toMatchObject({ status: 'ready', chat: chat('c1'), messages: [question] });
  });

  it('another account’s chat is missing; a failure says so, and Retry opens it again', async () => {
    serve({ other: new ApiError('Not found', 404, null) });
    const { result, rerender } = renderHook(({ id }) => useChatThread(id), { initialProps: { id: 'other' } });
    await settle();
    expect(result.current).toMatchObject({ status: 'missing', error: null });

    serve({ c1: new ApiError('Service unavailable', 503, { error: 'Search is restarting' }) });
    rerender({ id: 'c1' });
    await settle();
    expect(result.current).toMatchObject({ status: 'error', error: 'Search is restarting' });

    let release: (value: ChatThreadResponse) => void = () => {};
    getChatMock.mockImplementation(() => new Promise((resolve) => (release = resolve)));
    act(() => void result.current.reload());
    expect(result.current).toMatchObject({ status: 'loading', error: null });
    await act(async () => release(thread('c1')));
    expect(result.current).toMatchObject({ status: 'ready', chat: chat('c1') });
  });

  it('opening another chat aborts the read of the last one and never shows its thread', async () => {
    const signals = serve({ c1: thread('c1', [question]), c2: thread('c2') });
    const { result, rerender } = renderHook(({ id }) => useChatThread(id), { initialProps: { id: 'c1' } });
    rerender({ id: 'c2' });
    expect(signals[0]?.aborted).toBe(true);
    await settle();
    expect(result.current).toMatchObject({ status: 'ready', chat: chat('c2'), messages: [] });
  });

  it('a chat created here opens without a read, keeps the question on its way, and takes its answer', async () => {
    serve({});
    const answer = testAnswer({ id: 'a1', created_at: '2026-11-20T10:00:05.000Z' });
    // The server titles the chat by its first question; the thread takes the chat it answers with.
    const titled = chat('new', { title: 'invoices', updated_at: answer.created_at });
    askMock.mockResolvedValue({ chat: titled, question, answer } satisfies AskResponse);
    const { result, rerender } = renderHook(({ id }) => useChatThread(id), {
      initialProps: { id: null as string | null },
    });
    act(() => result.current.setPending('invoices'));
    act(() => result.current.adopt(chat('new')));
    rerender({ id: 'new' });
    expect(getChatMock).not.toHaveBeenCalled();
    expect(result.current).toMatchObject({ status: 'ready', chat: chat('new'), pending: 'invoices' });

    await act(async () => {
      await result.current.ask('new', 'invoices');
    });
    expect(result.current.pending).toBeNull();
    expect(result.current.messages).toEqual([question, answer]);
    expect(result.current.chat).toEqual(titled);
  });

  it('a chat created here is read from the server when opened again later', async () => {
    serve({ c2: thread('c2'), new: thread('new', [question]) });
    const { result, rerender } = renderHook(({ id }) => useChatThread(id), {
      initialProps: { id: null as string | null },
    });
    act(() => result.current.adopt(chat('new')));
    rerender({ id: 'new' });
    rerender({ id: 'c2' });
    await settle();
    rerender({ id: 'new' });
    await settle();
    expect(result.current).toMatchObject({ status: 'ready', chat: chat('new'), messages: [question] });
  });

  it('a question that fails clears the pending one and says why', async () => {
    serve({ c1: thread('c1') });
    askMock.mockRejectedValue(new ApiError('Bad gateway', 502, { error: 'The search did not answer' }));
    const { result } = renderHook(() => useChatThread('c1'));
    await settle();
    await act(async () => {
      await expect(result.current.ask('c1', 'invoices')).rejects.toBeInstanceOf(ApiError);
    });
    expect(result.current).toMatchObject({
      status: 'ready',
      pending: null,
      error: 'The search did not answer',
    });
  });

  it('while a mail is queued the thread is read again until it has been sent', async () => {
    vi.useFakeTimers();
    const answer = testAnswer({ id: 'a1', deliveries: [queued] });
    const sent = testAnswer({ id: 'a1', deliveries: [{ ...queued, status: 'sent' }] });
    serve({ c1: thread('c1', [question, answer]) });
    const { result } = renderHook(() => useChatThread('c1'));
    await settle();
    expect(getChatMock).toHaveBeenCalledTimes(1);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(DELIVERY_POLL_MS);
    });
    expect(getChatMock).toHaveBeenCalledTimes(2);

    serve({ c1: thread('c1', [question, sent]) });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(DELIVERY_POLL_MS);
    });
    expect(getChatMock).toHaveBeenCalledTimes(3);
    expect(result.current.messages[1]).toEqual(sent);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(DELIVERY_POLL_MS * 3);
    });
    expect(getChatMock).toHaveBeenCalledTimes(3);
  });

  it('a delivery queued from the Send dialog shows at once', async () => {
    serve({ c1: thread('c1', [question, testAnswer({ id: 'a1', deliveries: [] })]) });
    const { result } = renderHook(() => useChatThread('c1'));
    await settle();
    vi.useFakeTimers();
    act(() => result.current.addDelivery('a1', queued));
    const message = result.current.messages[1];
    expect(message?.role === 'assistant' && message.deliveries).toEqual([queued]);
  });
});
