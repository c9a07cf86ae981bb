import { randomInt } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { type SignedUpUser, sessionHeaders } from './accounts';
import { type PageOptions, type WatchedPage, withPage } from './browser';

/** A valid Indian mobile number no other test uses: +91 9xxxxxxxxx. */
export function uniqueIndianMobile(): string {
  return `+919${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
}

/**
 * Runs `use` on the profile page of `account`, signed in, in the light theme unless `options` say
 * otherwise, once it has loaded (the tabs are there); the context is closed afterwards (`withPage`).
 */
export function withProfile<T>(
  browser: Browser,
  account: SignedUpUser,
  use: (watched: WatchedPage) => Promise<T>,
): Promise<T>;
export function withProfile<T>(
  browser: Browser,
  account: SignedUpUser,
  options: PageOptions,
  use: (watched: WatchedPage) => Promise<T>,
): Promise<T>;
export function withProfile<T>(
  browser: Browser,
  account: SignedUpUser,
  ...args: [(watched: WatchedPage) => Promise<T>] | [PageOptions, (watched: WatchedPage) => Promise<T>]
): Promise<T> {
  const [options, use] = args.length === 1 ? [{}, args[0]] : args;
  return withPage(browser, { theme: 'light', ...options, cookies: account.cookies }, async (watched) => {
    await watched.page.goto('/profile');
    await watched.page.getByRole('tab', { name: 'Overview' }).waitFor();
    return use(watched);
  });
}

/** PUT /api/v1/profile for `account` straight through nginx (for the data a test starts from). */
export async function putProfile(baseUrl: string, account: SignedUpUser, body: unknown): Promise<Response> {
  return fetch(`${baseUrl}/api/v1/profile`, {
    method: 'PUT',
    headers: { ...sessionHeaders(account.cookies), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** The visible panel's Save (or another submit) button: hidden panels are out of the accessibility tree. */
export function submitButton(page: Page, name = 'Save') {
  return page.getByRole('tabpanel').getByRole('button', { name, exact: true });
}

export function statusLine(page: Page) {
  return page.getByTestId('profile-status');
}

/** Opens a tab by its name and waits for its panel. */
export async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).click();
  await page.getByRole('tabpanel').waitFor();
}

/** The error message tied to a field through aria-describedby, or null when the field has none. */
export async function fieldError(page: Page, label: string): Promise<string | null> {
  const field = page.getByLabel(label, { exact: true });
  if ((await field.getAttribute('aria-invalid')) !== 'true') return null;
  const ids = ((await field.getAttribute('aria-describedby')) ?? '')
    .split(/\s+/)
    .filter((id) => id.endsWith('-error'));
  if (ids.length === 0) return null;
  return page.locator(`[id="${ids[0]}"]`).textContent();
}
