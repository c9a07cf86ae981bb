import { SEARCH_MESSAGES, SearchCursorSchema } from '@trove/contracts';
import { ApiError } from '@trove/service-core';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './cursor';

const decodeSearch = (text: string) => decodeCursor(SearchCursorSchema, text, SEARCH_MESSAGES.badCursor);

describe('cursors', () => {
  it('round-trip the search position exactly: the score, the passage id and the mode', () => {
    const cursor = { s: 0.1 + 0.2, i: '9007199254740993', m: 'or' as const };
    const text = encodeCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeSearch(text)).toEqual(cursor);
  });

  it('anything edited, truncated or made up is a 400 with the list’s message', () => {
    const valid = encodeCursor({ s: 1, i: '1', m: 'and' });
    for (const text of [
      '',
      'not base64!',
      valid.slice(0, -3),
      Buffer.from('{"s":"x"}').toString('base64url'),
    ]) {
      expect(() => decodeSearch(text)).toThrow(ApiError);
      try {
        decodeSearch(text);
      } catch (err) {
        expect((err as ApiError).status).toBe(400);
        expect((err as ApiError).message).toMatch(/search again/);
      }
    }
  });
});
