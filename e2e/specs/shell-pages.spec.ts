import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUpUser, signUpVerifiedUser } from '../support/accounts';
import { launchBrowser, withPage } from '../support/browser';
import { baseUrl, mailUrl } from '../support/context';

let browser: Browser;
let account: SignedUpUser;

beforeAll(async () => {
  browser = await launchBrowser();
  account = await signUpVerifiedUser(baseUrl(), mailUrl());
});

afterAll(async () => {
  await browser?.close();
});

describe('the pages the spec leaves unshown are honest pages of ours (docs/product/shell.md#routes)', () => {
  it('/playground?tpl= previews the chosen playbook to a guest, marked preview, with sign-in to run it', async () => {
    await withPage(browser, async ({ page, consoleErrors }) => {
      await page.goto('/playground?tpl=invoice-finder');
      const main = page.getByRole('main');
      await main.getByRole('heading', { level: 1, name: 'Invoice finder + chat delivery' }).waitFor();
      await main.getByText('Preview', { exact: true }).waitFor();
      expect(await main.getByRole('heading', { name: 'What it does' }).isVisible()).toBe(true);
      expect(await main.getByRole('list').first().getByRole('listitem').count()).toBe(3);
      expect(await main.locator('ol > li').count()).toBe(3);
      expect(await main.getByRole('link', { name: 'Sign in to run it' }).getAttribute('href')).toBe(
        '/auth/login',
      );
      expect(consoleErrors, consoleErrors.join('\n')).toEqual([]);
    });
  });

  it('/playground with an unknown template id says so', async () => {
    await withPage(browser, async ({ page }) => {
      await page.goto('/playground?tpl=no-such-template');
      await page.getByRole('heading', { name: 'Template not found' }).waitFor();
      await page.getByText('“no-such-template”', { exact: false }).waitFor();
    });
  });

  it('/integrations shows the connector catalog from the connectors remote', async () => {
    await withPage(browser, async ({ page }) => {
      await page.goto('/integrations');
      await page.getByRole('heading', { level: 1, name: 'Connect the apps your team works in' }).waitFor();
      // The catalog is an island of the drawn page (docs/decisions/222), live without the app once the
      // visitor does something (245): a key that presses nothing.
      await page.keyboard.press('Shift');
      await page
        .locator('[data-island][data-island-live]')
        .getByRole('region', { name: 'Integrations', exact: true })
        .locator('[data-connector]')
        .first()
        .waitFor();
    });
  });

  it.each([
    ['security', 'Talk to our security team', 'security@trove.example'],
    ['pricing', 'Talk to sales', 'sales@trove.example'],
  ])('/contact?topic=%s has a heading for the topic and how to reach us', async (topic, heading, email) => {
    await withPage(browser, async ({ page }) => {
      await page.goto(`/contact?topic=${topic}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await page.getByRole('link', { name: email }).getAttribute('href')).toBe(`mailto:${email}`);
    });
  });

  it('/security.pdf is a real PDF', async () => {
    const response = await fetch(`${baseUrl()}/security.pdf`);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it.each([
    ['/chats', 'Chats', 'Connect a source'],
    ['/uploads', 'Uploads', 'Browse connections'],
  ])('%s shows its name as an empty state with a next step', async (path, title, action) => {
    await withPage(browser, async ({ page, context }) => {
      await context.addCookies(account.cookies);
      await page.goto(path);
      const main = page.getByRole('main');
      await main.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await main.getByRole('link', { name: action }).getAttribute('href')).toBe('/connections');
    });
  });
});
