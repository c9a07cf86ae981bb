import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '@trove/infra/free-port';
import { startIsolatedStack } from '@trove/infra/isolated-stack';
import { RAISED_PROXY_AUTH_LIMITS, REPO_ROOT } from '@trove/infra/stack';
import type { TestProject } from 'vitest/node';

/**
 * One stack for the whole e2e run: a fresh database on the test server, free ports (so it runs beside a
 * developer's `npm start`), and a private copy of the build, because tests change its runtime config and
 * take remote folders away.
 */
export default async function setup(project: TestProject) {
  // BUILD_OUT_DIR is the build's own setting (infra/src/build.ts), so a test run uses what was built.
  const built = resolve(process.env.BUILD_OUT_DIR ?? join(REPO_ROOT, 'dist', 'www'));
  if (!existsSync(join(built, 'index.html'))) {
    throw new Error(
      'dist/www is missing: build first (npx tsx infra/src/build.ts); npm test does it for you.',
    );
  }
  const scratch = mkdtempSync(join(tmpdir(), 'trove-e2e-'));
  const wwwRoot = join(scratch, 'www');
  cpSync(built, wwwRoot, { recursive: true });

  const spareRemoteOrigin = `http://127.0.0.1:${await freePort()}`;
  const stack = await startIsolatedStack('e2e', {
    wwwRoot,
    // npm test bundles the services for the run (docs/decisions/247): the stack runs them as `npm start` does.
    serviceBundles: process.env.TROVE_SERVICE_BUNDLES_DIR || undefined,
    remoteOrigins: [spareRemoteOrigin],
    // Every browser test comes from one address, so the per-IP abuse limits are raised; mail is sent
    // within 100 ms so a test reading a code waits little; the signing key and the key that seals
    // sources' passwords live in the scratch folder. A source may connect to this machine, where the
    // sources spec runs its Dovecot (SOURCE_ALLOWED_HOSTS is how a self-hoster allows their own server).
    serviceEnv: {
      AUTH_KEY_DIR: join(scratch, 'keys'),
      SECRETS_KEY_DIR: join(scratch, 'secrets'),
      // Git repository sources keep their bare copies here (issue 43).
      SOURCE_GIT_DIR: join(scratch, 'git'),
      SOURCE_ALLOWED_HOSTS: '127.0.0.1',
      MAIL_POLL_MS: '100',
      RATE_EXISTS_PER_MINUTE: '100000',
      RATE_REGISTER_PER_MINUTE: '100000',
      RATE_PASSWORD_CHECKS_PER_MINUTE: '100000',
      RATE_LOGIN_FAILURES: '100000',
      RATE_CODE_MAILS_PER_HOUR: '100000',
      // The sources' per-user budgets a minute (docs/decisions/201): the specs test and sync more often than a person.
      SOURCE_CHECKS_PER_MINUTE: '100000',
      SOURCE_FILES_PER_MINUTE: '100000',
      SOURCE_SYNC_NOW_PER_MINUTE: '100000',
      // nginx's own per-network limits on sign-up and sign-in (docs/decisions/096).
      ...RAISED_PROXY_AUTH_LIMITS,
    },
  });

  project.provide('baseUrl', stack.url);
  project.provide('mailUrl', stack.mailUrl);
  project.provide('wwwRoot', wwwRoot);
  project.provide('spareRemoteOrigin', spareRemoteOrigin);

  return async () => {
    await stack.stop();
    rmSync(scratch, { recursive: true, force: true });
  };
}
