import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerifiedUser } from '../support/accounts';
import { launchBrowser } from '../support/browser';
import { baseUrl, mailUrl } from '../support/context';
import {
  fieldError,
  openTab,
  putProfile,
  statusLine,
  submitButton,
  uniqueIndianMobile,
  withProfile,
} from '../support/profile';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('a phone number another account uses (docs/product/profile.md#errors)', () => {
  it('the 409 puts "This phone number is already registered" on the phone field and clears the status line', async () => {
    const phone = uniqueIndianMobile();
    const first = await signUpVerifiedUser(baseUrl(), mailUrl());
    expect((await putProfile(baseUrl(), first, { gender: 'male', phone })).status).toBe(200);

    const second = await signUpVerifiedUser(baseUrl(), mailUrl());
    // An Indian user's browser: the phone field starts at +91 (issue 38), as the number typed expects.
    await withProfile(browser, second, { locale: 'en-IN' }, async ({ page }) => {
      await page.getByLabel('Gender').selectOption('other');
      await page.getByLabel('Phone', { exact: true }).fill(phone);
      // Saved from another tab: the page goes back to Overview, where the phone is.
      await openTab(page, 'Work');
      await page.getByLabel('Company').fill('Acme');
      const answer = page.waitForResponse(
        (response) => response.url().endsWith('/api/v1/profile') && response.request().method() === 'PUT',
      );
      await submitButton(page).click();
      expect((await answer).status()).toBe(409);
      await page.getByText('This phone number is already registered').waitFor();
      expect(await fieldError(page, 'Phone')).toBe('This phone number is already registered');
      expect(await page.getByRole('tab', { selected: true }).textContent()).toBe(
        'Overview (needs attention)',
      );
      expect(await statusLine(page).textContent()).toBe('');

      // A number of one's own saves.
      await page.getByLabel('Phone', { exact: true }).fill(uniqueIndianMobile());
      await submitButton(page).click();
      await statusLine(page).getByText('Profile updated').waitFor();
      expect(await fieldError(page, 'Phone')).toBeNull();
    });
  });
});
