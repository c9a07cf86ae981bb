import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, signUpVerifiedUser } from '../support/accounts';
import { launchBrowser, withPage } from '../support/browser';
import { baseUrl, mailUrl } from '../support/context';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('accounts through nginx', () => {
  it('a user signed up through the API and the mailed code is signed in on both services', async () => {
    const { email, cookies } = await signUpVerifiedUser(baseUrl(), mailUrl());
    expect(cookies.map((cookie) => cookie.name).sort()).toEqual([
      'access_token_cookie',
      'csrf_access_token',
      'csrf_refresh_token',
      'refresh_token_cookie',
      // Issue 18 item 4: the mark that this browser signed in, which only the login route reads.
      'trove_known_device',
    ]);
    const me = await fetch(`${baseUrl()}/api/v1/auth/me`, { headers: { Cookie: cookieHeader(cookies) } });
    expect(me.status).toBe(200);
    expect((await me.json()).user).toMatchObject({ email });
    // The profile service checks the same session through the auth service's JWKS.
    const profile = await fetch(`${baseUrl()}/api/v1/profile/me`, {
      headers: { Cookie: cookieHeader(cookies) },
    });
    expect(profile.status).toBe(200);
    expect((await profile.json()).user).toMatchObject({ email });
    // docs/product/api.md#profile-calls PUT /api/v1/profile (no trailing slash) reaches the profile service, CSRF header and all.
    const csrf = cookies.find((cookie) => cookie.name === 'csrf_access_token')?.value ?? '';
    const saved = await fetch(`${baseUrl()}/api/v1/profile`, {
      method: 'PUT',
      headers: { Cookie: cookieHeader(cookies), 'Content-Type': 'application/json', 'X-CSRF-TOKEN': csrf },
      body: JSON.stringify({ first_name: 'Ada', last_name: 'Lovelace', dob: '1990-12-10' }),
    });
    expect(saved.status).toBe(200);
    expect((await saved.json()).user).toMatchObject({ name: 'Ada Lovelace' });
  });

  it('the cookies work in the browser: GET /api/v1/auth/me answers the user', async () => {
    const { email, cookies } = await signUpVerifiedUser(baseUrl(), mailUrl());
    await withPage(browser, async ({ page, context }) => {
      await context.addCookies(cookies);
      const response = await page.goto('/api/v1/auth/me');
      expect(response?.status()).toBe(200);
      expect((await response?.json())?.user).toMatchObject({ email });
    });
  });
});
