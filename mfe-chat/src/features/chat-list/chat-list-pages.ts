import type { Chat, ChatListResponse } from '@trove/contracts';

// The list as loaded page by page (GET /api/v1/chats?cursor=). Pure, so the merge rules are tested apart
// from React.

export interface LoadedChats {
  chats: Chat[];
  /** Where "Show more" continues; null once the last page is in. */
  nextCursor: string | null;
}

/** Newest activity first, the service's order (updated_at desc, then id desc). */
export const byActivity = (a: Chat, b: Chat) =>
  b.updated_at.localeCompare(a.updated_at) || b.id.localeCompare(a.id);

/** A further page goes after what is shown; a chat already shown (it moved up meanwhile) is not repeated. */
export function appendPage(loaded: LoadedChats, page: ChatListResponse): LoadedChats {
  const shown = new Set(loaded.chats.map((chat) => chat.id));
  return {
    chats: [...loaded.chats, ...page.chats.filter((chat) => !shown.has(chat.id))],
    nextCursor: page.next_cursor,
  };
}

/**
 * The first page read again (after a question, to learn a new title and time) replaces the top of the list
 * but keeps the older chats already loaded with "Show more", and where to continue after them: activity only
 * ever moves a chat to the top, so what was shown below the new first page is still in order.
 */
export function mergeFirstPage(loaded: LoadedChats, page: ChatListResponse): LoadedChats {
  if (page.next_cursor === null) return { chats: page.chats, nextCursor: null };
  const last = page.chats.at(-1);
  const inPage = new Set(page.chats.map((chat) => chat.id));
  const older = loaded.chats.filter(
    (chat) => !inPage.has(chat.id) && last !== undefined && byActivity(last, chat) < 0,
  );
  return {
    chats: [...page.chats, ...older],
    nextCursor: older.length > 0 ? loaded.nextCursor : page.next_cursor,
  };
}
