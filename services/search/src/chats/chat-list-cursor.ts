import { CHAT_MESSAGES, ChatListCursorSchema } from '@trove/contracts';
import { ApiError } from '@trove/service-core';
import type { ChatListPosition } from './chats.repository';

// The chat list's cursor is opaque to clients (base64url JSON, as the search's: search/cursor.ts) but
// checked like any input: an edited or truncated cursor is a 400 with a message, never a query with
// garbage in it.

export function encodeChatListCursor(position: ChatListPosition): string {
  return Buffer.from(JSON.stringify({ u: position.updatedAt, i: position.id }), 'utf8').toString('base64url');
}

export function decodeChatListCursor(text: string): ChatListPosition {
  let value: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(text)) throw new Error('not base64url');
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch (cause) {
    throw new ApiError(400, CHAT_MESSAGES.badCursor, 'invalid_request', { cause });
  }
  const parsed = ChatListCursorSchema.safeParse(value);
  if (!parsed.success) throw new ApiError(400, CHAT_MESSAGES.badCursor, 'invalid_request');
  return { updatedAt: parsed.data.u, id: parsed.data.i };
}
