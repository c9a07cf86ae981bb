import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUpUser, signUpVerifiedUser } from '../support/accounts';
import { launchBrowser, withPage } from '../support/browser';
import { baseUrl, mailUrl } from '../support/context';
import { axeBuilder, axeViolationsInBothThemes } from '../support/axe';
import { sidewaysOverflow } from '../support/layout';

let browser: Browser;
let account: SignedUpUser;

beforeAll(async () => {
  browser = await launchBrowser();
  account = await signUpVerifiedUser(baseUrl(), mailUrl());
});

afterAll(async () => {
  await browser?.close();
});

/**
 * Serious and critical axe violations in the shell's own markup, in both themes on one load (every rule in
 * light, the colour rules in dark). Remote pages are excluded: each remote is checked by its own owners' specs,
 * and a remote's findings are not the shell's to fix.
 */
function shellViolations(page: Page): Promise<string[]> {
  return axeViolationsInBothThemes(page, (on) =>
    axeBuilder(on).exclude('[data-testid^="remote-"]').exclude('[data-island]'),
  );
}

type Setup = (page: Page) => Promise<void>;
/** A page is ready when its remote's mount, an island (a selector) or its heading is there. */
const readyOn = (page: Page, ready: string) =>
  ready.startsWith('remote-')
    ? page.getByTestId(ready).waitFor()
    : ready.startsWith('[')
      ? page.locator(ready).waitFor()
      : page.getByRole('heading', { name: ready }).waitFor();
const openAccountMenu: Setup = async (page) => {
  await page.getByRole('button', { name: 'Account menu' }).first().click();
  await page.getByRole('region', { name: 'Account' }).waitFor();
};
const openDrawer: Setup = async (page) => {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).waitFor();
};

const pages: Array<[name: string, path: string, signedIn: boolean, ready: string, setup?: Setup]> = [
  ['landing', '/', false, 'remote-marketing'],
  // The sign-in card runs as an island of the drawn page (docs/decisions/222): ready once it is live.
  ['login', '/auth/login', false, '[data-island="auth/form"][data-island-live]'],
  ['contact (security)', '/contact?topic=security', false, 'Talk to our security team'],
  [
    'contact (pricing) with the account menu open',
    '/contact?topic=pricing',
    false,
    'Talk to sales',
    openAccountMenu,
  ],
  ['not found', '/nope', false, 'Page not found'],
  ['playground without a template', '/playground', false, 'Playground'],
  ['playground preview', '/playground?tpl=invoice-finder', false, 'Invoice finder + chat delivery'],
  ['playground, unknown template', '/playground?tpl=nope', false, 'Template not found'],
  ['chats', '/chats', true, 'Chats'],
  ['uploads with the account menu open', '/uploads', true, 'Uploads', openAccountMenu],
  ['connections', '/connections', true, 'remote-connectors'],
  ['workflows', '/workflows', true, 'Start from a playbook'],
  ['workflow editor from a playbook', '/playground?tpl=invoice-finder', true, 'New workflow'],
  ['profile', '/profile', true, 'remote-profile'],
  ['integrations', '/integrations', true, 'remote-connectors'],
];

describe('on a phone, no page scrolls sideways', () => {
  // The width does not depend on the theme; a remote's page counts too (a person scrolls the whole page).
  it.each(pages)('%s', async (_name, path, signedIn, ready, setup) => {
    const cookies = signedIn ? account.cookies : undefined;
    await withPage(browser, { viewport: { width: 390, height: 844 }, cookies }, async ({ page }) => {
      await page.goto(path);
      // The landing page starts the app, the sign-in page its card, on the first input (docs/decisions/190,
      // 245): a key that presses nothing.
      if (path === '/' || path === '/auth/login') await page.keyboard.press('Shift');
      await readyOn(page, ready);
      await setup?.(page);
      expect(await sidewaysOverflow(page)).toBe(0);
    });
  });
});

describe('accessibility: no serious or critical axe violations on shell pages, light and dark', () => {
  it.each(pages)('%s', async (_name, path, signedIn, ready, setup) => {
    const cookies = signedIn ? account.cookies : undefined;
    await withPage(browser, { theme: 'light', cookies }, async ({ page }) => {
      await page.goto(path);
      // The landing page starts the app, the sign-in page its card, on the first input (docs/decisions/190,
      // 245): a key that presses nothing.
      if (path === '/' || path === '/auth/login') await page.keyboard.press('Shift');
      await readyOn(page, ready);
      await setup?.(page);
      expect(await shellViolations(page)).toEqual([]);
    });
  });

  it('the mobile drawer', async () => {
    const phone = { width: 390, height: 844 };
    await withPage(
      browser,
      { viewport: phone, theme: 'light', cookies: account.cookies },
      async ({ page }) => {
        await page.goto('/chats');
        await page.getByRole('heading', { name: 'Chats' }).waitFor();
        await openDrawer(page);
        expect(await shellViolations(page)).toEqual([]);
      },
    );
  });
});
