/**
 * Where the Chats page is (issue 11): /chats lists, /chats/new starts a chat, /chats/:chatId is a thread,
 * and `?passage=:id` opens a passage in context (the links in mailed answers). Read from the path so the
 * remote works the same under the shell's `chats/*` route and on its standalone page.
 */
export const NEW_CHAT = 'new';

export interface ChatLocation {
  /** The open chat, or null on /chats and /chats/new. */
  chatId: string | null;
  /** /chats/new: a fresh chat, not yet saved. */
  composingNew: boolean;
  passageId: string | null;
}

export function readChatLocation(pathname: string, search: string): ChatLocation {
  const segment = /^\/chats\/([^/]+)\/?$/.exec(pathname)?.[1];
  let chatId: string | null = null;
  if (segment !== undefined) {
    try {
      chatId = decodeURIComponent(segment);
    } catch {
      chatId = segment;
    }
  }
  const passage = new URLSearchParams(search).get('passage');
  return {
    chatId: chatId === NEW_CHAT ? null : chatId,
    composingNew: chatId === NEW_CHAT,
    passageId: passage && /^\d{1,19}$/.test(passage) ? passage : null,
  };
}

export const chatHref = (chatId: string) => `/chats/${encodeURIComponent(chatId)}`;

/** The current page with `?passage=` set or removed, keeping anything else in the query. */
export function withPassage(pathname: string, search: string, passageId: string | null): string {
  const params = new URLSearchParams(search);
  if (passageId === null) params.delete('passage');
  else params.set('passage', passageId);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
