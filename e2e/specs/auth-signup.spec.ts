import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_PASSWORD, readLatestCode, signUpVerifiedUser } from '../support/accounts';
import {
  fillProfileStep,
  identify,
  landedOn,
  registerUnverified,
  typeCode,
  uniqueEmail,
  waitForFlash,
} from '../support/auth-flow';
import { launchBrowser, withPage } from '../support/browser';
import { baseUrl, mailUrl } from '../support/context';

// docs/product/accounts.md#steps, docs/product/accounts.md#register sign-up through nginx, against the real auth and profile services, with the codes
// read from the mail catcher.

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Identifies with an unknown email on /auth/register; resolves to the "Create your account" dialog. */
async function startSignUp(page: Page, email: string): Promise<Locator> {
  await page.goto('/auth/register');
  await identify(page, email);
  const dialog = page.getByRole('dialog', { name: 'Create your account' });
  await dialog.waitFor();
  return dialog;
}

describe('sign-up (docs/product/accounts.md#steps, docs/product/accounts.md#register)', () => {
  it('identify → "Create your account" → password → mailed code → profile → /chats', async () => {
    const email = uniqueEmail('signup');
    await withPage(browser, async ({ page, consoleErrors }) => {
      const dialog = await startSignUp(page, `  ${email.toUpperCase()} `);
      // docs/product/accounts.md#masked-email: the masked email — first and last character of the local part, dots between, the domain.
      const local = email.split('@')[0] ?? '';
      expect(await dialog.textContent()).toContain(
        `No account found for ${local[0]}•••${local.at(-1)}@example.com`,
      );
      await dialog.getByRole('button', { name: 'Sign up & continue' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByText('Password is required').first().waitFor();
      const since = new Date();
      await page.getByLabel('Create a password', { exact: true }).fill(E2E_PASSWORD);
      expect(await page.getByText('Strength: Strong (100%)').count()).toBe(1);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('heading', { name: 'Check your email' }).waitFor();
      const code = await readLatestCode(mailUrl(), email, { since });
      await typeCode(page, code);
      await page.getByRole('button', { name: 'Verify' }).click();
      // docs/product/accounts.md#profile-saved: a verified new registration always goes to the profile step.
      await page.getByRole('heading', { name: 'Finish your profile' }).waitFor();
      // docs/product/accounts.md#profile-step-rules: the first-name placeholder comes from the email's local part.
      expect(await page.getByRole('textbox', { name: 'First name' }).getAttribute('placeholder')).toBe('E2e');
      // docs/product/accounts.md#steps: the picker runs from 1900 to today (a day either side only if midnight passed meanwhile).
      const dob = page.getByLabel('Date of birth');
      expect(await dob.getAttribute('min')).toBe('1900-01-01');
      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      expect([day(-1), day(0), day(1)]).toContain(await dob.getAttribute('max'));
      await page.getByRole('button', { name: 'Save and continue' }).click();
      await waitForFlash(page, 'Please enter your first and last name.');
      await page.getByRole('textbox', { name: 'First name' }).fill('Grace');
      await page.getByRole('textbox', { name: 'Last name' }).fill('Hopper');
      await page.getByLabel('Date of birth').fill('2020-01-01');
      await page.getByRole('button', { name: 'Save and continue' }).click();
      await waitForFlash(page, 'You must be at least 13 years old.');
      await fillProfileStep(page);
      await waitForFlash(page, "Profile saved. You're in!");
      await landedOn(page, '/chats');
      await page.getByRole('heading', { name: 'Chats' }).waitFor();
      const me = await page.evaluate(async () => (await fetch('/api/v1/profile/me')).json());
      expect(me.profile).toMatchObject({
        first_name: 'Grace',
        last_name: 'Hopper',
        dob: '1990-12-09',
        complete: true,
      });
      expect(consoleErrors, consoleErrors.join('\n')).toEqual([]);
    });
  });

  it('"Use a different email" goes back to identify with the email cleared; a backdrop click does not close', async () => {
    await withPage(browser, async ({ page }) => {
      const dialog = await startSignUp(page, uniqueEmail('different'));
      await page.getByTestId('popup-backdrop').click({ position: { x: 4, y: 4 } });
      await page.keyboard.press('Escape');
      expect(await page.getByTestId('popup-layer').getAttribute('data-closing')).toBeNull();
      expect(await dialog.isVisible()).toBe(true);
      await dialog.getByRole('button', { name: 'Use a different email' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('heading', { name: 'Sign in or sign up' }).waitFor();
      expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe('');
    });
  });

  it('keyboard only: email, the dialog, password, code, profile, in', async () => {
    const email = uniqueEmail('keyboard');
    await withPage(browser, async ({ page }) => {
      await page.goto('/auth/login');
      await page.getByRole('heading', { name: 'Sign in or sign up' }).waitFor();
      // The email field has focus from the start.
      await page.keyboard.type(email);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Create your account' });
      await dialog.waitFor();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Sign up & continue');
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      await page.waitForFunction(
        () => document.activeElement?.getAttribute('autocomplete') === 'new-password',
      );
      const since = new Date();
      await page.keyboard.type(E2E_PASSWORD);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Check your email' }).waitFor();
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Digit 1 of 6');
      await page.keyboard.type(await readLatestCode(mailUrl(), email, { since }));
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Finish your profile' }).waitFor();
      await page.waitForFunction(() => document.activeElement?.getAttribute('autocomplete') === 'given-name');
      await page.keyboard.type('Alan');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Turing');
      await page.keyboard.press('Tab');
      // Chromium's date field takes the digits of its own order; filling sets the ISO value directly.
      await page.getByLabel('Date of birth').fill('1990-06-23');
      await page.keyboard.press('Enter');
      await waitForFlash(page, "Profile saved. You're in!");
      await landedOn(page, '/chats');
    });
  });

  it('identify: "Email is required", and an invalid email as a field message and a flash', async () => {
    await withPage(browser, async ({ page }) => {
      await page.goto('/auth/login');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByText('Email is required').waitFor();
      await identify(page, 'not-an-email@x');
      await waitForFlash(page, 'Please enter a valid email address.');
      expect(await page.getByRole('textbox', { name: 'Email' }).getAttribute('aria-invalid')).toBe('true');
    });
  });

  it('a wrong code: "That code is incorrect. Please try again." and "Incorrect code", cleared on change', async () => {
    const email = uniqueEmail('wrong');
    await withPage(browser, async ({ page }) => {
      const dialog = await startSignUp(page, email);
      await dialog.getByRole('button', { name: 'Sign up & continue' }).click();
      const since = new Date();
      await page.getByLabel('Create a password', { exact: true }).fill(E2E_PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('heading', { name: 'Check your email' }).waitFor();
      const code = await readLatestCode(mailUrl(), email, { since });
      const wrong = code === '000000' ? '111111' : '000000';
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByText('Invalid / missing code').waitFor();
      await typeCode(page, '123');
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByText('Enter 6-digit code').waitFor();
      await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
      await page.keyboard.type(wrong);
      await page.getByRole('button', { name: 'Verify' }).click();
      await waitForFlash(page, 'That code is incorrect. Please try again.');
      await page.getByText('Incorrect code', { exact: true }).waitFor();
      await page.getByRole('textbox', { name: 'Digit 6 of 6' }).click();
      await page.keyboard.press('Backspace');
      expect(await page.getByText('Incorrect code', { exact: true }).count()).toBe(0);
      // A paste keeps the first six digits, whatever else the clipboard holds.
      await page.getByRole('textbox', { name: 'Digit 1 of 6' }).focus();
      await page.evaluate(
        (text) => {
          const data = new DataTransfer();
          data.setData('text', text);
          document.activeElement?.dispatchEvent(
            new ClipboardEvent('paste', { clipboardData: data, bubbles: true }),
          );
        },
        `Your code: ${code.slice(0, 3)} ${code.slice(3)} (thanks)`,
      );
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByRole('heading', { name: 'Finish your profile' }).waitFor();
    });
  });

  it('409 on register: "This email is now registered. Please log in." and back to identify', async () => {
    const email = uniqueEmail('taken');
    await withPage(browser, async ({ page }) => {
      const dialog = await startSignUp(page, email);
      await dialog.getByRole('button', { name: 'Sign up & continue' }).click();
      // Someone else signs up with this email while the form is open.
      await registerUnverified(baseUrl(), email);
      await page.getByLabel('Create a password', { exact: true }).fill(E2E_PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      await waitForFlash(page, 'This email is now registered. Please log in.');
      await page.getByRole('heading', { name: 'Sign in or sign up' }).waitFor();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    });
  });

  it('resend: disabled with "Resend in {n}s" from the server\'s wait, counting down to "Resend code"', async () => {
    const email = uniqueEmail('resend');
    await withPage(browser, async ({ page }) => {
      // The page's clock runs the countdown, so the server's 30 s wait (the e2e stack keeps the normal one,
      // docs/decisions/005) is counted down without being waited out. The server keeps real time, so a
      // Resend that mails a new code is proved where the wait is short: auth-expiry.spec.ts.
      await page.clock.install();
      const dialog = await startSignUp(page, email);
      await dialog.getByRole('button', { name: 'Sign up & continue' }).click();
      await page.getByLabel('Create a password', { exact: true }).fill(E2E_PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      const waiting = page.getByRole('button', { name: /^Resend in \d+s$/ });
      const secondsLeft = async () => Number((await waiting.textContent())?.match(/\d+/)?.[0]);
      await waiting.waitFor();
      expect(await waiting.isDisabled()).toBe(true);
      const seconds = await secondsLeft();
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(30);
      // Two seconds on the page's clock take at least one off the count (it is re-read every 500 ms).
      await page.clock.runFor(2_000);
      expect(await waiting.isDisabled()).toBe(true);
      expect(await secondsLeft()).toBeLessThan(seconds);
      // The rest of the server's wait.
      await page.clock.runFor(30_000);
      const resend = page.getByRole('button', { name: 'Resend code' });
      await resend.waitFor();
      expect(await resend.isEnabled()).toBe(true);
    });
  });

  it('an existing account is not offered sign-up: identify goes straight to login', async () => {
    const { email } = await signUpVerifiedUser(baseUrl(), mailUrl());
    await withPage(browser, async ({ page }) => {
      await page.goto('/auth/login');
      await identify(page, email);
      await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
    });
  });
});
