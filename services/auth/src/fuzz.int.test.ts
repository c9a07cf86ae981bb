import { snapshotDatabase } from '@trove/service-core/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestbed, createAuthTestbed } from './testing/setup';

// The property: random JSON (and random non-JSON) sent to every endpoint never causes a 5xx and
// leaves the database as it was. Bodies use the endpoints' own field names half the time, so the
// schemas see plausible shapes with wrong values, not only noise.

let bed: AuthTestbed;

beforeAll(async () => {
  bed = await createAuthTestbed();
  await bed.signUp('fuzz@example.com');
});

afterAll(async () => {
  await bed?.close();
});

const FIELDS = ['email', 'password', 'channel', 'target', 'purpose', 'code', 'reset_token', 'new_password'];

const fieldsBody = fc.dictionary(fc.constantFrom(...FIELDS), fc.jsonValue(), { maxKeys: 4 });
const body = fc.oneof(
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fieldsBody.map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 200 }),
);

const ENDPOINTS = [
  'password/exists',
  'password/register',
  'password/login',
  'password/reset/request',
  'password/reset/verify',
  'password/reset/complete',
  'otp/request',
  'otp/verify',
  'refresh',
  'logout',
];

describe('random input to every auth endpoint', () => {
  it.each(ENDPOINTS)('POST /api/v1/auth/%s: never a 5xx, database unchanged', async (endpoint) => {
    const before = await snapshotDatabase(bed.db);
    await fc.assert(
      fc.asyncProperty(body, fc.constantFrom('application/json', 'text/plain'), async (payload, type) => {
        const res = await bed.app.request(`/api/v1/auth/${endpoint}`, {
          method: 'POST',
          headers: { 'Content-Type': type },
          body: payload,
        });
        expect(res.status).toBeLessThan(500);
        const answer = await res.json();
        expect(typeof answer).toBe('object');
        if (res.status >= 400)
          expect(answer).toMatchObject({ error: expect.any(String), code: expect.any(String) });
      }),
      { numRuns: 150 },
    );
    expect(await snapshotDatabase(bed.db)).toBe(before);
  });

  it('GET /api/v1/auth/me with random cookies: never a 5xx, database unchanged', async () => {
    const before = await snapshotDatabase(bed.db);
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (value) => {
        const res = await bed.app.request('/api/v1/auth/me', {
          headers: { Cookie: `access_token_cookie=${encodeURIComponent(value)}` },
        });
        expect(res.status).toBe(401);
      }),
      { numRuns: 150 },
    );
    expect(await snapshotDatabase(bed.db)).toBe(before);
  });
});
