import { type CryptoKey, generateKeyPair, SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CLOCK_TOLERANCE_SECONDS,
  TOKEN_ALGORITHM,
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
  type TokenType,
  type VerificationKey,
  verifySessionToken,
} from './session-tokens';

async function keyPair() {
  return generateKeyPair(TOKEN_ALGORITHM, { crv: 'Ed25519' });
}

async function sign(privateKey: CryptoKey, type: TokenType, ttlSeconds: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ type, fid: 'family-1', csrf: 'csrf-1' })
    .setProtectedHeader({ alg: TOKEN_ALGORITHM })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setSubject('user-1')
    .setJti(crypto.randomUUID())
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(privateKey);
}

/** A key given as a lookup function, so the test sees each signature check the verifier makes. */
function countingKey(publicKey: CryptoKey): { key: VerificationKey; checks: () => number } {
  let checks = 0;
  const key: VerificationKey = async () => {
    checks++;
    return publicKey;
  };
  return { key, checks: () => checks };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('verifySessionToken', () => {
  it('checks a token’s signature once, then answers the same claims from what it kept', async () => {
    const { publicKey, privateKey } = await keyPair();
    const { key, checks } = countingKey(publicKey);
    const token = await sign(privateKey, 'access', 900);

    const first = await verifySessionToken(token, key, 'access');
    const second = await verifySessionToken(token, key, 'access');

    expect(first).toMatchObject({ sub: 'user-1', fid: 'family-1', csrf: 'csrf-1', type: 'access' });
    expect(second).toEqual(first);
    expect(checks()).toBe(1);
  });

  it('refuses a kept token once it has expired (after the clock tolerance)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { publicKey, privateKey } = await keyPair();
    const token = await sign(privateKey, 'access', 60);
    expect(await verifySessionToken(token, publicKey, 'access')).toBeDefined();

    vi.setSystemTime(Date.now() + (60 + CLOCK_TOLERANCE_SECONDS - 2) * 1000);
    expect(await verifySessionToken(token, publicKey, 'access')).toBeDefined();
    vi.setSystemTime(Date.now() + 4_000);
    expect(await verifySessionToken(token, publicKey, 'access')).toBeUndefined();
  });

  it('never answers a kept token as another type', async () => {
    const { publicKey, privateKey } = await keyPair();
    const token = await sign(privateKey, 'access', 900);
    expect(await verifySessionToken(token, publicKey, 'access')).toBeDefined();
    expect(await verifySessionToken(token, publicKey, 'refresh')).toBeUndefined();
  });

  it('keeps checks per key: a token passed with one key is not valid under another', async () => {
    const signer = await keyPair();
    const other = await keyPair();
    const token = await sign(signer.privateKey, 'access', 900);
    expect(await verifySessionToken(token, signer.publicKey, 'access')).toBeDefined();
    expect(await verifySessionToken(token, other.publicKey, 'access')).toBeUndefined();
  });

  it('refuses a token whose signature was altered, even after the original passed', async () => {
    const { publicKey, privateKey } = await keyPair();
    const token = await sign(privateKey, 'access', 900);
    expect(await verifySessionToken(token, publicKey, 'access')).toBeDefined();
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    const altered = `${token.slice(0, -2)}${last}${token.at(-1)}`;
    expect(await verifySessionToken(altered, publicKey, 'access')).toBeUndefined();
  });
});
