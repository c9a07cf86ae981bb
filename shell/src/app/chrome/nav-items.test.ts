import { describe, expect, it } from 'vitest';
import { isNavItemActive, navGroups } from './nav-items';

describe('navigation', () => {
  it('an item is active on its route and below it, not on a longer sibling', () => {
    expect(isNavItemActive('/chats', '/chats')).toBe(true);
    expect(isNavItemActive('/chats/42', '/chats')).toBe(true);
    expect(isNavItemActive('/chatsroom', '/chats')).toBe(false);
    expect(isNavItemActive('/', '/chats')).toBe(false);
  });
});

describe('navigation entries (docs/product/shell.md#navigation)', () => {
  it('group Chats, Search and Workflows under work and Connections, Uploads under sources, all but Chats requiring sign-in', () => {
    expect(
      navGroups.map((group) => [
        group.name,
        group.items.map((item) => [item.to, item.label, item.requiresAuth ?? false]),
      ]),
    ).toEqual([
      [
        'work',
        [
          ['/chats', 'Chats', false],
          ['/search', 'Search', true],
          ['/workflows', 'Workflows', true],
        ],
      ],
      [
        'sources',
        [
          ['/connections', 'Connections', true],
          ['/uploads', 'Uploads', true],
        ],
      ],
    ]);
  });
});
