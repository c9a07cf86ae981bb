/** Where a signed-in user goes when nothing asked for another place (docs/product/shell.md#routes, docs/product/accounts.md#after-sign-in). */
export const DEFAULT_SIGNED_IN_PATH = '/chats';

/** The router state the protected-route guard sends a guest to /auth/login with (docs/product/shell.md#guards). */
export interface ReturnState {
  from: string;
}

/** The original path, search and hash, kept whole so `/playground?tpl=x#top` comes back intact. */
export function returnStateFor(location: { pathname: string; search?: string; hash?: string }): ReturnState {
  return { from: `${location.pathname}${location.search ?? ''}${location.hash ?? ''}` };
}

/**
 * A same-origin path only (docs/product/accounts.md#after-sign-in: honour `next` when it is a same-origin path): it starts with one
 * slash, and is not `//host` or `/\host`, which browsers treat as another origin. The auth pages
 * themselves are refused, or a signed-in user would bounce between them and the guard.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/')) return null;
  if (value.startsWith('//') || value.startsWith('/\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused.
  if (/[\u0000-\u001f]/.test(value)) return null;
  if (value === '/auth' || value.startsWith('/auth/') || value.startsWith('/auth?')) return null;
  return value;
}

/**
 * Where a user goes once signed in: the path the guard kept in router state, else a `?next=` from a
 * landing-page link (docs/product/public-pages.md#landing-links), else /chats.
 */
export function returnPathAfterLogin(state: unknown, search: string): string {
  const from = typeof state === 'object' && state !== null ? (state as { from?: unknown }).from : undefined;
  return (
    safeReturnPath(from) ?? safeReturnPath(new URLSearchParams(search).get('next')) ?? DEFAULT_SIGNED_IN_PATH
  );
}
