import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUpUser, signUpVerifiedUser } from '../support/accounts';
import { launchBrowser, openPage, type WatchedPage, withPage } from '../support/browser';
import { baseUrl, mailUrl } from '../support/context';
import { corruptPdf, emailFile, markdownFile, pdfFile } from '../support/documents';
import { axeViolations } from '../support/axe';
import {
  chooseFiles,
  documentRow,
  nothingFound,
  openUploads,
  results,
  searchUploads,
  waitForStatus,
} from '../support/uploads';

// Issue 10 e2e: upload three files, watch them reach "indexed", search finds a phrase from each, delete
// one; a corrupt file fails with its reason while the others index. One account and one page for the
// file, each test building on the last, so the spec stays quick.

const PDF = 'supplier-contract.pdf';
const EML = 'harbour-invoice.eml';
const MD = 'garden-notes.md';
const CORRUPT = 'scanned-receipt.pdf';

const files = [
  pdfFile(PDF, [
    ['Supplier contract between Acme Ltd and Trove.', 'Term: twelve months from signing.'],
    ['Schedule B lists the heliotrope quarterly ledger.', 'Payment of $4,500 is due on 3 March 2026.'],
  ]),
  emailFile(
    EML,
    {
      from: 'Asha Rao <asha@harbour.example>',
      to: 'me@example.com',
      subject: 'Invoice for the harbour works',
      date: 'Tue, 10 Nov 2026 09:30:00 +0530',
    },
    'Hello,\r\n\r\nPlease find the invoice for the zanzibar kettledrum repair: ₹1,25,000 due by 30 November.\r\n\r\nRegards,\r\nAsha Rao\r\nHarbour Works Pvt Ltd',
  ),
  markdownFile(MD, '# Garden notes\n\nThe periwinkle rooftop trellis needs new wire before spring.\n'),
  corruptPdf(CORRUPT),
];

let browser: Browser;
let account: SignedUpUser;
let watched: WatchedPage;

beforeAll(async () => {
  browser = await launchBrowser();
  account = await signUpVerifiedUser(baseUrl(), mailUrl());
  watched = await openPage(browser, { cookies: account.cookies, theme: 'light' });
  await openUploads(watched.page);
});

afterAll(async () => {
  await watched?.context.close();
  await browser?.close();
});

