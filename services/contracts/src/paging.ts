import { z } from 'zod';

// What every paged list's query string and cursor share (search results, uploads, chats): a page size read
// from digits, since query values arrive as text, and an opaque cursor from the previous page.

export interface PageQueryOptions {
  defaultLimit: number;
  maxLimit: number;
  /** The 400's message for a limit out of range, naming the range. */
  badLimit: string;
  /** The 400's message for a cursor that cannot be read: what to do (search again, reload). */
  badCursor: string;
}

/** `limit` and `cursor`, to spread into a list's query schema. */
export function pageQueryShape(options: PageQueryOptions) {
  return {
    limit: z
      .string()
      .regex(/^\d{1,3}$/, options.badLimit)
      .transform(Number)
      .refine((limit) => limit >= 1 && limit <= options.maxLimit, options.badLimit)
      .default(options.defaultLimit),
    cursor: z.string().max(512, options.badCursor).optional(),
  };
}

/**
 * A moment as PostgreSQL writes it in UTC to the microsecond (`2026-11-23T08:49:17.123456Z`), and a real
 * one, for keyset cursors: a JavaScript Date keeps milliseconds, and a cursor rounded down would skip the rows
 * of the same millisecond; an impossible date would reach PostgreSQL and come back an error.
 */
export const MicrosecondTimestampSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/)
  .refine((value) => {
    const date = new Date(value);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 19) === value.slice(0, 19);
  });
