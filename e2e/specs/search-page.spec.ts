import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { testTime } from '@trove/service-core/testing/time';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUpUser, signUpVerifiedUser } from '../support/accounts';
import { axeViolationsInBothThemes, showTheme } from '../support/axe';
import { launchBrowser, openPage, type WatchedPage, withPage } from '../support/browser';
import { baseUrl, mailUrl } from '../support/context';
import { emailFile, markdownFile, pdfFile, uploadAndIndex } from '../support/documents';

// Issue 38 item 2: search is a page of its own — the rail's Search entry, `/` or Ctrl-K — whose query, type and
// page live in the URL, so Back and Forward restore them and a reload keeps them. Desktop and phone, both themes.
// SEARCH_SCREENSHOTS=1 saves the page to .data/screenshots.

const shoot = process.env.SEARCH_SCREENSHOTS === '1';
const out = join(process.cwd(), '.data', 'screenshots');

let browser: Browser;
let account: SignedUpUser;
let watched: WatchedPage;

beforeAll(async () => {
  browser = await launchBrowser();
  account = await signUpVerifiedUser(baseUrl(), mailUrl());
  await uploadAndIndex(
    baseUrl(),
    account.cookies,
    [
      pdfFile('plum-contract.pdf', [['Plum orchard contract with Asha Rao.', 'Payment of $4,500 is due.']]),
      markdownFile(
        'plum-notes.md',
        '# Plum notes\n\nThe plum orchard needs netting before the birds come.\n',
      ),
      emailFile(
        'plum-mail.eml',
        {
          from: 'Asha Rao <asha@orchard.example>',
          to: 'me@example.com',
          subject: 'Plum orchard visit',
          date: 'Tue, 10 Nov 2026 09:30:00 +0000',
        },
        'We walk the plum orchard on Thursday.',
      ),
    ],
    60_000,
  );
  watched = await openPage(browser, { cookies: account.cookies, theme: 'light' });
  if (shoot) mkdirSync(out, { recursive: true });
});

afterAll(async () => {
  await watched?.context.close();
  await browser?.close();
});

const box = (page: Page) => page.getByRole('searchbox', { name: 'Search everything' });
const results = (page: Page) => page.getByTestId('search-result');
const pdfFacet = (page: Page) => page.getByRole('button', { name: /^PDF \d/ });

