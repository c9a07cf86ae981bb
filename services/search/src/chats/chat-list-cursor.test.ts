import { CHAT_MESSAGES } from '@trove/contracts';
import { ApiError } from '@trove/service-core';
import { describe, expect, it } from 'vitest';
import { decodeChatListCursor, encodeChatListCursor } from './chat-list-cursor';

const position = { updatedAt: '2026-11-23T08:49:17.123456Z', id: '0b9a7c1e-4a53-4f7e-9d2a-3c1b5e6f7a80' };

function refusal(text: string): unknown {
  try {
    decodeChatListCursor(text);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('the chat list cursor', () => {
  it('reads back the position it was made from, and is URL-safe', () => {
    const text = encodeChatListCursor(position);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeChatListCursor(text)).toEqual(position);
  });

  it('a tampered, truncated or foreign cursor is a 400 with a message', () => {
    const text = encodeChatListCursor(position);
    const forged = Buffer.from(JSON.stringify({ u: "2026' or 1=1", i: position.id })).toString('base64url');
    const searchCursor = Buffer.from(JSON.stringify({ s: 1, i: '5', m: 'and' })).toString('base64url');
    for (const bad of [text.slice(0, -4), `${text}!`, 'not json', forged, searchCursor, '']) {
      const error = refusal(bad);
      expect(error, bad).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 400, message: CHAT_MESSAGES.badCursor });
    }
  });
});
