import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, withPage } from '../support/browser';
import { baseUrl, wwwRoot } from '../support/context';
import { type RemotesConfig, readRemotesConfig, writeRemotesConfig } from '../support/runtime-config';
import { stubSignedIn } from '../support/session';

const repoRoot = join(import.meta.dirname, '..', '..');
const CANARY = 'e2e-canary';

let browser: Browser;
let original: RemotesConfig;
let canaryVersion: string;
let scratch: string;

beforeAll(async () => {
  // A second, different build of one remote, made the way a team would ship one: built on its own,
  // published into its own version folder. The shell is not rebuilt.
  scratch = mkdtempSync(join(tmpdir(), 'trove-canary-'));
  const build = spawnSync(
    join(repoRoot, 'node_modules', '.bin', 'tsx'),
    ['infra/src/build.ts', 'connectors'],
    {
      cwd: repoRoot,
      env: { ...process.env, BUILD_OUT_DIR: scratch, REMOTE_BUILD_LABEL: CANARY },
      encoding: 'utf8',
    },
  );
  expect(build.status, build.stderr).toBe(0);
  const versions = readdirSync(join(scratch, 'remotes', 'connectors'));
  expect(versions).toHaveLength(1);
  canaryVersion = versions[0] as string;
  cpSync(
    join(scratch, 'remotes', 'connectors', canaryVersion),
    join(wwwRoot(), 'remotes', 'connectors', canaryVersion),
    {
      recursive: true,
    },
  );
  original = readRemotesConfig(wwwRoot());
  browser = await launchBrowser();
});

afterAll(async () => {
  if (original) writeRemotesConfig(wwwRoot(), original);
  await browser?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('runtime composition', () => {
  it('a remote whose URL changes in the runtime config is picked up without rebuilding the shell', async () => {
    const shellBefore = await (await fetch(`${baseUrl()}/`)).text();
    await withPage(browser, async ({ page, context, consoleErrors }) => {
      // /connections is a signed-in page (docs/product/shell.md#routes).
      await stubSignedIn(context, baseUrl());

      await page.goto('/connections');
      const version = page.getByTestId('remote-connectors').getByTestId('remote-version');
      await version.waitFor();
      expect(await version.textContent()).not.toContain(CANARY);

      writeRemotesConfig(wwwRoot(), {
        remotes: {
          ...original.remotes,
          connectors: { entry: `/remotes/connectors/${canaryVersion}/mf-manifest.json` },
        },
      });
      await page.reload();
      await page.getByTestId('remote-connectors').getByText(CANARY).waitFor();

      const shellAfter = await (await fetch(`${baseUrl()}/`)).text();
      expect(shellAfter).toBe(shellBefore);
      expect(consoleErrors, consoleErrors.join('\n')).toEqual([]);
    });
  });
});
