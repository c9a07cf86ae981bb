import { fork } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { testTime } from '@trove/service-core/testing/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAP_CHILD_FLAG } from '../../../services/sources/src/kinds/imap/imap-protocol';
import { READER_CHILD_FLAG, READER_READY } from '../../../services/sources/src/database/reader-protocol';
import { REPO_ROOT } from './index';
import { BUNDLED_SERVICES, bundleServices, SERVICE_ENTRIES } from './service-bundles';

// docs/decisions/217: `npm start`, the bench and the images run the services as JavaScript bundled at build time.
// Each service's folder holds its main.mjs and one .mjs per child it forks, which run as plain node.

let dir: string;

beforeAll(async () => {
  // Inside the checkout, where the bundles find node_modules.
  mkdirSync(join(REPO_ROOT, '.data'), { recursive: true });
  dir = mkdtempSync(join(REPO_ROOT, '.data', 'bundles-test-'));
  await bundleServices(dir);
}, testTime(120_000));

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Forks a bundled child with its flag, as the pool does, and answers its first message. */
function firstMessage(file: string, flag: string): Promise<unknown> {
  const child = fork(file, [flag], { execArgv: [], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return new Promise((resolve) => {
    child.once('message', (message) => {
      child.kill('SIGKILL');
      resolve(message);
    });
    child.once('exit', (code) => resolve(`exited with ${code}`));
  });
}

describe('the services bundled', () => {
  it('writes one .mjs per entry of every service, and the files they read beside them', () => {
    for (const service of BUNDLED_SERVICES) {
      for (const entry of SERVICE_ENTRIES[service]) {
        const name = entry.split('/').pop()?.replace(/\.ts$/, '.mjs') ?? '';
        expect(existsSync(join(dir, service, name)), `${service}/${name}`).toBe(true);
      }
      expect(existsSync(join(dir, service, 'common-passwords.txt'))).toBe(true);
    }
  });

  it('leaves npm packages to node_modules and bundles the workspaces', () => {
    const sources = readFileSync(join(dir, 'sources', 'main.mjs'), 'utf8');
    expect(sources).toMatch(/from "hono"/);
    expect(sources).not.toMatch(/from "@trove\//);
  });

  it("loads the document readers' heavy packages only when a document of theirs is read", () => {
    // The search service's own process indexes rows with the same extraction but never reads a PDF or a DOCX.
    for (const file of ['main.mjs', 'extraction-thread.mjs']) {
      const text = readFileSync(join(dir, 'search', file), 'utf8');
      expect(text).not.toMatch(/from "(mammoth|unpdf)"/);
      expect(text).toMatch(/import\("mammoth"\)/);
    }
  });

  it(
    'runs the reader and mailbox children from their bundles, without tsx',
    async () => {
      expect(await firstMessage(join(dir, 'sources', 'reader-child.mjs'), READER_CHILD_FLAG)).toBe(
        READER_READY,
      );
      expect(await firstMessage(join(dir, 'sources', 'imap-child.mjs'), IMAP_CHILD_FLAG)).toBe(READER_READY);
    },
    testTime(60_000),
  );
});
