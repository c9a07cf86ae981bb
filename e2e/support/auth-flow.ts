import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { type BrowserCookie, cookieHeader, E2E_PASSWORD } from './accounts';

// Helpers for the auth flow specs (e2e/specs/auth-*.spec.ts): accounts in a given state through the
// real API, and the few page moves every spec repeats.

export function uniqueEmail(label: string): string {
  return `e2e-${label}-${randomBytes(5).toString('hex')}@example.com`;
}

async function send(url: string, method: string, body: unknown, cookies: readonly BrowserCookie[] = []) {
  const csrf = cookies.find((cookie) => cookie.name === 'csrf_access_token')?.value;
  const response = await fetch(url, {
    method,
    headers: {
      'Content-Type': 'application/json',
      ...(cookies.length > 0 ? { Cookie: cookieHeader(cookies) } : {}),
      ...(csrf ? { 'X-CSRF-TOKEN': csrf } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** Registered and never verified: login answers 403 for it. */
export async function registerUnverified(baseUrl: string, email: string, password = E2E_PASSWORD) {
  await send(`${baseUrl}/api/v1/auth/password/register`, 'POST', { email, password });
}

/** docs/product/accounts.md#steps profile step fields saved, so the completeness check passes. */
export async function completeProfile(baseUrl: string, cookies: readonly BrowserCookie[]) {
  await send(
    `${baseUrl}/api/v1/profile`,
    'PUT',
    { first_name: 'Ada', last_name: 'Lovelace', dob: '1990-12-10' },
    cookies,
  );
}

/** The profile page's 2-step switch (docs/product/profile.md#two-step), set through the API. */
export async function enableTwoStep(baseUrl: string, cookies: readonly BrowserCookie[]) {
  await send(`${baseUrl}/api/v1/profile`, 'PUT', { two_factor_enabled: true }, cookies);
}

/** Waits for a toast with exactly this text (docs/product/shell.md#toasts: flashes are the kit's toasts). */
export async function waitForFlash(page: Page, message: string) {
  await page.getByRole('region', { name: 'Notifications' }).getByText(message, { exact: true }).waitFor();
}

/** Types a code digit by digit, as a person would (each box advances focus to the next). */
export async function typeCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);
}

export async function identify(page: Page, email: string) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

export async function logIn(page: Page, password: string) {
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export async function fillProfileStep(
  page: Page,
  values = { first: 'Grace', last: 'Hopper', dob: '1990-12-09' },
) {
  await page.getByRole('heading', { name: 'Finish your profile' }).waitFor();
  await page.getByRole('textbox', { name: 'First name' }).fill(values.first);
  await page.getByRole('textbox', { name: 'Last name' }).fill(values.last);
  await page.getByLabel('Date of birth').fill(values.dob);
  await page.getByRole('button', { name: 'Save and continue' }).click();
}

/** The pathname once the browser has left the auth pages. */
export async function landedOn(page: Page, path: string) {
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
}
