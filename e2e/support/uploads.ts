import type { Locator, Page } from 'playwright-core';
import type { UploadFixture } from './documents';
import { testTime } from '@trove/service-core/testing/time';

// The Uploads page (issue 10) for browser tests: its controls by role and label, as a user finds them.
// The files themselves are made in ./documents.

/** Goes to /uploads and waits until the documents section has loaded. */
export async function openUploads(page: Page): Promise<void> {
  await page.goto('/uploads');
  await documentsLoaded(page);
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
    await row.getByText(status, { exact: true }).waitFor({ timeout: testTime(timeout) });
  } catch (error) {
    const stood = (await row.textContent({ timeout: testTime(1_000) }).catch(() => null)) ?? 'no row';
    throw new Error(`${name} did not reach "${status}"; its row reads: ${stood.replace(/\s+/g, ' ')}`, {
      cause: error,
    });
  }
}

/**
 * Runs a search from the Search page's box (a page of its own since issue 38, opened first when the page is
 * elsewhere) and waits for the service's answer to it.
 */
export async function searchUploads(page: Page, query: string): Promise<void> {
  if (new URL(page.url()).pathname !== '/search') await page.goto('/search');
  const box = page.getByRole('searchbox', { name: 'Search everything' });
  // Listened for before the typing: a keystroke after a pause searches at once (docs/decisions/221), so the
  // answer to the words as typed may come before Enter is pressed.
  const answered = page.waitForResponse(
    (response) =>
      response.url().includes('/api/v1/search?') && new URL(response.url()).searchParams.get('q') === query,
  );
  await box.fill(query);
  await box.press('Enter');
  await answered;
}

/** The line shown when a search finds nothing. */
export function nothingFound(page: Page, query: string): Locator {
  return page.getByText(`Nothing you uploaded or connected matches “${query}”`);
}

export function results(page: Page): Locator {
  return page.getByTestId('search-result');
}
