import { ApiError } from '@trove/service-core';
import { SEARCH_MESSAGES, type SearchCursor, SearchCursorSchema } from '@trove/contracts';

// The search cursor is opaque to clients (base64url JSON) but checked like any input: a cursor that was
// edited or truncated is a 400 with a message, never a query with garbage in it.

export function encodeCursor(cursor: SearchCursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

export function decodeCursor(text: string): SearchCursor {
  let value: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(text)) throw new Error('not base64url');
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch (cause) {
    throw new ApiError(400, SEARCH_MESSAGES.badCursor, 'invalid_request', { cause });
  }
  const parsed = SearchCursorSchema.safeParse(value);
  if (!parsed.success) throw new ApiError(400, SEARCH_MESSAGES.badCursor, 'invalid_request');
  return parsed.data;
}
