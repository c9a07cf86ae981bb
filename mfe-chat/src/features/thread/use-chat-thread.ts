import type { AssistantChatMessage, Chat, ChatMessage, Delivery } from '@trove/contracts';
import { ApiError, userMessage } from '@trove/kit';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ask as askApi, getChat } from '../chat-api/chat-api';

/** How often a thread with a mail still queued asks again for its delivery status. */
export const DELIVERY_POLL_MS = 1500;

export interface ThreadState {
  chat: Chat | null;
  messages: ChatMessage[];
  status: 'idle' | 'loading' | 'ready' | 'missing' | 'error';
  error: string | null;
  /** The question on its way, shown at once with a pending answer (issue 11: "shows progress at once"). */
  pending: string | null;
}

const EMPTY: ThreadState = { chat: null, messages: [], status: 'idle', error: null, pending: null };

export function hasQueuedDelivery(messages: ChatMessage[]): boolean {
  return messages.some(
    (message) =>
      message.role === 'assistant' && message.deliveries.some((delivery) => delivery.status === 'queued'),
  );
}

/**
 * One thread, loaded from the server by id (so it survives a reload and another device), with the
 * question in flight and the deliveries kept fresh while one is queued.
 */
export function useChatThread(chatId: string | null) {
  const [state, setState] = useState<ThreadState>(EMPTY);
  // The chat just created here: its thread is known to be empty, so opening it needs no round trip.
  const adopted = useRef<string | null>(null);

  const load = useCallback(async (id: string, signal?: AbortSignal, quiet = false) => {
    if (!quiet)
      setState((current) => ({
        ...EMPTY,
        status: 'loading',
        chat: current.chat?.id === id ? current.chat : null,
      }));
    try {
      const thread = await getChat(id, signal);
      setState((current) => ({
        ...current,
        chat: thread.chat,
        messages: thread.messages,
        status: 'ready',
        error: null,
      }));
    } catch (failure) {
      if (signal?.aborted) return;
      if (quiet) return;
      const missing = failure instanceof ApiError && (failure.status === 404 || failure.status === 400);
      setState({
        ...EMPTY,
        status: missing ? 'missing' : 'error',
        error: missing ? null : userMessage(failure, 'This chat could not be loaded.'),
      });
    }
  }, []);

  useEffect(() => {
    if (chatId === null) {
      setState(EMPTY);
      return;
    }
    if (adopted.current === chatId) return;
    const controller = new AbortController();
    void load(chatId, controller.signal);
    return () => controller.abort();
  }, [chatId, load]);

  // While a mail is queued, the thread is read again until it has been sent or has failed.
  const queued = hasQueuedDelivery(state.messages);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each fresh read of the messages arms the next poll.
  useEffect(() => {
    if (!queued || !state.chat) return;
    const id = state.chat.id;
    const timer = setTimeout(() => void load(id, undefined, true), DELIVERY_POLL_MS);
    return () => clearTimeout(timer);
  }, [queued, state.chat, state.messages, load]);

  /** Takes over a chat created a moment ago (its thread is empty). */
  const adopt = useCallback((chat: Chat) => {
    adopted.current = chat.id;
    setState((current) => ({ ...EMPTY, chat, status: 'ready', pending: current.pending }));
  }, []);

  /** Shows a question as on its way before anything has been sent (a new chat is created first). */
  const setPending = useCallback((text: string | null) => {
    setState((current) => ({ ...current, pending: text, error: null }));
  }, []);

  const ask = useCallback(async (id: string, text: string): Promise<AssistantChatMessage> => {
    setState((current) => ({ ...current, pending: text, error: null }));
    try {
      const { question, answer } = await askApi(id, text);
      setState((current) => ({
        ...current,
        pending: null,
        messages: [...current.messages, question, answer],
        chat: current.chat ? { ...current.chat, updated_at: answer.created_at } : current.chat,
      }));
      return answer;
    } catch (failure) {
      setState((current) => ({
        ...current,
        pending: null,
        error: userMessage(failure, 'That question could not be answered.'),
      }));
      throw failure;
    }
  }, []);

  /** A delivery just queued from the Send dialog, shown before the next read of the thread. */
  const addDelivery = useCallback((messageId: string, delivery: Delivery) => {
    setState((current) => ({
      ...current,
      messages: current.messages.map((message) =>
        message.role === 'assistant' && message.id === messageId
          ? {
              ...message,
              deliveries: [...message.deliveries.filter((item) => item.id !== delivery.id), delivery],
            }
          : message,
      ),
    }));
  }, []);

  const setChat = useCallback((chat: Chat) => setState((current) => ({ ...current, chat })), []);

  return { ...state, adopt, ask, addDelivery, setChat, setPending, reload: load };
}
