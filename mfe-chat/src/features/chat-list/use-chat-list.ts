import type { Chat, ChatListResponse } from '@trove/contracts';
import { userMessage } from '@trove/kit';
import { useNextPage, useServerState } from '@trove/kit/server-state';
import { useCallback } from 'react';
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

const NO_CHATS: LoadedChats = { chats: [], nextCursor: null };

const readFirstPage = (signal: AbortSignal) => listChats(null, signal);
// The first page read again keeps the pages "Show more" added under it (chat-list-pages.ts).
const keepOlderPages = (current: LoadedChats | undefined, page: ChatListResponse) =>
  mergeFirstPage(current ?? NO_CHATS, page);

/** The user's chats, newest activity first, a page at a time (issue 11 §1). */
export function useChatList(): ChatListState {
  // A refresh that fails once the list is shown keeps the list ('ready'); only a list never read says why.
  const list = useServerState(readFirstPage, [], { merge: keepOlderPages });
  const { setData } = list;
  const loaded = list.data ?? NO_CHATS;
  const { loadingMore, moreError, loadMore } = useNextPage({
    cursor: loaded.nextCursor,
    read: listChats,
    apply: (page: ChatListResponse, cursor) =>
      setData((current) =>
        current !== undefined && current.nextCursor === cursor ? appendPage(current, page) : current,
      ),
    describe: (failure) => userMessage(failure, 'More chats could not be loaded.'),
  });
  const showMore = useCallback(async () => {
    await loadMore();
  }, [loadMore]);

  const upsert = useCallback(
    (chat: Chat) => {
      setData((current = NO_CHATS) => ({
        ...current,
        chats: [chat, ...current.chats.filter((item) => item.id !== chat.id)].sort(byActivity),
      }));
    },
    [setData],
  );
  const remove = useCallback(
    (chatId: string) => {
      setData((current = NO_CHATS) => ({
        ...current,
        chats: current.chats.filter((item) => item.id !== chatId),
      }));
    },
    [setData],
  );

  return {
    chats: loaded.chats,
    status: list.status,
    error: list.error === null ? null : userMessage(list.error, 'Your chats could not be loaded.'),
    hasMore: loaded.nextCursor !== null,
    loadingMore,
    moreError,
    refresh: list.refetch,
    showMore,
    upsert,
    remove,
  };
}
