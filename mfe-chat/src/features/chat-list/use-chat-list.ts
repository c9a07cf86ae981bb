import type { Chat } from '@trove/contracts';
import { userMessage } from '@trove/kit';
import { useCallback, useEffect, useRef, useState } from 'react';
import { listChats } from '../chat-api/chat-api';
import { appendPage, byActivity, type LoadedChats, mergeFirstPage } from './chat-list-pages';

export interface ChatListState {
  chats: Chat[];
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  /** True while there are older chats the service has not sent yet. */
  hasMore: boolean;
  loadingMore: boolean;
  /** Why the last "Show more" failed; cleared by the next try. */
  moreError: string | null;
  refresh: () => Promise<void>;
  /** Loads the next page (issue 11 §1, ADR 015 "Paging"); a second call while one is loading does nothing. */
  showMore: () => Promise<void>;
  /** Puts a new or changed chat in its place (newest activity first) without a round trip. */
  upsert: (chat: Chat) => void;
  remove: (chatId: string) => void;
}

/** The user's chats, newest activity first, a page at a time (issue 11 §1). */
export function useChatList(): ChatListState {
  const [loaded, setLoaded] = useState<LoadedChats>({ chats: [], nextCursor: null });
  const [status, setStatus] = useState<ChatListState['status']>('loading');
  const [error, setError] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);
  // Read in callbacks without making them change on every page.
  const loadedRef = useRef(loaded);
  loadedRef.current = loaded;
  const loadingMoreNow = useRef(false);

  const refresh = useCallback(async () => {
    try {
      const page = await listChats();
      setLoaded((current) => mergeFirstPage(current, page));
      setStatus('ready');
      setError(null);
    } catch (failure) {
      setStatus((current) => (current === 'ready' ? current : 'error'));
      setError(userMessage(failure, 'Your chats could not be loaded.'));
    }
  }, []);

  const showMore = useCallback(async () => {
    const cursor = loadedRef.current.nextCursor;
    if (cursor === null || loadingMoreNow.current) return;
    loadingMoreNow.current = true;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const page = await listChats(cursor);
      setLoaded((current) => (current.nextCursor === cursor ? appendPage(current, page) : current));
    } catch (failure) {
      setMoreError(userMessage(failure, 'More chats could not be loaded.'));
    } finally {
      loadingMoreNow.current = false;
      setLoadingMore(false);
    }
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const upsert = useCallback((chat: Chat) => {
    setLoaded((current) => ({
      ...current,
      chats: [chat, ...current.chats.filter((item) => item.id !== chat.id)].sort(byActivity),
    }));
  }, []);
  const remove = useCallback((chatId: string) => {
    setLoaded((current) => ({ ...current, chats: current.chats.filter((item) => item.id !== chatId) }));
  }, []);

  return {
    chats: loaded.chats,
    status,
    error,
    hasMore: loaded.nextCursor !== null,
    loadingMore,
    moreError,
    refresh,
    showMore,
    upsert,
    remove,
  };
}
