import { testTime } from '@trove/service-core/testing/time';
import type { SearchResponse } from '@trove/contracts';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventIcs,
  type Radicale,
  startRadicale,
} from '../../services/sources/src/kinds/calendar/testing/radicale';
import { type SignedUpUser, sessionHeaders, signUpVerifiedUser } from '../support/accounts';
import { launchBrowser, openPage, type WatchedPage } from '../support/browser';
import { baseUrl, mailUrl } from '../support/context';

// Issue 43 items 1 and 5 end to end, nothing stubbed: a real Radicale (the services' harness) with a calendar, a
// real account through nginx, "Add a calendar" on /connections (Test → the calendars → Connect),
// the sync taking the card to up to date, an event found by a word, and a new event on the server found after
// "Sync now". The e2e stack allows 127.0.0.1 (SOURCE_ALLOWED_HOSTS in e2e/global-setup.ts).

let radicale: Radicale;
let calendarUrl: string;
let browser: Browser;
let account: SignedUpUser;
let watched: WatchedPage;

const inDays = (days: number) => {
  const day = new Date(Date.now() + days * 86_400_000);
  day.setUTCHours(10, 0, 0, 0);
  return day.toISOString();
};
const hourLater = (iso: string) => new Date(Date.parse(iso) + 3_600_000).toISOString();

async function found(query: string): Promise<number> {
  const response = await fetch(`${baseUrl()}/api/v1/search?q=${encodeURIComponent(query)}`, {
    headers: sessionHeaders(account.cookies),
  });
  if (!response.ok) throw new Error(`search answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as SearchResponse).results.length;
}

const sourceName = () => `Calendar on ${new URL(radicale.url).host}`;
const card = (page: Page): Locator => page.getByRole('article', { name: sourceName() });

beforeAll(async () => {
  radicale = await startRadicale();
  calendarUrl = await radicale.makeCalendar('work', 'Work');
  await radicale.makeCalendar('home', 'Home');
  await radicale.putEvent(
    calendarUrl,
    'review',
    eventIcs({
      uid: 'review-1',
      title: 'Capybara design review',
      start: inDays(2),
      end: hourLater(inDays(2)),
      organiser: 'ann@example.com',
    }),
  );
  browser = await launchBrowser();
  account = await signUpVerifiedUser(baseUrl(), mailUrl());
  watched = await openPage(browser, { cookies: account.cookies });
});

afterAll(async () => {
  await watched?.context.close();
  await browser?.close();
  await radicale?.stop();
});

describe('a CalDAV calendar on /connections (issue 43)', () => {
  it('Add a calendar (CalDAV): Test lists the calendars, Connect syncs, an event is found by a word', {
    timeout: testTime(180_000),
  }, async () => {
    const { page } = watched;
    await page.goto('/connections');
    await page.getByRole('heading', { name: 'Your sources' }).waitFor();
    await page.getByRole('button', { name: 'Add a calendar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a calendar' });
    await dialog.getByLabel('Read from').selectOption('caldav');
    await dialog.getByLabel('CalDAV server').fill(radicale.url);
    await dialog.getByLabel('User name').fill(radicale.user);
    await dialog.getByLabel('App password', { exact: true }).fill(radicale.password);
    await dialog.getByRole('button', { name: 'Test', exact: true }).click();
    const calendars = dialog.getByRole('group', { name: 'Calendars to search' });
    await calendars.waitFor({ timeout: testTime(30_000) });
    await calendars.getByRole('checkbox', { name: 'Home' }).uncheck();
    expect(await calendars.getByRole('checkbox', { name: 'Work' }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await dialog.waitFor({ state: 'detached' });
    await card(page).waitFor();
    await page
      .locator('article[data-source-state="up_to_date"]')
      .filter({ has: page.getByRole('heading', { name: sourceName() }) })
      .waitFor({ timeout: testTime(120_000) });
    await card(page).getByText('1 event in search').waitFor();
    await expect.poll(() => found('capybara'), { timeout: testTime(60_000), interval: 500 }).toBe(1);
  });

  it('a new event on the server is found after Sync now', { timeout: testTime(120_000) }, async () => {
    const { page } = watched;
    await radicale.putEvent(
      calendarUrl,
      'offsite',
      eventIcs({ uid: 'offsite-1', title: 'Quokka offsite', start: inDays(9), end: hourLater(inDays(9)) }),
    );
    await card(page)
      .getByRole('button', { name: /^Sync now/ })
      .click();
    await expect.poll(() => found('quokka'), { timeout: testTime(60_000), interval: 500 }).toBe(1);
  });
});
