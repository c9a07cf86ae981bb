import { ProfileSchema } from '@trove/contracts';
import type { BrowserContext } from 'playwright-core';

export interface StubUser {
  id: string;
  name?: string | null;
  email?: string | null;
  phone?: string | null;
}

export const STUB_USER: StubUser = { id: 'stub-user', name: 'Ada Lovelace', email: 'ada@example.com' };

/**
 * A signed-in browser for specs about something other than accounts (loading remotes, the chrome): the
 * shell's session check is answered in the browser with `user`, and the CSRF cookie that tells the
 * shell a session may exist is set. Specs about signing in use real accounts (support/accounts.ts).
 */
export async function stubSignedIn(context: BrowserContext, baseURL: string, user: StubUser = STUB_USER) {
  await context.addCookies([{ name: 'csrf_access_token', value: 'stub', url: baseURL }]);
  await context.route('**/api/v1/auth/me', (route) => route.fulfill({ json: { user } }));
  await context.route('**/api/v1/auth/logout', (route) => route.fulfill({ json: { ok: true } }));
  // The profile page loads the profile on mount; a stub session has none on the server (a 401 there
  // would be a console error in specs that assert none).
  await context.route('**/api/v1/profile/me', (route) =>
    route.fulfill({
      json: { user: { name: null, email: '', phone: null, ...user }, profile: EMPTY_PROFILE },
    }),
  );
  // Likewise the Chats page lists the user's chats on mount (issue 11), and Connections the user's sources and
  // destinations (issues 21 and 22).
  await context.route('**/api/v1/chats', (route) => route.fulfill({ json: { chats: [] } }));
  await context.route('**/api/v1/sources', (route) => route.fulfill({ json: { sources: [] } }));
  await context.route('**/api/v1/destinations', (route) => route.fulfill({ json: { destinations: [] } }));
}

// Every field of the profile answer, empty (contracts' schema, so a new field needs no edit here).
const EMPTY_PROFILE = {
  ...Object.fromEntries(ProfileSchema.keyof().options.map((field) => [field, null])),
  two_factor_enabled: false,
  complete: false,
};
