import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUpUser, signUpVerifiedUser } from '../support/accounts';
import { launchBrowser, openPage, type WatchedPage, withPage } from '../support/browser';
import { baseUrl, mailUrl } from '../support/context';

const MOBILE = { width: 390, height: 844 };

let browser: Browser;
let account: SignedUpUser;
const hex = Math.random().toString(16).slice(2, 10);

beforeAll(async () => {
  browser = await launchBrowser();
  // A name-less account whose email local part has separators: the display-name rule shows in the menu.
  account = await signUpVerifiedUser(baseUrl(), mailUrl(), { email: `ada.lovelace_q${hex}@example.com` });
});

afterAll(async () => {
  await browser?.close();
});

const bodyOverflow = (page: Page) => page.evaluate(() => document.body.style.overflow);
const drawer = (page: Page) => page.getByRole('dialog', { name: 'Menu' });

async function openDrawer(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await drawer(page).waitFor();
  expect(await bodyOverflow(page)).toBe('hidden');
}

async function expectDrawerClosed(page: Page) {
  await drawer(page).waitFor({ state: 'detached' });
  expect(await bodyOverflow(page)).toBe('');
}

describe('mobile drawer (docs/product/shell.md#drawer)', () => {
  let watched: WatchedPage;
  beforeAll(async () => {
    watched = await openPage(browser, { viewport: MOBILE, cookies: account.cookies });
    await watched.page.goto('/chats');
    await watched.page.getByRole('heading', { name: 'Chats' }).waitFor();
  });
  afterAll(async () => {
    await watched?.context.close();
  });

  it('is titled Menu, 18rem wide, lists the navigation and locks page scrolling', async () => {
    const { page } = watched;
    await openDrawer(page);
    const width = await drawer(page).evaluate((element) => (element as HTMLElement).offsetWidth);
    const rem = await page.evaluate(() =>
      Number.parseFloat(getComputedStyle(document.documentElement).fontSize),
    );
    expect(width).toBe(18 * rem);
    for (const name of ['Chats', 'Workflows', 'Connections', 'Uploads']) {
      await drawer(page).getByRole('link', { name }).waitFor();
    }
    expect(await drawer(page).getByRole('link', { name: 'Chats' }).getAttribute('aria-current')).toBe('page');
    await page.keyboard.press('Escape');
    await expectDrawerClosed(page);
  });

  it('closes on its close button and gives focus back to the menu button', async () => {
    const { page } = watched;
    await openDrawer(page);
    await drawer(page).getByRole('button', { name: 'Close menu' }).click();
    await expectDrawerClosed(page);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');
  });

  it('closes on Escape', async () => {
    const { page } = watched;
    await openDrawer(page);
    await page.keyboard.press('Escape');
    await expectDrawerClosed(page);
  });

  it('closes on a click outside it', async () => {
    const { page } = watched;
    await openDrawer(page);
    await page.mouse.click(MOBILE.width - 20, MOBILE.height / 2);
    await expectDrawerClosed(page);
  });

  it('closes on a route change', async () => {
    const { page } = watched;
    await openDrawer(page);
    await drawer(page).getByRole('link', { name: 'Uploads' }).click();
    await page.waitForURL('**/uploads');
    await expectDrawerClosed(page);
    await page.getByRole('heading', { name: 'Uploads' }).waitFor();
  });

  it('keeps keyboard focus inside while open', async () => {
    const { page } = watched;
    await openDrawer(page);
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await drawer(page).evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expectDrawerClosed(page);
  });
});

