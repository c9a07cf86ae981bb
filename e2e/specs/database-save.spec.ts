import { testTime } from '@trove/service-core/testing/time';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SourceServer,
  startPostgresSource,
} from '../../services/sources/src/database/testing/source-databases';
import { type SignedUpUser, sessionHeaders, signUpVerifiedUser } from '../support/accounts';
import { launchBrowser, withPage } from '../support/browser';
import { baseUrl, mailUrl } from '../support/context';

// Issue 38: "Saving a PostgreSQL source sometimes does nothing" — Add a database → PostgreSQL → host,
// Encryption Off, database, user → Preview → pick the table → set Title and Changed-at columns and a name →
// Save: in 2 of 5 tries no request was sent and no message shown. Each column picked previews again; a Save
// pressed while that preview was still reading was dropped without a word. Here the previews are held for a
// moment (as a slow database or network holds them), so Save always lands inside one, and the source must
// be saved all the same.

let server: SourceServer;
let browser: Browser;
let account: SignedUpUser;

beforeAll(async () => {
  server = await startPostgresSource();
  browser = await launchBrowser();
  account = await signUpVerifiedUser(baseUrl(), mailUrl());
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const savedSources = async () =>
  (
    (await (
      await fetch(`${baseUrl()}/api/v1/sources`, { headers: sessionHeaders(account.cookies) })
    ).json()) as { sources: { name: string }[] }
  ).sources.map((source) => source.name);

/** Every preview answers this long after the server did. */
async function holdPreviews(page: Page, ms: number) {
  await page.route('**/api/v1/sources/preview', async (route) => {
    const response = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.fulfill({ response });
  });
}

async function openFilledForm(page: Page): Promise<Locator> {
  await page.goto('/connections');
  await page.getByRole('heading', { name: 'Your sources' }).waitFor();
  await page.getByRole('button', { name: 'Add a database' }).click();
  await page
    .getByRole('dialog', { name: 'Add a database' })
    .getByRole('button', { name: /PostgreSQL server/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Add a PostgreSQL server' });
  await dialog.getByLabel('Host').fill(server.host);
  await dialog.getByLabel('Port').fill(String(server.port));
  await dialog.getByLabel('Encryption').selectOption('disable');
  await dialog.getByLabel('Database').fill(server.database);
  await dialog.getByLabel('User').fill(server.reader.user);
  await dialog.getByLabel('Password', { exact: true }).fill(server.reader.password);
  await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
  await dialog
    .getByText('Connected. Choose the table or view to index.')
    .waitFor({ timeout: testTime(20_000) });
  await dialog.getByLabel('Table or view', { exact: true }).selectOption('invoices');
  await dialog.getByRole('list', { name: 'Preview of invoices' }).waitFor({ timeout: testTime(20_000) });
  return dialog;
}

describe('Save on the PostgreSQL form (issue 38)', () => {
  it('Save pressed while a column’s preview is still reading saves once it has read', {
    timeout: testTime(120_000),
  }, async () => {
    await withPage(browser, { cookies: account.cookies }, async ({ page, consoleErrors }) => {
      await holdPreviews(page, 1_500);
      const dialog = await openFilledForm(page);
      await dialog.getByLabel('Title column').selectOption('number');
      await dialog.getByLabel('Changed-at column').selectOption('updated_at');
      await dialog.getByLabel('Name').fill('Held invoices');
      // The Changed-at column's preview is still reading.
      await dialog.getByRole('button', { name: 'Save' }).click();
      try {
        await dialog.waitFor({ state: 'detached', timeout: testTime(20_000) });
      } catch (error) {
        throw new Error(`the dialog stayed open; it reads: ${await dialog.textContent()}`, { cause: error });
      }
      expect(await savedSources()).toContain('Held invoices');
      await page.getByRole('article', { name: 'Held invoices' }).waitFor();
      expect(consoleErrors, consoleErrors.join('\n')).toEqual([]);
    });
  });

  it('typing in a field while a preview reads leaves the form usable: Save previews again, then saves', {
    timeout: testTime(120_000),
  }, async () => {
    await withPage(browser, { cookies: account.cookies }, async ({ page }) => {
      await holdPreviews(page, 1_500);
      const dialog = await openFilledForm(page);
      await dialog.getByLabel('Title column').selectOption('customer');
      // A change while the Title column's preview reads makes that preview stale.
      const database = dialog.getByLabel('Database');
      await database.press('End');
      await database.pressSequentially('x');
      await database.press('Backspace');
      await dialog.getByLabel('Name').fill('Edited invoices');
      // The values changed since the rows shown: Save previews them again first (rows are seen before they
      // are indexed), and never waits on a preview nobody will finish.
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText('The first 5 rows as', { exact: false }).waitFor({ timeout: testTime(20_000) });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(async () => (await savedSources()).includes('Edited invoices'), {
          timeout: testTime(30_000),
          interval: 300,
        })
        .toBe(true);
      await dialog.waitFor({ state: 'detached', timeout: testTime(20_000) });
    });
  });
});
