import { describe, expect, it } from 'vitest';
import { readChatLocation, withPassage } from './chat-path';

describe('readChatLocation', () => {
  it('reads the list, a new chat and a thread', () => {
    expect(readChatLocation('/chats', '')).toEqual({ chatId: null, composingNew: false, passageId: null });
    expect(readChatLocation('/chats/new', '')).toEqual({ chatId: null, composingNew: true, passageId: null });
    expect(readChatLocation('/chats/3f2a/', '')).toMatchObject({ chatId: '3f2a' });
  });

  it('reads the passage a mailed link points at, and ignores one that is not an id', () => {
    expect(readChatLocation('/chats/abc', '?passage=42').passageId).toBe('42');
    expect(readChatLocation('/chats', '?passage=42').passageId).toBe('42');
    expect(readChatLocation('/chats', '?passage=<x>').passageId).toBeNull();
  });
});

describe('withPassage', () => {
  it('sets and clears the passage, keeping the rest of the query', () => {
    expect(withPassage('/chats/a', '', '7')).toBe('/chats/a?passage=7');
    expect(withPassage('/chats/a', '?passage=7&x=1', null)).toBe('/chats/a?x=1');
    expect(withPassage('/chats/a', '?passage=7', null)).toBe('/chats/a');
  });
});
