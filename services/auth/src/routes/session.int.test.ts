import { generateKeyPairSync } from 'node:crypto';
import { sql } from 'kysely';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../testing/client';
import { CookieJar, testKeys } from '../testing/harness';
import { type AuthTestbed, createAuthTestbed } from '../testing/setup';

let bed: AuthTestbed;

beforeAll(async () => {
  bed = await createAuthTestbed();
});

afterAll(async () => {
  await bed?.close();
});

let counter = 0;
function freshEmail(): string {
  counter += 1;
  return `session${counter}-${Date.now()}@example.com`;
}

const me = (jar: CookieJar) => call(bed.app, '/api/v1/auth/me', { jar });
const refresh = (jar: CookieJar, csrf: 'access' | 'refresh' | 'none' = 'refresh') =>
  call(bed.app, '/api/v1/auth/refresh', { method: 'POST', jar, csrf });
const logout = (jar: CookieJar, csrf: 'access' | 'refresh' | 'none' = 'refresh') =>
  call(bed.app, '/api/v1/auth/logout', { method: 'POST', jar, csrf });

function b64(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
}

describe('GET /api/v1/auth/me', () => {
  it('200 {user:{id,name,email,phone}} with a valid access cookie, not cached', async () => {
    const email = freshEmail();
    const jar = await bed.signUp(email);
    const res = await me(jar);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const { user } = await res.json();
    expect(Object.keys(user).sort()).toEqual(['email', 'id', 'name', 'phone']);
    expect(user.email).toBe(email);
  });

  it('401 without an access cookie', async () => {
    const res = await me(new CookieJar());
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Not signed in', code: 'unauthenticated' });
  });

  it('401 for an alg:none token carrying the same claims', async () => {
    const jar = await bed.signUp(freshEmail());
    const claims = claimsOf(jar.get('access_token_cookie') ?? '');
    jar.set('access_token_cookie', `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`);
    expect((await me(jar)).status).toBe(401);
  });

  it('401 for a tampered token (payload changed, signature kept)', async () => {
    const jar = await bed.signUp(freshEmail());
    const other = await bed.signUp(freshEmail());
    const [header, , signature] = (jar.get('access_token_cookie') ?? '').split('.');
    const otherClaims = claimsOf(other.get('access_token_cookie') ?? '');
    jar.set('access_token_cookie', `${header}.${b64(otherClaims)}.${signature}`);
    expect((await me(jar)).status).toBe(401);
  });

  it('401 for a token signed by another key, or with HS256 and the public key as the secret', async () => {
    const jar = await bed.signUp(freshEmail());
    const claims = claimsOf(jar.get('access_token_cookie') ?? '');
    const { privateKey } = generateKeyPairSync('ed25519');
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'EdDSA', kid: (await testKeys()).kid })
      .sign(privateKey);
    jar.set('access_token_cookie', forged);
    expect((await me(jar)).status).toBe(401);
    const publicJwk = JSON.stringify((await testKeys()).jwks.keys[0]);
    const hs = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(publicJwk));
    jar.set('access_token_cookie', hs);
    expect((await me(jar)).status).toBe(401);
  });

  it('401 for a refresh token presented as the access token', async () => {
    const jar = await bed.signUp(freshEmail());
    jar.set('access_token_cookie', jar.get('refresh_token_cookie') ?? '');
    expect((await me(jar)).status).toBe(401);
  });

  it('tokens carry the pinned issuer, audience, type and a csrf claim equal to the readable cookie', async () => {
    const jar = await bed.signUp(freshEmail());
    const access = claimsOf(jar.get('access_token_cookie') ?? '');
    expect(access).toMatchObject({
      iss: 'trove-auth',
      aud: 'trove',
      type: 'access',
      csrf: jar.get('csrf_access_token'),
    });
    expect(Number(access.exp) - Number(access.iat)).toBe(900);
    const refreshClaims = claimsOf(jar.get('refresh_token_cookie') ?? '');
    expect(refreshClaims).toMatchObject({ type: 'refresh', csrf: jar.get('csrf_refresh_token') });
    expect(Number(refreshClaims.exp) - Number(refreshClaims.iat)).toBe(30 * 86_400);
  });
});

