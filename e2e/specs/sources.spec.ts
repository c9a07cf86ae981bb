import { testTime } from '@trove/service-core/testing/time';
import type { SearchResponse } from '@trove/contracts';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Dovecot, startDovecot } from '../../services/sources/src/kinds/imap/testing/dovecot';
import { corpusMessages } from '../../services/sources/src/kinds/imap/testing/spam-assassin';
import { type SignedUpUser, sessionHeaders, signUpVerifiedUser } from '../support/accounts';
import { launchBrowser, openPage, type WatchedPage } from '../support/browser';
import { waitForFlash } from '../support/auth-flow';
import { answers, ask } from '../support/chat';
import { baseUrl, mailUrl } from '../support/context';

// Issue 21 end to end, nothing stubbed: a real Dovecot (the services' harness) with a mailbox of
// SpamAssassin mail, a real account through nginx, the Connections page's form against the real sources
// API (Test → the self-signed certificate by its fingerprint → trust → folders → Connect), the sync engine
// taking the card from syncing to up to date, a word from a synced message found by a chat, and Remove
// taking the card and the hit away. The e2e stack allows 127.0.0.1 (SOURCE_ALLOWED_HOSTS in
// e2e/global-setup.ts), as a self-hoster allows their own mail server.

/** The usual test mailbox: 100 messages, of which Trash, Junk and Drafts (17) are left out by default. */
const MAILBOX = { INBOX: 60, Archive: 10, Sent: 5, Drafts: 3, Trash: 4, Junk: 10, Café: 5, Spam: 3 };
const SYNCED = 100 - MAILBOX.Drafts - MAILBOX.Trash - MAILBOX.Junk;

let dovecot: Dovecot;
let browser: Browser;
let account: SignedUpUser;
let watched: WatchedPage;
/** A word that is in one synced message's subject and in no other message of the mailbox. */
let word: string;
let subject: string;

const subjectOf = (eml: Buffer) =>
  /^Subject:[ \t]*(.*(?:\r\n[ \t].*)*)/im
    .exec(eml.toString('latin1').split('\r\n\r\n')[0] ?? '')?.[1]
    ?.replace(/\r\n[ \t]+/g, ' ')
    .trim() ?? '';

/**
 * A rare word of an INBOX subject, as fillMailbox fills it (ham in folder order; INBOX is the first 60):
 * letters only, 6 or more of them, and in no other message of the mailbox, so the hit is that message.
 */
function pickWord(): { word: string; subject: string } {
  const ham = corpusMessages('easy-ham', 100 - MAILBOX.Junk - MAILBOX.Spam);
  const spam = corpusMessages('spam', MAILBOX.Junk + MAILBOX.Spam);
  const texts = [...ham, ...spam].map((eml) => eml.toString('latin1').toLowerCase());
  for (const [index, eml] of ham.slice(0, MAILBOX.INBOX).entries()) {
    const line = subjectOf(eml);
    for (const candidate of line.match(/\b[A-Za-z]{6,}\b/g) ?? []) {
      const lower = candidate.toLowerCase();
      if (texts.every((text, other) => other === index || !text.includes(lower))) {
        return { word: lower, subject: line };
      }
    }
  }
  throw new Error('no INBOX subject has a word of its own');
}

