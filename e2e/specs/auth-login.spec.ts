import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  E2E_PASSWORD,
  readLatestCode,
  type SignedUpUser,
  signUpVerifiedUser,
  markInbox,
} from '../support/accounts';
import {
  completeProfile,
  enableTwoStep,
  fillProfileStep,
  identify,
  landedOn,
  logIn,
  registerUnverified,
  typeCode,
  uniqueEmail,
  waitForFlash,
} from '../support/auth-flow';
import { launchBrowser, withPage } from '../support/browser';
import { baseUrl, mailUrl } from '../support/context';

// docs/product/accounts.md#steps, docs/product/accounts.md#forgot-password signing in through nginx against the real services: every login branch, forgot
// password, the remembered email, and where the user lands.

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A verified account whose profile is complete, so login goes straight in. */
async function completeUser(): Promise<SignedUpUser> {
  const account = await signUpVerifiedUser(baseUrl(), mailUrl());
  await completeProfile(baseUrl(), account.cookies);
  return account;
}

describe('login (docs/product/accounts.md#login)', () => {
  it('a complete user: "Welcome back!" and /chats', async () => {
    const account = await completeUser();
    await withPage(browser, async ({ page, consoleErrors }) => {
      await page.goto('/auth/login');
      await identify(page, account.email);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByText('Password is required').waitFor();
      // The Show/Hide toggle reveals what was typed.
      await page.getByLabel('Password', { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: 'Show password' }).click();
      expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
      await page.getByRole('button', { name: 'Hide password' }).click();
      expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('password');
      await page.getByRole('button', { name: 'Log in' }).click();
      await waitForFlash(page, 'Incorrect credentials');
      await logIn(page, account.password);
      await waitForFlash(page, 'Welcome back!');
      await landedOn(page, '/chats');
      await page.getByRole('heading', { name: 'Chats' }).waitFor();
      // The wrong password's 401s (the login, then the login-code request docs/product/accounts.md#second-factor makes for a 401) are
      // the browser logging failed requests; nothing else may fail.
      expect(consoleErrors.filter((line) => !line.includes('status of 401'))).toEqual([]);
    });
  });

  it('an unverified user: the verify-your-email dialog, the mailed code, the profile step, then in', async () => {
    const email = uniqueEmail('unverified');
    const since = new Date();
    await registerUnverified(baseUrl(), email);
    await withPage(browser, async ({ page }) => {
      await page.goto('/auth/login');
      await identify(page, email);
      await logIn(page, E2E_PASSWORD);
      const dialog = page.getByRole('dialog', { name: 'Verify your email' });
      await dialog.waitFor();
      const local = email.split('@')[0] ?? '';
      const text = (await dialog.textContent()) ?? '';
      expect(text).toContain(`${local[0]}•••${local.at(-1)}@example.com`);
      // The sign-up code went out moments ago, so the server's retry_after sets the wait (docs/product/accounts.md#code-timing).
      expect(text).toMatch(/You can ask for a new code in \d+s\./);
      await dialog.getByRole('button', { name: 'Verify now' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: /^Resend in \d+s$/ }).waitFor();
      await typeCode(page, await readLatestCode(mailUrl(), email, { since }));
      await page.getByRole('button', { name: 'Verify' }).click();
      // An existing user with an incomplete profile goes to the profile step first (docs/product/accounts.md#profile-check).
      await fillProfileStep(page);
      await waitForFlash(page, "Profile saved. You're in!");
      await landedOn(page, '/chats');
    });
  });

  it('the verify-your-email dialog\'s "Use different email" goes back to identify, email cleared', async () => {
    const email = uniqueEmail('unverified-other');
    await registerUnverified(baseUrl(), email);
    await withPage(browser, async ({ page }) => {
      await page.goto('/auth/login');
      await identify(page, email);
      await logIn(page, E2E_PASSWORD);
      const dialog = page.getByRole('dialog', { name: 'Verify your email' });
      await dialog.getByRole('button', { name: 'Use different email' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('heading', { name: 'Sign in or sign up' }).waitFor();
      expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe('');
    });
  });

  it('2-step login: the password, then the mailed login code, then in', async () => {
    const account = await completeUser();
    await enableTwoStep(baseUrl(), account.cookies);
    await withPage(browser, async ({ page }) => {
      await page.goto('/auth/login');
      await identify(page, account.email);
      const since = await markInbox(mailUrl(), account.email);
      await logIn(page, account.password);
      await page.getByText('Your account uses 2-step sign-in.', { exact: false }).waitFor();
      await typeCode(page, await readLatestCode(mailUrl(), account.email, { since }));
      await page.getByRole('button', { name: 'Verify' }).click();
      await waitForFlash(page, "You're in!");
      await landedOn(page, '/chats');
    });
  });

  it('forgot password: the mailed code, a new password, then in with it', async () => {
    const account = await completeUser();
    const newPassword = 'Brand-new-Passw0rd!';
    await withPage(browser, async ({ page }) => {
      await page.goto('/auth/login');
      await identify(page, account.email);
      const since = await markInbox(mailUrl(), account.email);
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await waitForFlash(page, 'We sent a code to your email to reset your password.');
      await page.getByText('To reset your password, enter', { exact: false }).waitFor();
      await typeCode(page, await readLatestCode(mailUrl(), account.email, { since }));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
      await page.getByLabel('New password', { exact: true }).fill('short');
      await page.getByRole('button', { name: 'Update password' }).click();
      await page.getByText('New password must be at least 8 characters.').waitFor();
      await page.getByLabel('New password', { exact: true }).fill(newPassword);
      await page.getByRole('button', { name: 'Update password' }).click();
      await page.getByText('Confirm your new password').waitFor();
      await page.getByLabel('Confirm new password', { exact: true }).fill(`${newPassword}x`);
      await page.getByRole('button', { name: 'Update password' }).click();
      await page.getByText('Passwords do not match.').waitFor();
      await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
      await page.getByRole('button', { name: 'Update password' }).click();
      await waitForFlash(page, "Password updated. You're in!");
      await landedOn(page, '/chats');
      const login = await fetch(`${baseUrl()}/api/v1/auth/password/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: account.email, password: newPassword }),
      });
      expect(login.status).toBe(200);
    });
  });

  it('"Remember me" starts the next visit at login with the email; "Change" clears it', async () => {
    const account = await completeUser();
    await withPage(browser, async ({ page, context }) => {
      await page.goto('/auth/login');
      await identify(page, account.email);
      await page.getByRole('checkbox', { name: 'Remember me' }).check();
      await logIn(page, account.password);
      await landedOn(page, '/chats');
      expect(
        await page.evaluate(() => [
          localStorage.getItem('rememberEmail'),
          localStorage.getItem('rememberedEmail'),
        ]),
      ).toEqual(['1', account.email]);
      // Signed out (the cookies gone), the next visit starts at login with the remembered email.
      await context.clearCookies();
      await page.goto('/auth/login');
      await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
      await page.getByText(account.email, { exact: true }).waitFor();
      expect(await page.getByRole('checkbox', { name: 'Remember me' }).isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Change' }).click();
      await page.getByRole('heading', { name: 'Sign in or sign up' }).waitFor();
      expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe('');
    });
  });

  it('a guest sent to login from /profile comes back to /profile', async () => {
    const account = await completeUser();
    await withPage(browser, async ({ page }) => {
      await page.goto('/profile');
      await landedOn(page, '/auth/login');
      await identify(page, account.email);
      await logIn(page, account.password);
      await waitForFlash(page, 'Welcome back!');
      await landedOn(page, '/profile');
    });
  });

  it('a same-origin next is honoured; another origin is not', async () => {
    const account = await completeUser();
    await withPage(browser, async ({ page, context }) => {
      await page.goto('/auth/login?next=/integrations');
      await identify(page, account.email);
      await logIn(page, account.password);
      await landedOn(page, '/integrations');
      await context.clearCookies();
      await page.goto('/auth/login?next=//evil.example/x');
      await identify(page, account.email);
      await logIn(page, account.password);
      await landedOn(page, '/chats');
    });
  });
});
