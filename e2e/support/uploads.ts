import type { Browser, Locator, Page } from 'playwright-core';
import type { SignedUpUser } from './accounts';
import { openPage, type WatchedPage } from './browser';

// The Uploads page (issue 10) for browser tests: fixtures made at test time (no binary files committed)
// and the page's controls by role and label, as a user finds them.

/** A file for playwright's `setInputFiles`. */
export interface UploadFixture {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

const pdfString = (text: string) => `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;

/**
 * A real PDF with one page per entry, Helvetica text drawn line by line: the approach of
 * services/search/src/extraction/test-fixtures.ts (objects by hand, xref from byte offsets).
 */
export function pdfWithPages(name: string, pages: string[][]): UploadFixture {
  const pageIds = pages.map((_, index) => 4 + index * 2);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  pages.forEach((lines, index) => {
    const stream = lines
      .map((line, row) => `BT /F1 12 Tf 72 ${720 - row * 18} Td ${pdfString(line)} Tj ET`)
      .join('\n');
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${(pageIds[index] ?? 0) + 1} 0 R >>`,
      `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    );
  });
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(pdf, 'latin1') };
}

/** A PDF header followed by nothing a reader can open: it must end "failed" with its reason. */
export function corruptPdf(name: string): UploadFixture {
  return {
    name,
    mimeType: 'application/pdf',
    buffer: Buffer.from(
      '%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 9 0 R\ngarbage without an end',
      'latin1',
    ),
  };
}

/** An RFC 5322 message, as a mail client saves it (.eml). */
export function email(
  name: string,
  headers: { from: string; to: string; subject: string; date: string },
  body: string,
): UploadFixture {
  const text = [
    `From: ${headers.from}`,
    `To: ${headers.to}`,
    `Subject: ${headers.subject}`,
    `Date: ${headers.date}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    body,
    '',
  ].join('\r\n');
  // Browsers often report .eml as octet-stream; the page and the service go by the extension.
  return { name, mimeType: 'message/rfc822', buffer: Buffer.from(text) };
}

export function markdown(name: string, text: string): UploadFixture {
  return { name, mimeType: 'text/markdown', buffer: Buffer.from(text) };
}

/** /uploads for `account`, signed in, in `theme`; waits until the documents section has loaded. */
export async function openUploads(
  browser: Browser,
  baseUrl: string,
  account: SignedUpUser,
  options: { theme?: 'light' | 'dark'; viewport?: { width: number; height: number } } = {},
): Promise<WatchedPage> {
  const watched = await openPage(browser, baseUrl, options.viewport);
  await watched.context.addInitScript(
    (value) => localStorage.setItem('theme', value),
    options.theme ?? 'light',
  );
  await watched.context.addCookies(account.cookies);
  await watched.page.goto('/uploads');
  await documentsLoaded(watched.page);
  return watched;
}

/** The documents section has answered: the empty state or the table, not the loading line. */
export async function documentsLoaded(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Uploads' }).waitFor();
  await page.getByRole('heading', { name: 'No files yet' }).or(page.getByRole('table')).first().waitFor();
}

export async function chooseFiles(page: Page, files: UploadFixture[]): Promise<void> {
  await page.getByLabel('Choose files to upload').setInputFiles(files);
}

/** A document's row in the table, by its name. */
export function documentRow(page: Page, name: string): Locator {
  return page.getByTestId('upload-row').filter({ has: page.getByRole('rowheader', { name, exact: false }) });
}

/** Waits until the row of `name` shows `status` (Indexed, Failed…) as its badge; says where it stood if not. */
export async function waitForStatus(
  page: Page,
  name: string,
  status: string,
  timeout = 45_000,
): Promise<void> {
  const row = documentRow(page, name);
  try {
    await row.getByText(status, { exact: true }).waitFor({ timeout });
  } catch (error) {
    const stood = await row.innerText({ timeout: 1_000 }).catch(() => 'no row');
    throw new Error(`${name} did not reach "${status}"; its row reads: ${stood.replace(/\s+/g, ' ')}`, {
      cause: error,
    });
  }
}

/** Runs a search from the page's search box and waits for the service's answer to it. */
export async function searchUploads(page: Page, query: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Search your uploads' });
  await box.fill(query);
  const answered = page.waitForResponse(
    (response) =>
      response.url().includes('/api/v1/search?') && new URL(response.url()).searchParams.get('q') === query,
  );
  await box.press('Enter');
  await answered;
}

/** The line shown when a search finds nothing. */
export function nothingFound(page: Page, query: string): Locator {
  return page.getByText(`Nothing in your uploads matches “${query}”`);
}

export function results(page: Page): Locator {
  return page.getByTestId('search-result');
}
