import type { Chat } from '@trove/contracts';
import { describe, expect, it } from 'vitest';
import { appendPage, mergeFirstPage } from './chat-list-pages';

const chat = (id: string, day: number): Chat => {
  const at = `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`;
  return { id, title: id, created_at: at, updated_at: at };
};
const ids = (chats: Chat[]) => chats.map((item) => item.id);

describe('appendPage', () => {
  it('puts the next page after what is shown and continues from its cursor', () => {
    const loaded = { chats: [chat('e', 20), chat('d', 19)], nextCursor: 'p2' };
    const next = appendPage(loaded, { chats: [chat('c', 18), chat('b', 17)], next_cursor: 'p3' });
    expect(ids(next.chats)).toEqual(['e', 'd', 'c', 'b']);
    expect(next.nextCursor).toBe('p3');
  });

  it('never shows a chat twice', () => {
    const loaded = { chats: [chat('d', 21), chat('e', 20)], nextCursor: 'p2' };
    const next = appendPage(loaded, { chats: [chat('d', 21), chat('c', 18)], next_cursor: null });
    expect(ids(next.chats)).toEqual(['d', 'e', 'c']);
    expect(next.nextCursor).toBeNull();
  });
});

describe('mergeFirstPage', () => {
  it('keeps older chats loaded with “Show more” and where to continue after them', () => {
    const loaded = { chats: [chat('e', 20), chat('d', 19), chat('c', 18), chat('b', 17)], nextCursor: 'p3' };
    // "c" was asked in: it is now the newest, and the first page (two chats) is c, e.
    const first = { chats: [{ ...chat('c', 22), title: 'c asked' }, chat('e', 20)], next_cursor: 'p2' };
    const merged = mergeFirstPage(loaded, first);
    expect(ids(merged.chats)).toEqual(['c', 'e', 'd', 'b']);
    expect(merged.chats[0]?.title).toBe('c asked');
    expect(merged.nextCursor).toBe('p3');
  });

  it('takes the first page as it is when nothing further was loaded', () => {
    const merged = mergeFirstPage(
      { chats: [], nextCursor: null },
      { chats: [chat('a', 1)], next_cursor: 'p2' },
    );
    expect(ids(merged.chats)).toEqual(['a']);
    expect(merged.nextCursor).toBe('p2');
  });

  it('a first page that is the whole list replaces it (a chat deleted elsewhere goes)', () => {
    const loaded = { chats: [chat('b', 2), chat('a', 1)], nextCursor: null };
    const merged = mergeFirstPage(loaded, { chats: [chat('b', 2)], next_cursor: null });
    expect(ids(merged.chats)).toEqual(['b']);
    expect(merged.nextCursor).toBeNull();
  });
});
