import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, withPage } from '../support/browser';
import { baseUrl } from '../support/context';
import { stubSignedIn } from '../support/session';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the shell mounts each remote on its route', () => {
  it('/ renders the marketing remote inside the shell', async () => {
    await withPage(browser, async ({ page, consoleErrors }) => {
      await page.goto('/');
      // The landing page starts the app on the first input (docs/decisions/190).
      await page.keyboard.press('Shift');
      const remote = page.getByTestId('remote-marketing');
      await remote.getByRole('heading', { name: /Find anything\. Send anywhere\./ }).waitFor();
      // The shell's chrome is there around it, with the name from the runtime config.
      await expect(page.getByRole('banner').getByText('Trove').first().isVisible()).resolves.toBe(true);
      // The hero's, the first of the page's Get Started links (pricing's are in the served HTML too, ADR 055).
      expect(
        await remote
          .getByRole('link', { name: /get started/i })
          .first()
          .getAttribute('href'),
      ).toBe('/auth/register');
      expect(consoleErrors, consoleErrors.join('\n')).toEqual([]);
    });
  });

  it.each([
    ['/auth/login', 'auth'],
    ['/auth/register', 'auth'],
    ['/profile', 'profile'],
    ['/connections', 'connectors'],
    ['/chats', 'chat'],
  ])('%s renders the %s remote', async (path, remoteName) => {
    await withPage(browser, async ({ page, context, consoleErrors }) => {
      // Profile, Connections and Chats are signed-in pages (docs/product/shell.md#guards); the auth pages are for guests.
      if (!path.startsWith('/auth')) await stubSignedIn(context, baseUrl());
      await page.goto(path);
      // The drawn sign-in pages run their card as an island; the app, and its mount, start when a control
      // outside it needs them (docs/decisions/222): the account menu.
      if (path.startsWith('/auth')) await page.getByRole('button', { name: 'Account menu' }).first().click();
      const remote = page.getByTestId(`remote-${remoteName}`);
      await remote.waitFor();
      await remote.getByTestId('remote-version').waitFor();
      expect(await page.getByTestId(`remote-error-${remoteName}`).count()).toBe(0);
      expect(consoleErrors, consoleErrors.join('\n')).toEqual([]);
    });
  });

  it('/auth redirects to /auth/login', async () => {
    await withPage(browser, async ({ page }) => {
      await page.goto('/auth');
      await page.waitForURL('**/auth/login');
      await page.getByTestId('remote-auth').waitFor();
    });
  });

  it('the auth remote checks the email with the shared contract rule', async () => {
    await withPage(browser, async ({ page }) => {
      await page.goto('/auth/login');
      // The card runs as an island of the drawn page (docs/decisions/222): the same remote's code.
      const remote = page.locator('[data-island="auth/form"][data-island-live]');
      // It starts on the first input (docs/decisions/245): a key that presses nothing.
      await page.keyboard.press('Shift');
      await remote.waitFor();
      await remote.getByLabel('Email').fill('not-an-email');
      await remote.getByRole('button', { name: 'Continue' }).click();
      // The field's message (first) and the flash say it.
      await remote.getByText('Please enter a valid email address.').first().waitFor();
    });
  });

  it('an unknown path shows the not-found page with its two links', async () => {
    await withPage(browser, async ({ page }) => {
      // A 404 for crawlers and tools, with the prerendered page for people (docs/decisions/055).
      const response = await page.goto('/no/such/page');
      expect(response?.status()).toBe(404);
      await page.getByText('Page not found').waitFor();
      expect(await page.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
      expect(await page.getByRole('link', { name: 'Open Chats' }).getAttribute('href')).toBe('/chats');
    });
  });
});
