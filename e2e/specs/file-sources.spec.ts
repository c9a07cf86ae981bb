import { testTime } from '@trove/service-core/testing/time';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SearchResponse } from '@trove/contracts';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GitServer, startGitServer } from '../../services/sources/src/kinds/git/testing/git-server';
import { type DavServer, startDavServer } from '../../services/sources/src/kinds/webdav/testing/dav-server';
import { type SignedUpUser, sessionHeaders, signUpVerifiedUser } from '../support/accounts';
import { axeViolationsInBothThemes, showTheme } from '../support/axe';
import { launchBrowser, openPage, type WatchedPage, withPage } from '../support/browser';
import { baseUrl, mailUrl } from '../support/context';
import { sidewaysOverflow } from '../support/layout';

// Issue 43 item 5 end to end, nothing stubbed: a real WebDAV share (nginx's dav modules) and real Git hosting
// (git http-backend behind nginx) started for this spec, a real account through nginx, the Connections page's
// forms against the real sources API (Test lists the folders or branches → Connect), the card going to up to
// date, a word found, and a change on the server found after "Sync now". FILE_SOURCES_SCREENSHOTS=1 also saves
// both forms after their test, desktop and phone, light and dark, into .data/screenshots.

let dav: DavServer;
let git: GitServer;
let browser: Browser;
let account: SignedUpUser;
let watched: WatchedPage;

const shoot = process.env.FILE_SOURCES_SCREENSHOTS === '1';
const out = join(process.cwd(), '.data', 'screenshots');
const ann = (date: string) => ({ name: 'Ann Lee', email: 'ann@example.com', date });

beforeAll(async () => {
  [dav, git] = await Promise.all([startDavServer(), startGitServer()]);
  dav.write('Reports/quarterly.md', '# Quarterly report\n\nRevenue grew with the marmalade export.');
  dav.write('Docs/handbook.txt', 'Onboarding with the kayak club.');
  git.commit(
    'app',
    { 'src/net/retry.ts': 'export function retryBackoff(attempt: number) {\n  return 2 ** attempt;\n}\n' },
    'Start the app',
    ann('2026-11-01T10:00:00Z'),
  );
  browser = await launchBrowser();
  account = await signUpVerifiedUser(baseUrl(), mailUrl());
  watched = await openPage(browser, { cookies: account.cookies });
  if (shoot) mkdirSync(out, { recursive: true });
});

afterAll(async () => {
  await watched?.context.close();
  await browser?.close();
  await Promise.all([dav?.stop(), git?.stop()]);
});

