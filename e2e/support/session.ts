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
}
