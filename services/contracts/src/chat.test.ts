import { describe, expect, it } from 'vitest';
import {
  CHAT_LIST_LIMIT_DEFAULT,
  CHAT_MESSAGES,
  ChatListCursorSchema,
  ChatListQuerySchema,
  ChatListResponseSchema,
} from './chat';

describe('ChatListQuerySchema', () => {
  it('defaults to a page of 30 with no cursor', () => {
    expect(ChatListQuerySchema.parse({})).toEqual({ limit: CHAT_LIST_LIMIT_DEFAULT });
    expect(CHAT_LIST_LIMIT_DEFAULT).toBe(30);
  });

  it('limits: 1 to 100, digits only', () => {
    expect(ChatListQuerySchema.parse({ limit: '1' }).limit).toBe(1);
    expect(ChatListQuerySchema.parse({ limit: '100' }).limit).toBe(100);
    for (const limit of ['0', '101', '-1', '1.5', 'ten', '', '9999']) {
      expect(ChatListQuerySchema.safeParse({ limit }).error?.issues[0]?.message).toBe(CHAT_MESSAGES.badLimit);
    }
  });

  it('keeps the cursor as the client sent it, and refuses one too long to be ours', () => {
    expect(ChatListQuerySchema.parse({ cursor: 'abc_-' }).cursor).toBe('abc_-');
    expect(ChatListQuerySchema.safeParse({ cursor: 'a'.repeat(513) }).error?.issues[0]?.message).toBe(
      CHAT_MESSAGES.badCursor,
    );
  });
});

describe('ChatListCursorSchema', () => {
  const id = '0b9a7c1e-4a53-4f7e-9d2a-3c1b5e6f7a80';

  it('holds the last chat’s activity to the microsecond and its id', () => {
    const cursor = { u: '2026-11-23T08:49:17.123456Z', i: id };
    expect(ChatListCursorSchema.parse(cursor)).toEqual(cursor);
  });

  it('refuses a time rounded to milliseconds, another format, or an id that is not a UUID', () => {
    for (const cursor of [
      { u: '2026-11-23T08:49:17.123Z', i: id },
      { u: '2026-11-23 08:49:17.123456+00', i: id },
      { u: '2026-11-23T08:49:17.123456Z', i: '1; drop table chats' },
      { u: '2026-11-23T08:49:17.123456Z' },
    ]) {
      expect(ChatListCursorSchema.safeParse(cursor).success).toBe(false);
    }
  });
});

describe('ChatListResponseSchema', () => {
  it('says whether there is a next page; a service from before paging (no cursor) sent the last page', () => {
    expect(ChatListResponseSchema.parse({ chats: [], next_cursor: 'abc' }).next_cursor).toBe('abc');
    expect(ChatListResponseSchema.parse({ chats: [], next_cursor: null }).next_cursor).toBeNull();
    expect(ChatListResponseSchema.parse({ chats: [] }).next_cursor).toBeNull();
  });
});
