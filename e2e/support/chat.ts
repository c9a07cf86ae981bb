import type { Locator, Page } from 'playwright-core';
import { type CaughtMail, caughtMailTo } from '@trove/service-core/testing/maildev';
import { testTime } from '@trove/service-core/testing/time';

// The Chats page (issue 11) for browser tests: the page's controls found by role and label as a person
// finds them, and the mail an answer is sent in. Documents are made and uploaded with ./documents.

/** The 15th of last month, at noon UTC: "last month" in any time zone the service reads it in. */
export function midLastMonth(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15, 12));
}

/** A date as en-GB writes it in UTC, with the month `long` ("15 October 2026") or `short` ("15 Oct 2026"). */
const utcDate = (month: 'long' | 'short') => (date: Date) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month, year: 'numeric', timeZone: 'UTC' }).format(date);
/** How the invoice writes its date (chrono reads it). */
export const longDate = utcDate('long');
/** How the page shows a date. */
export const shortDate = utcDate('short');

export const composer = (page: Page): Locator =>
  page.getByRole('textbox', { name: 'Ask about your documents' });

/** The answers in the thread, oldest first. */
export const answers = (page: Page): Locator => page.locator('article[data-layout]');

/** Types a question and sends it with Enter, then waits for its answer to be in the thread. */
export async function ask(page: Page, question: string): Promise<Locator> {
  const before = await answers(page).count();
  await composer(page).fill(question);
  await composer(page).press('Enter');
  const answer = answers(page).nth(before);
  await answer.waitFor();
  return answer;
}

/** The newest mail maildev caught for `address` (whose subject matches, if given), waiting for the outbox. */
export async function mailTo(
  mailUrl: string,
  address: string,
  options: { subject?: RegExp; timeoutMs?: number } = {},
): Promise<CaughtMail> {
  const deadline = Date.now() + testTime(options.timeoutMs ?? 15_000);
  for (;;) {
    const mail = (await caughtMailTo(mailUrl, address))
      .filter((item) => options.subject === undefined || options.subject.test(item.subject))
      .pop();
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`No mail to ${address} within the time allowed`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
