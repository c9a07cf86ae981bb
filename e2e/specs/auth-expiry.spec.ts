import { testTime } from '@trove/service-core/testing/time';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RAISED_PROXY_AUTH_LIMITS, type Stack } from '@trove/infra/stack';
import { startIsolatedStack } from '@trove/infra/isolated-stack';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_PASSWORD, readLatestCode, markInbox } from '../support/accounts';
import { identify, typeCode, uniqueEmail, waitForFlash } from '../support/auth-flow';
import { launchBrowser, withPage } from '../support/browser';
import { wwwRoot } from '../support/context';

// docs/product/accounts.md#errors "410 gives 'This code has expired…'": codes must outlive the wait for them to expire, so this
// spec runs its own throw-away stack where they live OTP_TTL_SECONDS=10 (the setting's floor) and may be
// resent after 12 s. The shared e2e stack keeps the normal lifetime; nothing in the product knows. Those
// seconds pass in real time: the server's clock decides when a code is gone and when another may be sent,
// so this is also where a Resend is seen to mail a code (auth-signup.spec.ts runs the countdown on the
// page's clock).
const CODE_LIFE_S = '10';
const RESEND_WAIT_S = '12';

let browser: Browser;
let stack: Stack;
let scratch: string;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'trove-e2e-expiry-'));
  const www = join(scratch, 'www');
  cpSync(wwwRoot(), www, { recursive: true });
  stack = await startIsolatedStack('e2e-expiry', {
    wwwRoot: www,
    serviceEnv: {
      AUTH_KEY_DIR: join(scratch, 'keys'),
      MAIL_POLL_MS: '100',
      OTP_TTL_SECONDS: CODE_LIFE_S,
      OTP_RESEND_SECONDS: RESEND_WAIT_S,
      RATE_EXISTS_PER_MINUTE: '100000',
      RATE_REGISTER_PER_MINUTE: '100000',
      RATE_PASSWORD_CHECKS_PER_MINUTE: '100000',
      RATE_LOGIN_FAILURES: '100000',
      RATE_CODE_MAILS_PER_HOUR: '100000',
      ...RAISED_PROXY_AUTH_LIMITS,
    },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('an expired code (docs/product/accounts.md#code-timing, docs/product/accounts.md#errors)', () => {
  it('410: "This code has expired. Tap Resend to get a new one." and "Code expired"; Resend mails a new one that verifies', async () => {
    const email = uniqueEmail('expiry');
    await withPage(browser, { baseURL: stack.url }, async ({ page }) => {
      await page.goto('/auth/register');
      await identify(page, email);
      await page
        .getByRole('dialog', { name: 'Create your account' })
        .getByRole('button', { name: 'Sign up & continue' })
        .click();
      const since = new Date();
      await page.getByLabel('Create a password', { exact: true }).fill(E2E_PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      const code = await readLatestCode(stack.mailUrl, email, { since });
      // The server's resend wait (12 s) outlasts the code (10 s): once Resend is offered, the code is gone.
      const resend = page.getByRole('button', { name: 'Resend code' });
      await resend.waitFor({ timeout: testTime(30_000) });
      await typeCode(page, code);
      await page.getByRole('button', { name: 'Verify' }).click();
      await waitForFlash(page, 'This code has expired. Tap Resend to get a new one.');
      await page.getByText('Code expired', { exact: true }).waitFor();
      const resentSince = await markInbox(stack.mailUrl, email);
      await resend.click();
      await waitForFlash(page, 'We sent you a new code.');
      const fresh = await readLatestCode(stack.mailUrl, email, { since: resentSince });
      expect(fresh).toMatch(/^\d{6}$/);
      // A new code starts a new wait, from the server's resend_in.
      await page.getByRole('button', { name: /^Resend in \d+s$/ }).waitFor();
      expect(await page.getByText('Code expired', { exact: true }).count()).toBe(0);
      // And it is the one that works.
      await typeCode(page, fresh);
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByRole('heading', { name: 'Finish your profile' }).waitFor();
    });
  });
});
