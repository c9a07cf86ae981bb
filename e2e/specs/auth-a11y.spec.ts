import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_PASSWORD, readLatestCode, signUpVerifiedUser, markInbox } from '../support/accounts';
import {
  completeProfile,
  identify,
  logIn,
  registerUnverified,
  typeCode,
  uniqueEmail,
} from '../support/auth-flow';
import { animationsSettled, axeBuilder } from '../support/axe';
import { launchBrowser, withPage } from '../support/browser';
import { baseUrl, mailUrl } from '../support/context';

// Every step and dialog of the auth flow (docs/product/accounts.md#unknown-email-dialog) is axe clean in both themes, on a desktop and a
// phone. With AUTH_SCREENSHOTS=<dir> each state is also saved as a PNG there, to look at.

const SHOTS = process.env.AUTH_SCREENSHOTS;
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } } as const;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
});

type Size = keyof typeof VIEWPORTS;
type Theme = 'light' | 'dark';

async function violations(page: Page): Promise<string[]> {
  const results = await axeBuilder(page).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/** Checks the page as it is now, and saves a screenshot when asked to. */
async function look(page: Page, state: string, theme: Theme, size: Size, found: string[]) {
  // Let the popup's fade-in and the meter's transition finish, so the picture is the settled state.
  await animationsSettled(page);
  for (const line of await violations(page)) found.push(`${state}: ${line}`);
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `${state}-${size}-${theme}.png`), fullPage: true });
}

const cases = (['light', 'dark'] as const).flatMap((theme) =>
  (['desktop', 'mobile'] as const).map((size) => [theme, size] as const),
);

describe('auth flow accessibility (axe) in both themes', () => {
  it.each(cases)('sign-up: identify, the dialog, register, verify, profile (%s, %s)', async (theme, size) => {
    const email = uniqueEmail('a11y');
    await withPage(browser, { viewport: VIEWPORTS[size], theme }, async ({ page }) => {
      const found: string[] = [];
      await page.goto('/auth/login');
      await page.getByRole('heading', { name: 'Sign in or sign up' }).waitFor();
      await look(page, '1-identify', theme, size, found);
      await identify(page, 'not-an-email@x');
      await page.getByText('Please enter a valid email address.').first().waitFor();
      await look(page, '1-identify-error', theme, size, found);
      await identify(page, email);
      const dialog = page.getByRole('dialog', { name: 'Create your account' });
      await dialog.waitFor();
      await look(page, '2-unknown-email-dialog', theme, size, found);
      await dialog.getByRole('button', { name: 'Sign up & continue' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByLabel('Create a password', { exact: true }).fill('Weak-pass');
      await look(page, '3-register', theme, size, found);
      const since = new Date();
      await page.getByLabel('Create a password', { exact: true }).fill(E2E_PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('heading', { name: 'Check your email' }).waitFor();
      const code = await readLatestCode(mailUrl(), email, { since });
      await typeCode(page, code === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByText('Incorrect code', { exact: true }).waitFor();
      await look(page, '4-verify-error', theme, size, found);
      await typeCode(page, code);
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByRole('heading', { name: 'Finish your profile' }).waitFor();
      await look(page, '5-profile', theme, size, found);
      await page.getByRole('button', { name: 'Save and continue' }).click();
      await page.getByText('First name is required').waitFor();
      await look(page, '5-profile-errors', theme, size, found);
      expect(found).toEqual([]);
    });
  });

  it.each(cases)(
    'sign-in: login, forgot password, reset; the verify-your-email dialog (%s, %s)',
    async (theme, size) => {
      const account = await signUpVerifiedUser(baseUrl(), mailUrl());
      await completeProfile(baseUrl(), account.cookies);
      const unverified = uniqueEmail('a11y-unverified');
      await registerUnverified(baseUrl(), unverified);
      await withPage(browser, { viewport: VIEWPORTS[size], theme }, async ({ page }) => {
        const found: string[] = [];
        await page.goto('/auth/login');
        await identify(page, account.email);
        await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
        await look(page, '6-login', theme, size, found);
        const since = await markInbox(mailUrl(), account.email);
        await page.getByRole('button', { name: 'Forgot password?' }).click();
        await page.getByRole('heading', { name: 'Check your email' }).waitFor();
        await look(page, '7-verify-reset', theme, size, found);
        await typeCode(page, await readLatestCode(mailUrl(), account.email, { since }));
        await page.getByRole('button', { name: 'Verify' }).click();
        await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
        await page.getByLabel('New password', { exact: true }).fill('Another-Passw0rd!');
        await page.getByRole('button', { name: 'Update password' }).click();
        await page.getByText('Confirm your new password').waitFor();
        await look(page, '8-reset', theme, size, found);
        await page.getByRole('button', { name: 'Change' }).click();
        await identify(page, unverified);
        await logIn(page, E2E_PASSWORD);
        await page.getByRole('dialog', { name: 'Verify your email' }).waitFor();
        await look(page, '9-verify-email-dialog', theme, size, found);
        expect(found).toEqual([]);
      });
    },
  );
});
