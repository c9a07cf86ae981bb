import { hashPassword, type RunningServer, startServer } from '@trove/service-core';
import { captureLogs } from '@trove/service-core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestbed, createAuthTestbed, PASSWORD } from '../testing/setup';

// Issue 18 item 2: every argon2 hash and check of the process goes through one gate
// (PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_QUEUE). In a file of its own: the gate is per process.
// Here it takes one at a time with no queue, and the test keeps that one slot busy, so whatever would
// hash is refused with a 503 at once — and what answers without one never meets the gate.

let bed: AuthTestbed;
let server: RunningServer;
let busy = true;
let holding: Promise<void>;

const post = (path: string, body: unknown) =>
  fetch(`http://127.0.0.1:${server.port}/api/v1/auth${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Keeps the gate's one slot taken with back-to-back hashes until the test ends. */
async function holdTheGate(): Promise<void> {
  while (busy) {
    await hashPassword('keeping the gate busy').catch(() => new Promise((resolve) => setImmediate(resolve)));
  }
}

beforeAll(async () => {
  bed = await createAuthTestbed({ PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '0' });
  await bed.signUp('gate@example.com');
  server = await startServer(bed.app, {
    port: 0,
    host: '127.0.0.1',
    portVariable: 'AUTH_PORT',
    logger: captureLogs().logger,
  });
  holding = holdTheGate();
});

afterAll(async () => {
  busy = false;
  await holding;
  await server?.close();
  await bed?.close();
});

describe('the password-hash gate', () => {
  it('a login past PASSWORD_HASH_CONCURRENCY with a full queue is a 503 with retry_after, at once', async () => {
    const res = await post('/password/login', { email: 'gate@example.com', password: PASSWORD });
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body.retry_after).toBe(1);
    expect(body.error).toMatch(/Try again in a moment/);
  });

  it('reset/complete checks the token before it hashes: a made-up token is a 400, not a wait for argon2', async () => {
    const res = await post('/password/reset/complete', {
      reset_token: 'y'.repeat(43),
      new_password: 'Another-Horse-8',
    });
    expect(res.status).toBe(400);
  });
});
