import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUpUser, signUpVerifiedUser } from '../support/accounts';
import { launchBrowser, openPage, type WatchedPage } from '../support/browser';
import { mailTo } from '../support/chat';
import { baseUrl, mailUrl } from '../support/context';
import { pdfFile, uploadAndIndex } from '../support/documents';

// Issue 40 item 7 (e2e): the "Invoice finder" playbook used on uploaded invoices — opened from /playground as a
// workflow draft, previewed (the overdue invoice flagged first, nothing sent), run now, and its table read in
// the mail inbox; then listed on the Workflows page with its last run.

let browser: Browser;
let account: SignedUpUser;
let watched: WatchedPage;

beforeAll(async () => {
  browser = await launchBrowser();
  account = await signUpVerifiedUser(baseUrl(), mailUrl());
  await uploadAndIndex(baseUrl(), account.cookies, [
    pdfFile('globex-invoice-0311.pdf', [
      [
        'INVOICE',
        'Globex Corporation',
        'Invoice number: INV-0311',
        'Invoice date: 2 March 2026',
        'Due date: 1 April 2026',
        'Total due: EUR 1,200.00',
      ],
    ]),
    pdfFile('initech-invoice-0412.pdf', [
      [
        'INVOICE',
        'Initech Ltd',
        'Invoice number: INV-0412',
        'Invoice date: 20 December 2030',
        'Total due: EUR 300.50',
      ],
    ]),
  ]);
  watched = await openPage(browser, { cookies: account.cookies });
});

afterAll(async () => {
  await watched?.context.close();
  await browser?.close();
});

describe('Workflows (issue 40)', () => {
  it('the Invoice finder template previews, runs now and its table arrives by mail', async () => {
    const { page, consoleErrors } = watched;
    await page.goto('/playground?tpl=invoice-finder');
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'New workflow' }).waitFor();
    expect(await main.getByLabel('Name', { exact: true }).inputValue()).toBe(
      'Invoice finder + chat delivery',
    );
    expect(await main.getByLabel('Questions').inputValue()).toContain('invoice has:attachment');
    // The suggested channel is not set up yet: the editor says where to add it.
    await main.getByText('#finance-ap on Slack').waitFor();
    expect(await main.getByLabel(`Email me (${account.email})`).isChecked()).toBe(true);

    await main.getByRole('button', { name: 'Preview' }).click();
    const preview = main.getByRole('region', { name: /Preview/ });
    await preview.waitFor();
    const rows = preview.getByRole('row');
    await expect.poll(() => rows.count()).toBeGreaterThan(2);
    // The overdue invoice (dated March 2026) is flagged and first.
    expect(await rows.nth(1).textContent()).toContain('Flagged');
    expect(await rows.nth(1).textContent()).toContain('globex-invoice-0311.pdf');
    expect(await preview.textContent()).toContain('EUR 1,500.50');

    await main.getByRole('button', { name: 'Run now' }).click();
    const runs = main.getByRole('region', { name: 'Runs' });
    await runs.getByText('Ran', { exact: true }).waitFor();
    expect(await runs.textContent()).toContain(account.email);

    const mail = await mailTo(mailUrl(), account.email, { subject: /An answer from/ });
    expect(mail.text).toContain('Question: Invoice finder + chat delivery: invoice');
    expect(mail.text).toContain('Totals: EUR 1,500.50 over 2 rows.');
    expect(mail.text.indexOf('EUR 1,200.00')).toBeLessThan(mail.text.indexOf('EUR 300.50'));
    expect(mail.html).toContain('<table');

    await page.goto('/workflows');
    await main.getByRole('heading', { level: 1, name: 'Workflows' }).waitFor();
    const item = main
      .getByRole('list', { name: 'Your workflows' })
      .getByRole('listitem')
      .filter({ hasText: 'Invoice finder + chat delivery' });
    await item.getByText('Ran', { exact: true }).waitFor();
    expect(await item.textContent()).toContain('Weekdays at 08:00');
    expect(consoleErrors, consoleErrors.join('\n')).toEqual([]);
  });
});
