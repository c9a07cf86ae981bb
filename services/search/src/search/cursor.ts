import { ApiError } from '@trove/service-core';
import type { z } from 'zod';

// Every list the search service pages (search results, uploads, chats) hands out one kind of cursor: opaque to
// clients (base64url JSON) but checked like any input. A cursor that was edited, cut short or made for another
// list is a 400 with that list's message, never a query with garbage in it.

/** `value` is what the list's cursor schema reads back (decodeCursor checks it on the way in). */
export function encodeCursor(value: object): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

export function decodeCursor<T>(schema: z.ZodType<T>, text: string, message: string): T {
  let value: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(text)) throw new Error('not base64url');
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch (cause) {
    throw new ApiError(400, message, 'invalid_request', { cause });
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ApiError(400, message, 'invalid_request');
  return parsed.data;
}