/** The search service's answer for `query`, as the signed-in user. */
async function searchApi(query: string): Promise<SearchResponse> {
  const response = await fetch(`${baseUrl()}/api/v1/search?q=${encodeURIComponent(query)}`, {
    headers: sessionHeaders(account.cookies),
  });
  if (!response.ok) throw new Error(`search answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as SearchResponse;
}

const card = (page: Page): Locator => page.getByRole('article', { name: dovecot.users[0]?.name });
const form = (page: Page): Locator => page.getByRole('dialog', { name: 'Add a mailbox (IMAP)' });

/** Waits for the card to show `state`; says where it stood if it never does. */
async function waitForCardState(page: Page, state: string, timeout: number) {
  try {
    await page
      .locator(`article[data-source-state="${state}"]`)
      .filter({ has: page.getByRole('heading', { name: dovecot.users[0]?.name }) })
      .waitFor({ timeout });
  } catch (error) {
    const stood =
      (await card(page)
        .textContent({ timeout: testTime(1_000) })
        .catch(() => null)) ?? 'no card';
    throw new Error(`the card never reached ${state}; it reads: ${stood.replace(/\s+/g, ' ')}`, {
      cause: error,
    });
  }
}

beforeAll(async () => {
  ({ word, subject } = pickWord());
  dovecot = await startDovecot();
  const user = dovecot.users[0];
  if (user === undefined) throw new Error('the harness has no user');
  await dovecot.fillMailbox(user.name, MAILBOX);
  browser = await launchBrowser();
  account = await signUpVerifiedUser(baseUrl(), mailUrl());
  watched = await openPage(browser, { cookies: account.cookies });
});

afterAll(async () => {
  await watched?.context.close();
  await browser?.close();
  await dovecot?.stop();
});

describe('a real mailbox on /connections (issue 21)', () => {
  it('Test reports the self-signed certificate by its fingerprint; trusted, the folders are listed', async () => {
    const { page } = watched;
    const user = dovecot.users[0];
    if (user === undefined) throw new Error('the harness has no user');
    await page.goto('/connections');
    await page.getByRole('heading', { name: 'Your sources' }).waitFor();
    await page.getByText('Nothing connected yet.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Add a mailbox' }).click();
    const dialog = form(page);
    await dialog.getByLabel('Email address').fill(user.name);
    await dialog.getByLabel('IMAP server').fill(dovecot.host);
    await dialog.getByLabel('Port').fill(String(dovecot.implicitTlsPort));
    expect(await dialog.getByLabel('User name').inputValue()).toBe(user.name);
    await dialog.getByLabel('Password or app password').fill(user.password);
    await dialog.getByRole('button', { name: 'Test', exact: true }).click();

    await dialog
      .getByText(`The certificate of ${dovecot.host} is not trusted.`)
      .waitFor({ timeout: testTime(20_000) });
    expect(await dialog.getByText(dovecot.certificateSha256, { exact: true }).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Trust this certificate and test again' }).click();

    const folders = dialog.getByRole('group', { name: 'Folders to search' });
    await folders.waitFor({ timeout: testTime(20_000) });
    for (const folder of ['INBOX', 'Archive', 'Sent', 'Café', 'Spam']) {
      expect(await folders.getByRole('checkbox', { name: folder }).isChecked(), folder).toBe(true);
    }
    for (const folder of ['Trash', 'Junk', 'Drafts']) {
      expect(await folders.getByRole('checkbox', { name: folder }).isChecked(), folder).toBe(false);
    }
  });

  it('Connect saves it; the card goes from syncing to up to date with every chosen message', {
    timeout: testTime(180_000),
  }, async () => {
    const { page } = watched;
    // Every state the card shows, in order, as the page's polls bring them.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { sourceStates: string[] }).sourceStates = seen;
      const note = () => {
        const state = document.querySelector('[data-source-state]')?.getAttribute('data-source-state');
        if (state && seen[seen.length - 1] !== state) seen.push(state);
      };
      new MutationObserver(note).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['data-source-state'],
      });
    });
    await form(page).getByRole('button', { name: 'Connect' }).click();
    await form(page).waitFor({ state: 'detached' });
    await card(page).waitFor();
    // The first sync is queued at once; 83 messages take about a second, so "syncing" is seen only when a
    // poll (every 2 s) lands during it.
    await waitForCardState(page, 'up_to_date', 120_000);
    await card(page).getByText(`${SYNCED} messages in search`).waitFor();
    expect(
      await card(page)
        .getByText(/Last sync/)
        .count(),
    ).toBe(1);
  });

  it('a refused password puts the card in need of attention; Update password brings it back', {
    timeout: testTime(180_000),
  }, async () => {
    const { page } = watched;
    const user = dovecot.users[0];
    if (user === undefined) throw new Error('the harness has no user');
    // The app password revoked at the provider: here, the kept one replaced by a wrong one.
    const [saved] = (
      (await (
        await fetch(`${baseUrl()}/api/v1/sources`, { headers: sessionHeaders(account.cookies) })
      ).json()) as {
        sources: { id: string }[];
      }
    ).sources;
    const patched = await fetch(`${baseUrl()}/api/v1/sources/${saved?.id}`, {
      method: 'PATCH',
      headers: { ...sessionHeaders(account.cookies), 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: 'revoked-app-password' }),
    });
    expect(patched.status).toBe(200);
    await page.reload();
    await waitForCardState(page, 'needs_attention', 120_000);
    await card(page)
      .getByRole('button', { name: /^Update password/ })
      .click();
    const dialog = page.getByRole('dialog', { name: `Update the password of ${user.name}` });
    await dialog.getByLabel('New password or app password').fill('still-wrong');
    await dialog.getByRole('button', { name: 'Test and save' }).click();
    await dialog.getByText('Wrong user name or password: the server refused them.').waitFor();
    await dialog.getByLabel('New password or app password').fill(user.password);
    await dialog.getByRole('button', { name: 'Test and save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await waitForFlash(page, `Password updated: ${user.name} syncs again now.`);
    await waitForCardState(page, 'up_to_date', 120_000);
  });

  it('Edit tests again and saves another folder choice', { timeout: testTime(120_000) }, async () => {
    const { page } = watched;
    const user = dovecot.users[0];
    if (user === undefined) throw new Error('the harness has no user');
    await card(page).getByRole('button', { name: /^Edit/ }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${user.name}` });
    expect(await dialog.getByLabel('Port').inputValue()).toBe(String(dovecot.implicitTlsPort));
    await dialog.getByRole('button', { name: 'Test', exact: true }).click();
    const folders = dialog.getByRole('group', { name: 'Folders to search' });
    await folders.waitFor({ timeout: testTime(20_000) });
    expect(await folders.getByRole('checkbox', { name: 'Spam' }).isChecked()).toBe(true);
    await folders.getByRole('checkbox', { name: 'Spam' }).uncheck();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await waitForFlash(page, `Changes saved: ${user.name} syncs again now.`);
    await waitForCardState(page, 'up_to_date', 120_000);
  });

  it('a word from a synced message’s subject is found by a chat', {
    timeout: testTime(120_000),
  }, async () => {
    // The messages are stored as they sync and indexed by the extraction jobs just after: wait for the
    // index, then ask as a person would.
    await expect
      .poll(async () => (await searchApi(word)).results.length, { timeout: testTime(90_000), interval: 500 })
      .toBeGreaterThan(0);
    const { page } = watched;
    await page.goto('/chats');
    await page.getByRole('heading', { level: 1, name: 'Chats' }).waitFor();
    const answer = await ask(page, `find ${word}`);
    const passages = answer.getByRole('region', { name: 'Best passages' });
    await passages.waitFor({ timeout: testTime(30_000) });
    expect((await passages.textContent())?.toLowerCase()).toContain(word);
    expect(await answer.textContent()).toContain(subject.slice(0, 20));
  });

  it('Remove, after the confirmation, takes the card and the hit away', {
    timeout: testTime(120_000),
  }, async () => {
    const { page } = watched;
    await page.goto('/connections');
    await card(page).waitFor();
    await card(page)
      .getByRole('button', { name: /^Remove/ })
      .click();
    const confirm = page.getByRole('dialog', { name: `Remove ${dovecot.users[0]?.name}?` });
    // Its count of messages (the Spam folder left the choice above).
    await confirm.getByText(/\d+ messages and their attachments/).waitFor();
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    // The card leaves at once; the toast says when the service has removed everything it brought in.
    await card(page).waitFor({ state: 'detached' });
    await waitForFlash(
      page,
      `${dovecot.users[0]?.name} was removed; what it brought in leaves search within a minute.`,
    );
    await page.getByText('Nothing connected yet.', { exact: false }).waitFor();
    // Gone from the index too once the removal job has run (a background job), and stays gone after a reload.
    await expect
      .poll(async () => (await searchApi(word)).results, { timeout: testTime(60_000), interval: 500 })
      .toEqual([]);
    await page.reload();
    await page.getByText('Nothing connected yet.', { exact: false }).waitFor();

    await page.goto('/chats');
    await page.getByRole('heading', { level: 1, name: 'Chats' }).waitFor();
    const before = await answers(page).count();
    const answer = await ask(page, `find ${word}`);
    expect(before).toBe((await answers(page).count()) - 1);
    expect(await answer.getByRole('region', { name: 'Best passages' }).count()).toBe(0);
  });
});