describe('uploads page (issue 10)', () => {
  it('a new account sees what uploads are for, and no axe findings', async () => {
    const { page } = watched;
    await page.getByRole('heading', { name: 'No files yet' }).waitFor();
    expect(await page.getByText('pulls out the dates, totals and names in it').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Browse connections' }).getAttribute('href')).toBe(
      '/connections',
    );
    // Nothing to search yet, so no search box.
    expect(await page.getByRole('searchbox').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('a file of another type is refused before sending, with the reason (picked from the keyboard)', async () => {
    const { page } = watched;
    // Enter on the button opens the picker (seen as a click on the file input; the dialog itself is held
    // back, since playwright's file-chooser interception can be armed too late on a busy machine).
    await page.getByLabel('Choose files to upload').evaluate((input) =>
      input.addEventListener(
        'click',
        (event) => {
          event.preventDefault();
          input.setAttribute('data-opened-by-test', 'yes');
        },
        { once: true },
      ),
    );
    await page.getByRole('button', { name: 'Choose files', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page
      .locator('input[type="file"][data-opened-by-test="yes"][multiple]')
      .waitFor({ state: 'attached' });
    await chooseFiles(page, [
      { name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') },
    ]);
    const batch = page.getByRole('region', { name: 'This upload' });
    await batch
      .getByText(
        'Not a type Trove can index: PDF, documents (DOCX, ODT, RTF), spreadsheets (XLSX, XLS, ODS, CSV), slides (PPTX, ODP), TXT, Markdown, HTML, EML, images (PNG, JPEG, TIFF, WebP, HEIC), archives (ZIP, TAR.GZ), source code, JSON or ICS.',
      )
      .waitFor();
    await batch.getByRole('button', { name: 'Dismiss setup.exe' }).click();
    await batch.waitFor({ state: 'detached' });
  });

  it('three files reach "indexed" and a corrupt one ends "failed" with its reason, live', async () => {
    const { page } = watched;
    await chooseFiles(page, files);
    const batch = page.getByRole('region', { name: 'This upload' });
    expect(await batch.getByRole('progressbar').count()).toBe(4);
    for (const name of [PDF, EML, MD]) await waitForStatus(page, name, 'Indexed');
    await waitForStatus(page, CORRUPT, 'Failed');
    await documentRow(page, CORRUPT).getByText('This PDF is damaged and cannot be read.').waitFor();
    await batch.getByText('Indexed · 2 pages').waitFor();
    await batch.getByText('Failed: This PDF is damaged and cannot be read.').waitFor();
    await batch.getByText('4 of 4 done').waitFor();
    // The table: type, human size, pages or parts, uploaded just now.
    const pdfRow = documentRow(page, PDF);
    expect(await pdfRow.getByRole('cell').allInnerTexts()).toEqual([
      'PDF',
      expect.stringMatching(/^\d+(\.\d)? KB$|^\d+ B$/),
      '2 pages',
      'just now',
      'Indexed',
      '',
    ]);
    expect(await pdfRow.locator('time').getAttribute('title')).toMatch(/\d{4}, \d{2}:\d{2}$/);
    // The finished files were announced to screen readers.
    expect(await page.getByTestId('uploads-announcer').textContent()).not.toBe('');
  });

  it('search finds a distinctive phrase from each file, highlighted, with its place and facts', async () => {
    const { page } = watched;
    // Each result is named by its document's title, the file name under it (issue 19 item 3).
    for (const [phrase, title, name, location] of [
      ['heliotrope quarterly ledger', 'Supplier contract between Acme Ltd and Trove.', PDF, 'Page 2'],
      ['zanzibar kettledrum', 'Invoice for the harbour works', EML, 'Body'],
      ['periwinkle rooftop trellis', 'Garden notes', MD, 'Section Garden notes'],
    ] as const) {
      await searchUploads(page, phrase);
      const first = results(page).first();
      await first.getByRole('heading', { name: title }).waitFor();
      expect(await first.getByText(name, { exact: true }).count()).toBe(1);
      expect(await first.getByText(location).count()).toBeGreaterThan(0);
      expect(await first.locator('mark').count()).toBeGreaterThan(0);
    }
    // The email's facts come as chips: the amount in rupees and the sender.
    await searchUploads(page, 'zanzibar kettledrum');
    const facts = results(page).first().getByRole('list', { name: 'Found in this passage' });
    await facts.getByRole('button', { name: /₹1,25,000/ }).waitFor();
    // Type facets filter: the PDF facet leaves only PDF results.
    await searchUploads(page, 'invoice contract');
    await page.getByRole('button', { name: /^PDF \d/ }).click();
    await results(page).first().getByText(PDF, { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /^PDF \d/ }).getAttribute('aria-pressed')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('delete asks first, then the document leaves the list and search at once', async () => {
    const { page } = watched;
    // Search is a page of its own (issue 38): back to the list.
    await openUploads(page);
    await documentRow(page, MD)
      .getByRole('button', { name: `Delete ${MD}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete this upload?' });
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await documentRow(page, MD).waitFor({ state: 'detached' });
    await searchUploads(page, 'periwinkle rooftop trellis');
    await nothingFound(page, 'periwinkle rooftop trellis').waitFor();
    // Still gone after a reload of the list: the service removed it, not just the page.
    await openUploads(page);
    await documentRow(page, PDF).waitFor();
    expect(await documentRow(page, MD).count()).toBe(0);
    expect(await page.getByTestId('upload-row').count()).toBe(3);
    expect(watched.consoleErrors).toEqual([]);
  });

  it('an email with no text of its own is found by its subject, and says what it matched by', async () => {
    const { page } = watched;
    const name = 'marigold-flyer.eml';
    await openUploads(page);
    await chooseFiles(page, [
      emailFile(
        name,
        {
          from: 'Flyers <flyers@nursery.example>',
          to: 'me@example.com',
          subject: 'Marigold seedlings half price',
          date: 'Wed, 11 Nov 2026 08:00:00 +0000',
        },
        '',
      ),
    ]);
    await waitForStatus(page, name, 'Indexed');
    await searchUploads(page, 'marigold seedlings');
    const first = results(page).first();
    await first.getByRole('heading', { name: 'Marigold seedlings half price' }).waitFor();
    await first.getByText('No text to show: it matched by its title, people or file name.').waitFor();
    if (process.env.UPLOADS_SCREENSHOTS) await first.screenshot({ path: process.env.UPLOADS_SCREENSHOTS });
    expect(await axeViolations(page)).toEqual([]);
  });

  it('dark theme: no axe findings on the filled list', async () => {
    await withPage(browser, { cookies: account.cookies, theme: 'dark' }, async ({ page }) => {
      await openUploads(page);
      await documentRow(page, PDF).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    });
  });
});
