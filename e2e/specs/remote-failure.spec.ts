import type { Server } from 'node:http';
import { renameSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, withPage } from '../support/browser';
import { baseUrl, spareRemoteOrigin, wwwRoot } from '../support/context';
import { stubSignedIn } from '../support/session';
import {
  type RemotesConfig,
  readRemotesConfig,
  remoteFolder,
  writeRemotesConfig,
} from '../support/runtime-config';
import { startStaticServer, stopServer } from '../support/static-server';

let browser: Browser;
let original: RemotesConfig;
let spareServer: Server | undefined;
const moved: Array<[string, string]> = [];

beforeAll(async () => {
  browser = await launchBrowser();
  original = readRemotesConfig(wwwRoot());
});

afterEach(async () => {
  for (const [from, to] of moved.splice(0)) renameSync(to, from);
  writeRemotesConfig(wwwRoot(), original);
  if (spareServer) await stopServer(spareServer);
  spareServer = undefined;
});

afterAll(async () => {
  await browser?.close();
});

function takeRemoteOffline(entry: string): void {
  const folder = join(wwwRoot(), remoteFolder(entry));
  renameSync(folder, `${folder}.offline`);
  moved.push([folder, `${folder}.offline`]);
}

function bringRemotesBack(): void {
  for (const [from, to] of moved.splice(0)) renameSync(to, from);
}

describe('a remote that fails to load never blanks the app', () => {
  it('its files 404: the chrome and other routes keep working, and Retry succeeds once it is back', async () => {
    takeRemoteOffline(original.remotes.profile.entry);
    await withPage(browser, async ({ page, context }) => {
      // /profile and /connections are signed-in pages (docs/product/shell.md#routes).
      await stubSignedIn(context, baseUrl());

      await page.goto('/profile');
      const failure = page.getByTestId('remote-error-profile');
      await failure.waitFor();
      expect(await failure.getAttribute('role')).toBe('alert');
      expect(await page.getByRole('banner').isVisible()).toBe(true);

      // The rest of the app still works, without a reload.
      await page.getByRole('link', { name: 'Connections' }).first().click();
      await page.getByTestId('remote-connectors').getByTestId('remote-version').waitFor();
      await page.goBack();
      await page.getByTestId('remote-error-profile').waitFor();

      bringRemotesBack();
      await page.getByTestId('remote-error-profile').getByRole('button', { name: 'Retry' }).click();
      await page.getByTestId('remote-profile').getByTestId('remote-version').waitFor();
      expect(await page.getByTestId('remote-error-profile').count()).toBe(0);
    });
  });

  it('its host refuses connections: the app keeps working, and Retry succeeds once the host is up', async () => {
    const origin = spareRemoteOrigin();
    const path = new URL(original.remotes.profile.entry, 'http://x').pathname;
    writeRemotesConfig(wwwRoot(), {
      remotes: { ...original.remotes, profile: { entry: `${origin}${path}` } },
    });
    await withPage(browser, async ({ page, context }) => {
      // /profile and /connections are signed-in pages (docs/product/shell.md#routes).
      await stubSignedIn(context, baseUrl());

      await page.goto('/profile');
      await page.getByTestId('remote-error-profile').waitFor();
      // The chrome stays: the banner is there (waited for, not sampled: under load it may commit a moment after
      // the remote's error line).
      await page.getByRole('banner').waitFor();
      await page.getByRole('link', { name: 'Connections' }).first().click();
      await page.getByTestId('remote-connectors').getByTestId('remote-version').waitFor();
      await page.goBack();

      spareServer = await startStaticServer(wwwRoot(), Number(new URL(origin).port));
      await page.getByTestId('remote-error-profile').getByRole('button', { name: 'Retry' }).click();
      await page.getByTestId('remote-profile').getByTestId('remote-version').waitFor();
    });
  });
});
