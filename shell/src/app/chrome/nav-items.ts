import type { ComponentType } from 'react';
import { ChatsIcon, ConnectionsIcon, PlayIcon, SearchIcon, UploadsIcon } from '@trove/kit/icons';

export interface NavItem {
  to: string;
  label: string;
  icon: ComponentType;
  requiresAuth?: boolean;
}

/** docs/product/shell.md#navigation: entries grouped into "work" and "sources". Guards arrive with the session issue. */
export const navGroups: readonly { name: 'work' | 'sources'; items: readonly NavItem[] }[] = [
  {
    name: 'work',
    items: [
      { to: '/chats', label: 'Chats', icon: ChatsIcon },
      // Issue 38 item 2: search everything the user has, as a page of its own (`/` or Ctrl-K opens it).
      { to: '/search', label: 'Search', icon: SearchIcon, requiresAuth: true },
      // Issue 40: saved questions that run on a schedule.
      { to: '/workflows', label: 'Workflows', icon: PlayIcon, requiresAuth: true },
    ],
  },
  {
    name: 'sources',
    items: [
      { to: '/connections', label: 'Connections', icon: ConnectionsIcon, requiresAuth: true },
      { to: '/uploads', label: 'Uploads', icon: UploadsIcon, requiresAuth: true },
    ],
  },
];

/** docs/product/shell.md#navigation: active when the path equals the route or starts with the route followed by a slash. */
export function isNavItemActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}
