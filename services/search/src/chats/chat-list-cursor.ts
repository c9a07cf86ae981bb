import { CHAT_MESSAGES, ChatListCursorSchema } from '@trove/contracts';
import { decodeCursor, encodeCursor } from '../search/cursor';
import type { ChatListPosition } from './chats.repository';

// The chat list's cursor: the position of the last chat shown (search/cursor.ts makes and checks it).

export function encodeChatListCursor(position: ChatListPosition): string {
  return encodeCursor({ u: position.updatedAt, i: position.id });
}

export function decodeChatListCursor(text: string): ChatListPosition {
  const cursor = decodeCursor(ChatListCursorSchema, text, CHAT_MESSAGES.badCursor);
  return { updatedAt: cursor.u, id: cursor.i };
}
