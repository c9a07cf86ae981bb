import type { AssistantChatMessage, Chat, ChatMessage, ChatThreadResponse, Delivery } from '@trove/contracts';
import { ApiError, userMessage } from '@trove/kit';
import { useServerState } from '@trove/kit/server-state';
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

export function hasQueuedDelivery(messages: ChatMessage[]): boolean {
  return messages.some(
    (message) =>
      message.role === 'assistant' && message.deliveries.some((delivery) => delivery.status === 'queued'),
  );
}

const NO_MESSAGES: ChatMessage[] = [];

/** Another account's chat, or none: said as "This chat isn't here", not as a failure. */
const isMissing = (failure: unknown) =>
  failure instanceof ApiError && (failure.status === 404 || failure.status === 400);

/**
 * One thread, loaded from the server by id (so it survives a reload and another device), with the
 * question in flight and the deliveries kept fresh while one is queued.
 */
export function useChatThread(chatId: string | null) {
  // The chat just created here: its thread is known to be empty, so opening it needs no round trip.
  const adopted = useRef<Chat | null>(null);
  const [pending, setPendingText] = useState<string | null>(null);
  const [askError, setAskError] = useState<string | null>(null);

  // Another chat (or none) opened: what was asked in the last one is not this one's, unless this is the
  // chat created a moment ago for the question on its way.
  const [openChatId, setOpenChatId] = useState(chatId);
  if (openChatId !== chatId) {
    setOpenChatId(chatId);
    setAskError(null);
    if (adopted.current?.id !== chatId) {
      adopted.current = null;
      setPendingText(null);
    }
  }

  const thread = useServerState<ChatThreadResponse>(
    chatId === null ? null : (signal) => getChat(chatId, signal),
    [chatId],
    {
      initialData:
        adopted.current !== null && adopted.current.id === chatId
          ? { chat: adopted.current, messages: [] }
          : undefined,
    },
  );
  const { setData, refetch } = thread;
  const chat = thread.data?.chat ?? null;
  const messages = thread.data?.messages ?? NO_MESSAGES;

  // While a mail is queued, the thread is read again until it has been sent or has failed.
  const queued = hasQueuedDelivery(messages);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each fresh read of the messages arms the next poll.
  useEffect(() => {
    if (!queued || chat === null) return;
    const timer = setTimeout(() => void refetch(), DELIVERY_POLL_MS);
    return () => clearTimeout(timer);
  }, [queued, chat, thread.data, refetch]);

  /** Takes over a chat created a moment ago (its thread is empty). */
  const adopt = useCallback(
    (created: Chat) => {
      adopted.current = created;
      setAskError(null);
      setData({ chat: created, messages: [] });
    },
    [setData],
  );

  /** Shows a question as on its way before anything has been sent (a new chat is created first). */
  const setPending = useCallback((text: string | null) => {
    setPendingText(text);
    setAskError(null);
  }, []);

  const ask = useCallback(
    async (id: string, text: string): Promise<AssistantChatMessage> => {
      setPendingText(text);
      setAskError(null);
      try {
        const { chat, question, answer } = await askApi(id, text);
        setPendingText(null);
        // The chat as the server left it: a first question gives it its title (the header's too).
        setData((current) =>
          current === undefined || current.chat.id !== id
            ? current
            : { chat, messages: [...current.messages, question, answer] },
        );
        return answer;
      } catch (failure) {
        setPendingText(null);
        setAskError(userMessage(failure, 'That question could not be answered.'));
        throw failure;
      }
    },
    [setData],
  );

  /** A delivery just queued from the Send dialog, shown before the next read of the thread. */
  const addDelivery = useCallback(
    (messageId: string, delivery: Delivery) => {
      setData((current) =>
        current === undefined
          ? current
          : {
              ...current,
              messages: current.messages.map((message) =>
                message.role === 'assistant' && message.id === messageId
                  ? {
                      ...message,
                      deliveries: [...message.deliveries.filter((item) => item.id !== delivery.id), delivery],
                    }
                  : message,
              ),
            },
      );
    },
    [setData],
  );

  const setChat = useCallback(
    (renamed: Chat) =>
      setData((current) => (current === undefined ? current : { ...current, chat: renamed })),
    [setData],
  );

  // A retry after a failure shows "Opening the chat…" again, as the first read did.
  const failed = thread.status === 'error' && !thread.fetching;
  const missing = failed && isMissing(thread.error);
  const state: ThreadState = {
    chat,
    messages,
    status: failed ? (missing ? 'missing' : 'error') : thread.status === 'error' ? 'loading' : thread.status,
    error: failed && !missing ? userMessage(thread.error, 'This chat could not be loaded.') : askError,
    pending,
  };

  return { ...state, adopt, ask, addDelivery, setChat, setPending, reload: refetch };
}