describe('account menu (docs/product/shell.md#account-menu)', () => {
  it('for a guest: "Guest user", a placeholder address, Login and Create account; Escape closes it', async () => {
    await withPage(browser, async ({ page }) => {
      await page.goto('/contact?topic=security');
      const button = page.getByRole('button', { name: 'Account menu' });
      await button.click();
      const menu = page.getByRole('region', { name: 'Account' });
      await menu.getByText('Guest user').waitFor();
      await menu.getByText('guest@example.com').waitFor();
      expect(await menu.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/auth/login');
      expect(await menu.getByRole('link', { name: 'Create account' }).getAttribute('href')).toBe(
        '/auth/register',
      );
      // offsetWidth: the layout width, not the one mid-way through the opening animation's scale.
      const width = await menu.evaluate((element) => (element as HTMLElement).offsetWidth);
      expect(width).toBe(18 * 16);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    });
  });

  it('closes on a click outside it', async () => {
    await withPage(browser, async ({ page }) => {
      await page.goto('/nope');
      await page.getByRole('button', { name: 'Account menu' }).click();
      const menu = page.getByRole('region', { name: 'Account' });
      await menu.waitFor();
      await page.getByRole('heading', { name: 'Page not found' }).click();
      await menu.waitFor({ state: 'detached' });
    });
  });

  it('works from the keyboard alone', async () => {
    await withPage(browser, async ({ page }) => {
      await page.goto('/contact');
      const button = page.getByRole('button', { name: 'Account menu' });
      await button.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('region', { name: 'Account' }).waitFor();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Login');
      await page.keyboard.press('Enter');
      await page.waitForURL('**/auth/login');
    });
  });

  it('for a signed-in user: the name from the email, the email, Profile and Logout, from the rail', async () => {
    await withPage(browser, { cookies: account.cookies }, async ({ page }) => {
      await page.goto('/chats');
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('button', { name: 'Account menu' })
        .click();
      const menu = page.getByRole('region', { name: 'Account' });
      await menu.getByText(`Ada Lovelace Q${hex}`, { exact: true }).waitFor();
      await menu.getByText(account.email, { exact: true }).waitFor();
      expect(await menu.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/profile');
      await menu.getByRole('button', { name: 'Logout' }).waitFor();
    });
  });

  it('opens from the top bar on small screens', async () => {
    await withPage(browser, { viewport: MOBILE, cookies: account.cookies }, async ({ page }) => {
      await page.goto('/uploads');
      await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('region', { name: 'Account' }).getByRole('link', { name: 'Profile' }).click();
      await page.waitForURL('**/profile');
    });
  });
});

describe('logout (docs/product/shell.md#account-menu, docs/product/shell.md#session)', () => {
  it('goes to / as a guest, and the session is over', async () => {
    const fresh = await signUpVerifiedUser(baseUrl(), mailUrl());
    await withPage(browser, async ({ page, context, consoleErrors }) => {
      await context.addCookies(fresh.cookies);
      await page.goto('/uploads');
      await page.getByRole('heading', { name: 'Uploads' }).waitFor();
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('button', { name: 'Account menu' })
        .click();
      await page.getByRole('region', { name: 'Account' }).getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL(`${baseUrl()}/`);
      await page.getByTestId('remote-marketing').waitFor();
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('region', { name: 'Account' }).getByText('Guest user').waitFor();
      await page.goto('/uploads');
      await page.waitForURL('**/auth/login');
      expect(consoleErrors, consoleErrors.join('\n')).toEqual([]);
    });
  });
});

async function themeClass(page: Page) {
  return page.evaluate(() => ({
    dark: document.documentElement.classList.contains('dark'),
    scheme: getComputedStyle(document.documentElement).colorScheme,
  }));
}

describe('theme (docs/product/shell.md#theme)', () => {
  it('the rail toggle switches the dark class and saves it under "theme"', async () => {
    await withPage(browser, { cookies: account.cookies, colorScheme: 'light' }, async ({ page }) => {
      await page.goto('/chats');
      const rail = page.getByRole('navigation', { name: 'Main' });
      await rail.getByRole('button', { name: 'Switch to dark theme' }).click();
      expect((await themeClass(page)).dark).toBe(true);
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
      await rail.getByRole('button', { name: 'Switch to light theme' }).click();
      expect(await themeClass(page)).toEqual({ dark: false, scheme: 'light' });
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    });
  });

  it('persists across a reload with no flash: the class is set before any app code runs', async () => {
    await withPage(browser, { colorScheme: 'light' }, async ({ page, context }) => {
      await page.goto('/contact');
      await page.getByRole('button', { name: 'Switch to dark theme' }).click();
      // A press on the drawn copy is replayed once the app arrives (docs/decisions/056): reload only after it
      // has been saved, or the reload can come first on a busy machine.
      await expect.poll(() => page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
      // Hold back the app's code: what the page shows now is what it shows before the app starts.
      await blockAppCode(context);
      await page.reload();
      expect(await page.locator('#root').innerHTML()).toBe('');
      expect(await themeClass(page)).toEqual({ dark: true, scheme: 'dark' });
      await context.unrouteAll();
      await page.reload();
      await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
      expect((await themeClass(page)).dark).toBe(true);
    });
  });
});

async function blockAppCode(context: BrowserContext) {
  await context.route(/\/assets\/js\/(?!theme-init\.)[^/]+\.js$/, (route) => route.abort());
}

describe('navigation (docs/product/shell.md#navigation)', () => {
  it.each([
    ['/chats', 'Chats'],
    ['/workflows', 'Workflows'],
    ['/connections', 'Connections'],
    ['/uploads', 'Uploads'],
  ])('on %s only %s is marked active in the rail', async (path, active) => {
    await withPage(browser, { cookies: account.cookies }, async ({ page }) => {
      await page.goto(path);
      const rail = page.getByRole('navigation', { name: 'Main' });
      await rail.getByRole('link', { name: active }).waitFor();
      for (const name of ['Chats', 'Workflows', 'Connections', 'Uploads']) {
        const current = await rail.getByRole('link', { name }).getAttribute('aria-current');
        expect(current, name).toBe(name === active ? 'page' : null);
      }
    });
  });

  it('the rail is 64px wide, offsets the content, and shows each label as a tooltip on hover', async () => {
    await withPage(browser, { cookies: account.cookies }, async ({ page }) => {
      await page.goto('/chats');
      const rail = page.getByRole('navigation', { name: 'Main' });
      expect(await rail.evaluate((element) => element.getBoundingClientRect().width)).toBe(64);
      expect(await page.locator('main').evaluate((element) => element.getBoundingClientRect().left)).toBe(64);
      const link = rail.getByRole('link', { name: 'Uploads' });
      await link.hover();
      await expect
        .poll(() => link.evaluate((element) => getComputedStyle(element, '::after').opacity))
        .toBe('1');
      expect(await link.evaluate((element) => getComputedStyle(element, '::after').content)).toBe(
        '"Uploads"',
      );
    });
  });

  it('the top bar shows the short-name badge and the app name from the runtime config', async () => {
    await withPage(browser, { viewport: MOBILE, cookies: account.cookies }, async ({ page }) => {
      await page.goto('/chats');
      const banner = page.getByRole('banner');
      await banner.getByRole('link', { name: 'Trove' }).waitFor();
      expect(await banner.getByText('T', { exact: true }).isVisible()).toBe(true);
      await banner.getByRole('button', { name: 'Open menu' }).waitFor();
      await banner.getByRole('button', { name: 'Account menu' }).waitFor();
    });
  });
});

describe('public header (docs/product/shell.md#top-bar)', () => {
  it('turns translucent once the page is scrolled more than 8px', async () => {
    await withPage(browser, { viewport: { width: 1280, height: 400 } }, async ({ page }) => {
      await page.goto('/contact?topic=pricing');
      const header = page.getByRole('banner');
      await header.waitFor();
      const scrolled = () => header.evaluate((element) => element.hasAttribute('data-scrolled'));
      expect(await scrolled()).toBe(false);
      // Exactly 8px: once the page has had that scroll event and a frame to render what it made of it,
      // the header is still solid.
      await page.evaluate(async () => {
        const handled = new Promise((resolve) => window.addEventListener('scroll', resolve, { once: true }));
        window.scrollTo(0, 8);
        await handled;
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      });
      expect(await scrolled()).toBe(false);
      await page.evaluate(() => window.scrollTo(0, 9));
      await expect.poll(scrolled).toBe(true);
    });
  });
});

describe('not-found page (docs/product/shell.md#not-found)', () => {
  it('says "Page not found"; Go Home goes to / and Open Chats to /chats', async () => {
    await withPage(browser, { cookies: account.cookies }, async ({ page }) => {
      await page.goto('/no/such/page');
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      await page.getByRole('link', { name: 'Go Home' }).click();
      await page.waitForURL(`${baseUrl()}/`);
      await page.goBack();
      await page.getByRole('link', { name: 'Open Chats' }).click();
      await page.waitForURL('**/chats');
      await page.getByRole('heading', { name: 'Chats' }).waitFor();
    });
  });
});