describe('POST /api/v1/auth/refresh', () => {
  it('200 rotates all four cookies; the new access token works', async () => {
    const jar = await bed.signUp(freshEmail());
    const before = jar.clone();
    const res = await refresh(jar);
    expect(res.status).toBe(200);
    for (const name of [
      'access_token_cookie',
      'refresh_token_cookie',
      'csrf_access_token',
      'csrf_refresh_token',
    ]) {
      expect(jar.get(name)).toBeTruthy();
      expect(jar.get(name)).not.toBe(before.get(name));
    }
    expect((await me(jar)).status).toBe(200);
  });

  it('401 "Missing or invalid CSRF token" without the header, with a wrong one, or with the access value', async () => {
    const jar = await bed.signUp(freshEmail());
    const missing = await refresh(jar, 'none');
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ error: 'Missing or invalid CSRF token', code: 'csrf_failed' });
    expect((await refresh(jar, 'access')).status).toBe(401);
    const wrong = await call(bed.app, '/api/v1/auth/refresh', {
      method: 'POST',
      jar,
      csrf: 'none',
      headers: { 'X-CSRF-TOKEN': 'not-the-token' },
    });
    expect(wrong.status).toBe(401);
    expect((await refresh(jar)).status).toBe(200);
  });

  it('401 without a refresh cookie', async () => {
    expect((await refresh(new CookieJar())).status).toBe(401);
  });

  it('past SESSION_MAX_DAYS a refresh is refused however fresh its token; near the end tokens are cut to the time left', async () => {
    const email = freshEmail();
    const jar = await bed.signUp(email);
    const user = await bed.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const family = () => bed.db.updateTable('refresh_families').where('user_id', '=', user.id);
    // Signed in now: the family ends SESSION_MAX_DAYS (30) from now.
    const stored = await bed.db
      .selectFrom('refresh_families')
      .select(['created_at', 'expires_at'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect((stored.expires_at.getTime() - stored.created_at.getTime()) / 86_400_000).toBeCloseTo(30, 2);

    await family().set({ expires_at: sql`now() + interval '60 seconds'` }).execute();
    const near = await refresh(jar);
    expect(near.status).toBe(200);
    const refreshExp = claimsOf(jar.get('refresh_token_cookie') ?? '').exp as number;
    const accessExp = claimsOf(jar.get('access_token_cookie') ?? '').exp as number;
    expect(refreshExp - Date.now() / 1000).toBeLessThanOrEqual(61);
    expect(accessExp - Date.now() / 1000).toBeLessThanOrEqual(61);

    await family().set({ expires_at: sql`now() - interval '1 second'` }).execute();
    expect((await refresh(jar)).status).toBe(401);
  });

  it('a rotated token replayed within the grace window is still accepted (two tabs)', async () => {
    const jar = await bed.signUp(freshEmail());
    const stale = jar.clone();
    expect((await refresh(jar)).status).toBe(200);
    expect((await refresh(stale)).status).toBe(200);
    expect((await me(jar)).status).toBe(200);
  });

  it('a replay inside the grace window gets the same successor, so the family never forks (issue 18 item 9)', async () => {
    const email = freshEmail();
    const jar = await bed.signUp(email);
    const tabs = [jar.clone(), jar.clone(), jar.clone()];
    // Three tabs refresh the same token at once, then one more time afterwards.
    const answers = await Promise.all(tabs.map((tab) => refresh(tab)));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
    const late = jar.clone();
    expect((await refresh(late)).status).toBe(200);
    const pairs = [...tabs, late].map((tab) => [
      tab.get('access_token_cookie'),
      tab.get('refresh_token_cookie'),
    ]);
    for (const pair of pairs) expect(pair).toEqual(pairs[0]);
    expect(tabs[0]?.get('csrf_refresh_token')).toBe(late.get('csrf_refresh_token'));
    // One family, one live (unrotated) token in it: the successor everybody holds.
    const user = await bed.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const tokens = await bed.db
      .selectFrom('refresh_tokens')
      .innerJoin('refresh_families', 'refresh_families.id', 'refresh_tokens.family_id')
      .select(['refresh_tokens.jti', 'refresh_tokens.rotated_at'])
      .where('refresh_families.user_id', '=', user.id)
      .execute();
    expect(tokens).toHaveLength(2);
    const live = tokens.filter((token) => token.rotated_at === null);
    expect(live.map((token) => token.jti)).toEqual([claimsOf(late.get('refresh_token_cookie') ?? '').jti]);
    // And the successor refreshes onward as usual.
    expect((await refresh(late)).status).toBe(200);
    expect((await me(late)).status).toBe(200);
  });

  it('a rotated token replayed after the grace window revokes its whole family', async () => {
    const jar = await bed.signUp(freshEmail());
    const stolen = jar.clone();
    expect((await refresh(jar)).status).toBe(200);
    await bed.db
      .updateTable('refresh_tokens')
      .set({ rotated_at: sql`now() - interval '11 seconds'` })
      .where('rotated_at', 'is not', null)
      .execute();
    const replay = await refresh(stolen);
    expect(replay.status).toBe(401);
    // The legitimate holder's newer tokens died with the family.
    expect((await refresh(jar)).status).toBe(401);
    expect((await me(jar)).status).toBe(401);
  });
});

