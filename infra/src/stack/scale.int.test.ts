import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stack } from './index';
import { startIsolatedStack } from './isolated';
import { signedInCookie, TEST_PASSWORD } from './testing/accounts';
import { countByStatus, sleep, startLoad } from './testing/load';

// docs/decisions/009-deploy-story.md, "Scale-out": two instances of each service behind nginx; one of
// each is killed (SIGKILL, no goodbye) under load. GETs must all succeed (nginx retries idempotent
// requests on the next instance); a POST may fail only if it was in flight on the killed instance, and
// every POST that was acknowledged must be in the database.

let dir: string;
let stack: Stack;
let cookie: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'trove-scale-'));
  mkdirSync(join(dir, 'www'));
  writeFileSync(join(dir, 'www', 'index.html'), '<!doctype html><title>Trove</title>');
  stack = await startIsolatedStack('scale', {
    instances: { auth: 2, profile: 2 },
    wwwRoot: join(dir, 'www'),
    serviceEnv: {
      AUTH_KEY_DIR: join(dir, 'keys'),
      LOG_LEVEL: 'warn',
      RATE_EXISTS_PER_MINUTE: '1000000',
      RATE_REGISTER_PER_MINUTE: '1000000',
      MAIL_POLL_MS: '200',
    },
  });
  cookie = await signedInCookie(stack.url, stack.mailUrl);
});

afterAll(async () => {
  await stack?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('scale-out', () => {
  it('runs two instances of each service behind nginx', () => {
    expect(stack.instances.auth).toHaveLength(2);
    expect(stack.instances.profile).toHaveLength(2);
    expect(new Set([...stack.instances.auth, ...stack.instances.profile].map((i) => i.port)).size).toBe(4);
  });

  it('killing one instance of each under load fails no GET and loses no acknowledged write', async () => {
    const headers = { Cookie: cookie };
    const gets = startLoad(
      stack.url,
      [
        { path: '/api/v1/auth/me', headers },
        { path: '/api/v1/profile/me', headers },
        { path: '/api/v1/auth/readyz' },
        { path: '/api/v1/profile/readyz' },
      ],
      { concurrency: 6, maxDurationMs: 30_000 },
    );
    const posts = startLoad(
      stack.url,
      [
        {
          method: 'POST',
          path: '/api/v1/auth/password/register',
          headers: { 'Content-Type': 'application/json' },
          body: () =>
            JSON.stringify({
              email: `scale-${randomBytes(6).toString('hex')}@example.com`,
              password: TEST_PASSWORD,
            }),
        },
      ],
      { concurrency: 2, maxDurationMs: 30_000 },
    );
    await sleep(1_500);
    const killedAt = gets.now();
    const victims = [stack.instances.auth[0], stack.instances.profile[0]];
    for (const victim of victims) if (victim) process.kill(-victim.pid, 'SIGKILL');
    await sleep(3_000);
    const [getSamples, postSamples] = await Promise.all([gets.stop(), posts.stop()]);

    const failedGets = getSamples.filter((sample) => sample.status !== 200);
    const acknowledged = postSamples.filter((sample) => sample.status === 201);
    const failedPosts = postSamples.filter((sample) => sample.status !== 201);
    const afterKill = getSamples.filter((sample) => sample.at > killedAt);

    const client = new pg.Client({ connectionString: stack.databaseUrl });
    await client.connect();
    let kept: Set<string>;
    try {
      const emails = acknowledged.map(
        (sample) => (JSON.parse(sample.sent ?? '{}') as { email: string }).email,
      );
      const rows = await client.query<{ email: string }>('SELECT email FROM users WHERE email = ANY($1)', [
        emails,
      ]);
      kept = new Set(rows.rows.map((row) => row.email));
    } finally {
      await client.end();
    }
    const lost = acknowledged.filter(
      (sample) => !kept.has((JSON.parse(sample.sent ?? '{}') as { email: string }).email),
    );

    console.log(
      `[scale] killed auth#1 and profile#1 under load: GETs ${getSamples.length} (${afterKill.length} after the kill) ` +
        `${JSON.stringify(countByStatus(getSamples))}, failed ${failedGets.length}; POSTs ${postSamples.length} ` +
        `${JSON.stringify(countByStatus(postSamples))}, failed ${failedPosts.length} (in flight on the killed instance), ` +
        `acknowledged ${acknowledged.length}, lost ${lost.length}`,
    );

    expect(afterKill.length).toBeGreaterThan(50);
    expect(failedGets).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(lost).toEqual([]);
    // A POST can only fail by being cut off on the instance that died: nginx answers 502 for it.
    expect(failedPosts.filter((sample) => sample.status !== 502)).toEqual([]);
    expect(failedPosts.length).toBeLessThanOrEqual(2);
  });
});
