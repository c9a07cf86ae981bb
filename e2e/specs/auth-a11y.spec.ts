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
import { axeBuilder, COLOUR_RULES, showTheme } from '../support/axe';
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

async function violations(page: Page, theme: 'light' | 'dark'): Promise<string[]> {
  // The themes differ only in colours: dark runs the colour rules again on the same page (ADR 077).
  const builder = theme === 'light' ? axeBuilder(page) : axeBuilder(page).withRules(COLOUR_RULES);
  const results = await builder.analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}, ${theme}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/** Checks the page as it is now in both themes, and saves a screenshot of each when asked to. */
async function look(page: Page, state: string, size: Size, found: string[]) {
  for (const theme of ['light', 'dark'] as const) {
    // Let the popup's fade-in, the meter's and the theme's transitions finish: the settled state is checked.
    await showTheme(page, theme);
    for (const line of await violations(page, theme)) found.push(`${state}: ${line}`);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `${state}-${size}-${theme}.png`), fullPage: true });
  }
  await showTheme(page, 'light');
}

const cases = ['desktop', 'mobile'] as const;

describe('auth flow accessibility (axe) in both themes', () => {
  it.each(cases)('sign-up: identify, the dialog, register, verify, profile (%s)', async (size) => {
    const email = uniqueEmail('a11y');
    await withPage(browser, { viewport: VIEWPORTS[size], theme: 'light' }, async ({ page }) => {
      const found: string[] = [];
      await page.goto('/auth/login');
      await page.getByRole('heading', { name: 'Sign in or sign up' }).waitFor();
      await look(page, '1-identify', size, found);
      await identify(page, 'not-an-email@x');
      await page.getByText('Please enter a valid email address.').first().waitFor();
      await look(page, '1-identify-error', size, found);
      await identify(page, email);
      const dialog = page.getByRole('dialog', { name: 'Create your account' });
      await dialog.waitFor();
      await look(page, '2-unknown-email-dialog', size, found);
      await dialog.getByRole('button', { name: 'Sign up & continue' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByLabel('Create a password', { exact: true }).fill('Weak-pass');
      await look(page, '3-register', size, found);
      const since = new Date();
      await page.getByLabel('Create a password', { exact: true }).fill(E2E_PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('heading', { name: 'Check your email' }).waitFor();
      const code = await readLatestCode(mailUrl(), email, { since });
      await typeCode(page, code === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByText('Incorrect code', { exact: true }).waitFor();
      await look(page, '4-verify-error', size, found);
      await typeCode(page, code);
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByRole('heading', { name: 'Finish your profile' }).waitFor();
      await look(page, '5-profile', size, found);
      await page.getByRole('button', { name: 'Save and continue' }).click();
      await page.getByText('First name is required').waitFor();
      await look(page, '5-profile-errors', size, found);
      expect(found).toEqual([]);
    });
  });

  it.each(cases)(
    'sign-in: login, forgot password, reset; the verify-your-email dialog (%s)',
    async (size) => {
      const account = await signUpVerifiedUser(baseUrl(), mailUrl());
      await completeProfile(baseUrl(), account.cookies);
      const unverified = uniqueEmail('a11y-unverified');
      await registerUnverified(baseUrl(), unverified);
      await withPage(browser, { viewport: VIEWPORTS[size], theme: 'light' }, async ({ page }) => {
        const found: string[] = [];
        await page.goto('/auth/login');
        await identify(page, account.email);
        await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
        await look(page, '6-login', size, found);
        const since = await markInbox(mailUrl(), account.email);
        await page.getByRole('button', { name: 'Forgot password?' }).click();
        await page.getByRole('heading', { name: 'Check your email' }).waitFor();
        await look(page, '7-verify-reset', size, found);
        await typeCode(page, await readLatestCode(mailUrl(), account.email, { since }));
        await page.getByRole('button', { name: 'Verify' }).click();
        await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
        await page.getByLabel('New password', { exact: true }).fill('Another-Passw0rd!');
        await page.getByRole('button', { name: 'Update password' }).click();
        await page.getByText('Confirm your new password').waitFor();
        await look(page, '8-reset', size, found);
        await page.getByRole('button', { name: 'Change' }).click();
        await identify(page, unverified);
        await logIn(page, E2E_PASSWORD);
        await page.getByRole('dialog', { name: 'Verify your email' }).waitFor();
        await look(page, '9-verify-email-dialog', size, found);
        expect(found).toEqual([]);
      });
    },
  );
});