describe('POST /api/v1/auth/logout', () => {
  it('revokes the family and expires all four cookies', async () => {
    const jar = await bed.signUp(freshEmail());
    const copy = jar.clone();
    const res = await logout(jar);
    expect(res.status).toBe(200);
    const expired = res.headers.getSetCookie().filter((line) => /Max-Age=0/.test(line));
    expect(expired.map((line) => line.split('=')[0]).sort()).toEqual([
      'access_token_cookie',
      'csrf_access_token',
      'csrf_refresh_token',
      'refresh_token_cookie',
    ]);
    expect((await me(copy)).status).toBe(401);
    expect((await refresh(copy)).status).toBe(401);
  });

  it('200 even when already signed out', async () => {
    expect((await logout(new CookieJar())).status).toBe(200);
  });

  it('401 with a session but without the CSRF header', async () => {
    const jar = await bed.signUp(freshEmail());
    expect((await logout(jar, 'none')).status).toBe(401);
    expect((await me(jar)).status).toBe(200);
  });
});

describe('CSRF on state-changing auth requests made with an access cookie', () => {
  it('401 without the header, 401 with the refresh value, and the request goes through with the access value', async () => {
    const jar = await bed.signUp(freshEmail());
    const body = { email: 'someone@example.com' };
    const missing = await call(bed.app, '/api/v1/auth/password/exists', { body, jar, csrf: 'none' });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ error: 'Missing or invalid CSRF token', code: 'csrf_failed' });
    expect((await call(bed.app, '/api/v1/auth/password/exists', { body, jar, csrf: 'refresh' })).status).toBe(
      401,
    );
    expect((await call(bed.app, '/api/v1/auth/password/exists', { body, jar })).status).toBe(200);
  });
});

describe('GET /api/v1/auth/.well-known/jwks.json', () => {
  it('serves the public Ed25519 key and nothing private', async () => {
    const res = await bed.app.request('/api/v1/auth/.well-known/jwks.json');
    expect(res.status).toBe(200);
    const { keys } = await res.json();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({
      kty: 'OKP',
      crv: 'Ed25519',
      alg: 'EdDSA',
      use: 'sig',
      kid: expect.any(String),
    });
    expect(keys[0].d).toBeUndefined();
  });
});
