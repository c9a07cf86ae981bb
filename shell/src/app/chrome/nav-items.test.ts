import { describe, expect, it } from 'vitest';
import { isNavItemActive } from './nav-items';

describe('navigation', () => {
  it('an item is active on its route and below it, not on a longer sibling', () => {
    expect(isNavItemActive('/chats', '/chats')).toBe(true);
    expect(isNavItemActive('/chats/42', '/chats')).toBe(true);
    expect(isNavItemActive('/chatsroom', '/chats')).toBe(false);
    expect(isNavItemActive('/', '/chats')).toBe(false);
  });
});