async function found(query: string): Promise<string[]> {
  const response = await fetch(`${baseUrl()}/api/v1/search?q=${encodeURIComponent(query)}`, {
    headers: sessionHeaders(account.cookies),
  });
  if (!response.ok) throw new Error(`search answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as SearchResponse).results.map((result) => result.document.name);
}

const dialogOf = (page: Page, name: string): Locator => page.getByRole('dialog', { name });

async function openShareForm(page: Page): Promise<Locator> {
  await page.goto('/connections');
  await page.getByRole('heading', { name: 'Your sources' }).waitFor();
  await page.getByRole('button', { name: 'Add a file share' }).click();
  const dialog = dialogOf(page, 'Add a file share (Nextcloud / WebDAV)');
  await dialog.getByLabel(/WebDAV address/).fill(dav.url);
  await dialog.getByLabel(/User name/).fill(dav.user);
  await dialog.getByLabel('App password', { exact: true }).fill(dav.password);
  await dialog.getByRole('button', { name: 'Test', exact: true }).click();
  await dialog.getByText(/The share answers/).waitFor({ timeout: testTime(20_000) });
  return dialog;
}

async function openRepositoryForm(page: Page): Promise<Locator> {
  await page.goto('/connections');
  await page.getByRole('heading', { name: 'Your sources' }).waitFor();
  await page.getByRole('button', { name: 'Add a repository' }).click();
  const dialog = dialogOf(page, 'Connect a repository by URL');
  await dialog.getByLabel(/Repository address/).fill(git.url('app'));
  await dialog.getByRole('button', { name: 'Test', exact: true }).click();
  await dialog.getByText(/The repository answers/).waitFor({ timeout: testTime(20_000) });
  return dialog;
}

/** Connect, then the card up to date; answers the card. */
async function connect(page: Page, dialog: Locator, name: string): Promise<Locator> {
  await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  const card = page.getByRole('article', { name });
  await card.waitFor();
  await page
    .locator('article[data-source-state="up_to_date"]')
    .filter({ has: page.getByRole('heading', { name }) })
    .waitFor({ timeout: testTime(120_000) });
  return card;
}

/** "Sync now" on the card, then until the word is found. */
async function syncNowAndFind(card: Locator, name: string, query: string, expected: string) {
  await card.getByRole('button', { name: `Sync now ${name}` }).click();
  await expect.poll(() => found(query), { timeout: testTime(120_000), interval: 500 }).toContain(expected);
}

describe('a file share and a Git repository on /connections (issue 43)', () => {
  it('a WebDAV share: Test lists its folders, Connect, a word found, a change found after Sync now', {
    timeout: testTime(240_000),
  }, async () => {
    const { page } = watched;
    const dialog = await openShareForm(page);
    expect(await dialog.getByRole('checkbox', { name: /Reports/ }).count()).toBe(1);
    const name = `Files on ${new URL(dav.url).host}`;
    const card = await connect(page, dialog, name);
    await expect
      .poll(() => found('marmalade'), { timeout: testTime(120_000), interval: 500 })
      .toContain('quarterly.md');
    dav.write('Reports/new.txt', 'A fresh memo on the observatory.');
    await syncNowAndFind(card, name, 'observatory', 'new.txt');
  });

  it('a Git repository: Test lists its branches, Connect, code found by type:code, a new commit after Sync now', {
    timeout: testTime(240_000),
  }, async () => {
    const { page } = watched;
    const dialog = await openRepositoryForm(page);
    expect(await dialog.getByRole('checkbox', { name: /main/ }).isChecked()).toBe(true);
    const card = await connect(page, dialog, 'git/app');
    await expect
      .poll(() => found('type:code retry backoff'), { timeout: testTime(120_000), interval: 500 })
      .toContain('retry.ts');
    git.commit(
      'app',
      { 'src/cache.ts': 'export const lighthouseCache = new Map();\n' },
      'Add the lighthouse cache',
      ann('2026-11-02T10:00:00Z'),
    );
    await syncNowAndFind(card, 'git/app', 'lighthouse', 'cache.ts');
  });

  it('the catalog: GitHub offers "Connect a repository by URL", and a Nextcloud / WebDAV card adds a share', {
    timeout: testTime(120_000),
  }, async () => {
    const { page } = watched;
    await page.goto('/connections');
    // Both take a password or a token, so the default OAuth filter hides them.
    await page.getByRole('checkbox', { name: /OAuth/ }).uncheck();
    const github = page.locator('[data-connector="github"]');
    const webdav = page.locator('[data-connector="webdav"]');
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('repository');
    await github.waitFor();
    expect(await github.textContent()).toContain('Issues and pull requests need the GitHub app');
    if (shoot) await github.screenshot({ path: join(out, 'github-card-desktop-light.png') });
    await github.getByRole('button', { name: 'Connect a repository by URL for GitHub' }).click();
    const dialog = dialogOf(page, 'Connect a repository by URL');
    await dialog.getByLabel(/Repository address/).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('Nextcloud');
    await webdav.waitFor();
    if (shoot) await webdav.screenshot({ path: join(out, 'webdav-card-desktop-light.png') });
    await webdav.getByRole('button', { name: 'Add server for Nextcloud / WebDAV' }).click();
    await dialogOf(page, 'Add a file share (Nextcloud / WebDAV)')
      .getByLabel(/WebDAV address/)
      .waitFor();
  });

  it('both forms, desktop and phone, light and dark, are axe-clean and fit the screen', {
    timeout: testTime(300_000),
  }, async () => {
    const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
    for (const [size, viewport] of Object.entries(sizes)) {
      await withPage(browser, { cookies: account.cookies, theme: 'light', viewport }, async ({ page }) => {
        for (const [kind, open] of [
          ['webdav', openShareForm],
          ['git', openRepositoryForm],
        ] as const) {
          await open(page);
          expect(await axeViolationsInBothThemes(page), `${kind} form, ${size}`).toEqual([]);
          expect(await sidewaysOverflow(page), `${kind} form width, ${size}`).toBe(0);
          for (const theme of shoot ? (['light', 'dark'] as const) : []) {
            await showTheme(page, theme);
            await page.screenshot({ path: join(out, `${kind}-form-${size}-${theme}.png`) });
          }
          await showTheme(page, 'light');
        }
      });
    }
  });
});