describe('the Search page (issue 38 item 2)', () => {
  it('the rail has Search; "/" and Ctrl-K open it with the focus in the box', async () => {
    const { page } = watched;
    await page.goto('/uploads');
    await page.getByRole('heading', { level: 1, name: 'Uploads' }).waitFor();
    expect(
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Search' })
        .getAttribute('href'),
    ).toBe('/search');
    await page.keyboard.press('/');
    await page.waitForURL((url) => url.pathname === '/search');
    await expect.poll(() => box(page).evaluate((element) => element === document.activeElement)).toBe(true);
    // Typing "/" in the box is text, not the shortcut.
    await box(page).press('/');
    expect(await box(page).inputValue()).toBe('/');
    await page.goto('/connections');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.keyboard.press('Control+k');
    await page.waitForURL((url) => url.pathname === '/search');
    await box(page).waitFor();
  });

  it('the query and the type go into the URL; Back and Forward restore them; a reload keeps them', async () => {
    const { page } = watched;
    await page.goto('/search');
    await box(page).fill('plum orchard');
    await box(page).press('Enter');
    await page.waitForURL((url) => url.search === '?q=plum+orchard');
    await results(page).first().waitFor();
    expect(await results(page).count()).toBe(3);
    // The type chip writes the operator a person could type (issue 42 item 6).
    await pdfFacet(page).click();
    await page.waitForURL((url) => url.search === '?q=plum+orchard+type%3Apdf');
    expect(await box(page).inputValue()).toBe('plum orchard type:pdf');
    await expect.poll(() => results(page).count()).toBe(1);
    expect(await pdfFacet(page).getAttribute('aria-pressed')).toBe('true');

    await page.goBack();
    await page.waitForURL((url) => url.search === '?q=plum+orchard');
    await expect.poll(() => results(page).count()).toBe(3);
    expect(await pdfFacet(page).getAttribute('aria-pressed')).toBe('false');
    expect(await box(page).inputValue()).toBe('plum orchard');

    await page.goForward();
    await page.waitForURL((url) => url.search === '?q=plum+orchard+type%3Apdf');
    await expect.poll(() => results(page).count()).toBe(1);

    await page.reload();
    await expect.poll(() => results(page).count()).toBe(1);
    expect(await box(page).inputValue()).toBe('plum orchard type:pdf');
    expect(await pdfFacet(page).getAttribute('aria-pressed')).toBe('true');

    // Back to where the search began, then nothing found says so in words that fit mail and databases too.
    await box(page).fill('zzqx nothingatall');
    await box(page).press('Enter');
    await page.getByText('Nothing you uploaded or connected matches “zzqx nothingatall”').waitFor();
    expect(watched.consoleErrors).toEqual([]);
  });

  it('the sender and date chips write from: and after:/before: into the box and the URL (issue 42 item 6)', async () => {
    const { page } = watched;
    await page.goto('/search?q=plum+orchard');
    await expect.poll(() => results(page).count()).toBe(3);
    const sender = page.getByRole('button', { name: /^from Asha Rao 1$/ });
    await sender.click();
    await page.waitForURL((url) => url.search === '?q=plum+orchard+from%3Aasha%40orchard.example');
    expect(await box(page).inputValue()).toBe('plum orchard from:asha@orchard.example');
    await expect.poll(() => results(page).count()).toBe(1);
    expect(await sender.getAttribute('aria-pressed')).toBe('true');

    // The year the mail came writes its first and last day; its months then show.
    await page.getByRole('button', { name: /^2026 1$/ }).click();
    await page.waitForURL(
      (url) =>
        url.searchParams.get('q') ===
        'plum orchard from:asha@orchard.example after:2026-01-01 before:2026-12-31',
    );
    expect(await box(page).inputValue()).toBe(
      'plum orchard from:asha@orchard.example after:2026-01-01 before:2026-12-31',
    );
    await page.getByRole('button', { name: /^Nov 2026 1$/ }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('q')?.endsWith('after:2026-11-01 before:2026-11-30') === true,
    );
    await expect.poll(() => results(page).count()).toBe(1);

    // The sender chip again takes from: out and leaves the month.
    await sender.click();
    await page.waitForURL(
      (url) => url.searchParams.get('q') === 'plum orchard after:2026-11-01 before:2026-11-30',
    );
    expect(await page.getByRole('button', { name: /^Nov 2026 1$/ }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(watched.consoleErrors).toEqual([]);
  });

  it('a fact chip writes amount: into the box and the URL, shows as an active filter, and comes out (docs/decisions/230)', async () => {
    const { page } = watched;
    await page.goto('/search?q=plum+orchard');
    await expect.poll(() => results(page).count()).toBe(3);
    // The contract's "$4,500": its Amount chip writes the operator a person could type, not amount_min.
    const amount = page
      .getByRole('list', { name: 'Found in this passage' })
      .getByRole('button', { name: /^Amount \$4,500$/ })
      .first();
    await amount.click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'plum orchard amount:USD4500');
    expect([...new URL(page.url()).searchParams.keys()]).toEqual(['q']);
    expect(await box(page).inputValue()).toBe('plum orchard amount:USD4500');
    await expect.poll(() => results(page).count()).toBe(1);
    expect(await amount.getAttribute('aria-pressed')).toBe('true');
    const active = page.getByRole('button', { name: 'Remove filter Amount: $4,500' });
    await active.click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'plum orchard');
    await expect.poll(() => results(page).count()).toBe(3);
    expect(await box(page).inputValue()).toBe('plum orchard');
    expect(watched.consoleErrors).toEqual([]);
  });

  it('desktop and phone, light and dark: no axe findings, nothing wider than the window', {
    timeout: testTime(180_000),
  }, async () => {
    const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
    for (const [size, viewport] of Object.entries(sizes)) {
      await withPage(browser, { cookies: account.cookies, theme: 'light', viewport }, async ({ page }) => {
        await page.goto('/search?q=plum+orchard');
        await results(page).first().waitFor();
        await expect.poll(() => results(page).count()).toBe(3);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
          true,
        );
        expect(await axeViolationsInBothThemes(page)).toEqual([]);
        if (shoot)
          for (const theme of ['light', 'dark'] as const) {
            await showTheme(page, theme);
            await page.screenshot({ path: join(out, `search-${size}-${theme}.png`), fullPage: true });
          }
      });
    }
  });
});
