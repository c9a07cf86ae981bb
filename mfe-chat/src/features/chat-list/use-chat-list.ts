import type { Chat } from '@trove/contracts';
import { userMessage } from '@trove/kit';
import { useCallback, useEffect, useState } from 'react';
import { listChats } from '../chat-api/chat-api';

export interface ChatListState {
  chats: Chat[];
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  refresh: () => Promise<void>;
  /** Puts a new or changed chat in its place (newest activity first) without a round trip. */
  upsert: (chat: Chat) => void;
  remove: (chatId: string) => void;
}

const byActivity = (a: Chat, b: Chat) => b.updated_at.localeCompare(a.updated_at);

/** The user's chats, newest activity first (issue 11 §1). */
export function useChatList(): ChatListState {
  const [chats, setChats] = useState<Chat[]>([]);
  const [status, setStatus] = useState<ChatListState['status']>('loading');
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    try {
      setChats(await listChats());
      setStatus('ready');
      setError(null);
    } catch (failure) {
      setStatus((current) => (current === 'ready' ? current : 'error'));
      setError(userMessage(failure, 'Your chats could not be loaded.'));
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const upsert = useCallback((chat: Chat) => {
    setChats((current) => [chat, ...current.filter((item) => item.id !== chat.id)].sort(byActivity));
  }, []);
  const remove = useCallback((chatId: string) => {
    setChats((current) => current.filter((item) => item.id !== chatId));
  }, []);

  return { chats, status, error, refresh, upsert, remove };
}
