import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../support/auth-flow';
import { launchBrowser, withPage } from '../support/browser';

// A press made on a drawn page before its code has run is never lost (issue 41 item 1, docs/decisions/056,
// 227), through nginx in Chromium, CPU 6× slower. The page's code is held back by the route until the
// test lets it go, so the press lands on the drawn controls on a machine of any speed — whatever the
// mechanism that brings the page to life (the whole app's hand-off, or an island of the drawn page):
//
// - a whole press (down and up) while the code is held, then the code released;
// - a press begun on the drawn control (pointer down) whose release comes after the live page has
//   replaced the drawn one — a person's press lasts 50–150 ms, time enough on a slow phone for the code
//   to arrive in between (the way ci16/ci17 lost a press beside two CPU burners).
//
// Held: the app's entry (nothing of the page's code has run), or the page's remote (the entry, React and
// the runtime have run; the part that moves has not).

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const MOBILE = { width: 390, height: 844 };
const ENTRY = /\/assets\/js\/main\.[0-9a-f]+\.js$/;
/** What the entry loads next: the shell's own chunks (React, the runtime, the app or the islands). */
const SHELL_CHUNKS = /\/assets\/js\/(?!main\.|theme-init\.|boot-after-paint\.)[^/]+\.js$/;
const AUTH_REMOTE = /\/remotes\/auth\/.+\.js$/;

type Hold = { name: string; login: RegExp; contact: RegExp };
const HOLDS: Hold[] = [
  { name: 'the entry', login: ENTRY, contact: ENTRY },
  // /contact has no remote: its page is the shell's own.
  { name: "the page's remote (or the shell's chunks)", login: AUTH_REMOTE, contact: SHELL_CHUNKS },
];

/** CPU 6× slower, and the matching scripts held until the returned function is called. */
async function slowAndHeld(page: Page, scripts: RegExp): Promise<() => void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(scripts, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The middle of a control, where a person's finger goes. */
async function middleOf(control: Locator): Promise<{ x: number; y: number }> {
  await control.scrollIntoViewIfNeeded();
  const box = await control.boundingBox();
  if (!box) throw new Error('the control has no box');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Presses `control` as a person does, the code held: down on the drawn control; then the code is let go
 * and the release waits until the drawn control has been replaced by the live one (or, if `whole`, the
 * press is finished before the code is let go).
 */
async function pressEarly(page: Page, control: Locator, release: () => void, whole: boolean): Promise<void> {
  const drawn = await control.elementHandle();
  if (!drawn) throw new Error('no drawn control');
  const { x, y } = await middleOf(control);
  await page.mouse.move(x, y);
  await page.mouse.down();
  if (whole) await page.mouse.up();
  release();
  if (whole) return;
  // The live page has replaced the drawn control: the finger comes up on the live one.
  await page.waitForFunction((element) => !element.isConnected, drawn);
  await page.mouse.up();
}

const unknownEmailDialog = (page: Page) => page.getByRole('dialog', { name: 'Create your account' });

for (const hold of HOLDS) {
  for (const whole of [true, false]) {
    const press = whole ? 'a press' : 'a press whose release comes after the code';
    describe(`${press}, ${hold.name} held back, CPU 6×`, () => {
      it('on /auth/login: the email typed and Continue pressed go on to the next step', async () => {
        await withPage(browser, { viewport: MOBILE }, async ({ page }) => {
          const release = await slowAndHeld(page, hold.login);
          await page.goto('/auth/login', { waitUntil: 'domcontentloaded' });
          const email = uniqueEmail('early');
          await page.getByRole('textbox', { name: 'Email' }).fill(email);
          await pressEarly(page, page.getByRole('button', { name: 'Continue' }), release, whole);
          // The unknown email's dialog (docs/product/accounts.md#unknown-email-dialog): the press acted.
          await unknownEmailDialog(page).waitFor();
          expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(email);
          // Never sent natively: the email is not in the address.
          expect(new URL(page.url()).search).toBe('');
        });
      });

      it('on /contact: the guest account menu opens', async () => {
        await withPage(browser, { viewport: MOBILE }, async ({ page }) => {
          const release = await slowAndHeld(page, hold.contact);
          await page.goto('/contact', { waitUntil: 'domcontentloaded' });
          const menu = page.getByRole('button', { name: 'Account menu' }).first();
          await pressEarly(page, menu, release, whole);
          await page.getByRole('region', { name: 'Account' }).waitFor();
        });
      });
    });
  }
}
