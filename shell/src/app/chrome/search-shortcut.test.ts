import { describe, expect, it } from 'vitest';
import { isSearchShortcut, type ShortcutKey } from './search-shortcut';

const key = (over: Partial<ShortcutKey>): ShortcutKey => ({
  key: '/',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  target: { tagName: 'BODY' },
  ...over,
});

describe('the search shortcut', () => {
  it('"/" opens search where nothing is being typed', () => {
    expect(isSearchShortcut(key({}))).toBe(true);
    expect(isSearchShortcut(key({ target: { tagName: 'INPUT' } }))).toBe(false);
    expect(isSearchShortcut(key({ target: { tagName: 'TEXTAREA' } }))).toBe(false);
    expect(isSearchShortcut(key({ target: { tagName: 'DIV', isContentEditable: true } }))).toBe(false);
  });

  it('Ctrl-K and ⌘K open it even from a field; other keys and Alt do not', () => {
    expect(isSearchShortcut(key({ key: 'k', ctrlKey: true, target: { tagName: 'INPUT' } }))).toBe(true);
    expect(isSearchShortcut(key({ key: 'K', metaKey: true }))).toBe(true);
    expect(isSearchShortcut(key({ key: 'k' }))).toBe(false);
    expect(isSearchShortcut(key({ key: 'k', ctrlKey: true, altKey: true }))).toBe(false);
    expect(isSearchShortcut(key({ key: '/', ctrlKey: true }))).toBe(false);
  });
});
