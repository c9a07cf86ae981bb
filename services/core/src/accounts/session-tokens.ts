import { timingSafeEqual } from 'node:crypto';
import { ACCESS_COOKIE, CSRF_ERROR_MESSAGE, CSRF_HEADER } from '@trove/contracts';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { type CryptoKey, createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose';
import type { DatabaseHandle } from '../database';
import { ApiError } from '../errors';
import type { ServiceEnv } from '../hono-env';
import { isFamilyActive } from './sessions.repository';

// Session tokens (docs/architecture.md#sessions): signed by the auth service with an Ed25519 key, verified by
// every service with the public half (the profile service fetches it from the auth service's JWKS).

export const TOKEN_ISSUER = 'trove-auth';
export const TOKEN_AUDIENCE = 'trove';
/** The one algorithm accepted: pinning it is what makes `alg:none` and HS256-with-the-public-key fail. */
export const TOKEN_ALGORITHM = 'EdDSA';
/** The issue's "≤ 10 s clock tolerance". */
export const CLOCK_TOLERANCE_SECONDS = 10;

/** `device` marks a browser an account signed in on (issue 18 item 4); it opens nothing by itself. */
export type TokenType = 'access' | 'refresh' | 'pending_login' | 'device';

export interface SessionClaims {
  /** The user id. */
  sub: string;
  jti: string;
  type: TokenType;
  /** The refresh-token family (one per sign-in). */
  fid: string;
  /** The double-submit value `X-CSRF-TOKEN` must equal (flask-jwt-extended's `csrf` claim). */
  csrf: string;
}

export type VerificationKey = CryptoKey | JWTVerifyGetKey;

/** The auth service's public keys, fetched from its JWKS and cached (AUTH_JWKS_URL). */
export function remoteVerificationKeys(jwksUrl: string): JWTVerifyGetKey {
  return createRemoteJWKSet(new URL(jwksUrl), { cacheMaxAge: 10 * 60_000, cooldownDuration: 30_000 });
}

/**
 * The claims of a valid token of `type`, or undefined for anything else: a bad signature, another
 * algorithm, issuer or audience, an expired token, or a token of another type (a refresh token is
 * never an access token).
 */
/**
 * Signature checks already passed, per key: the token's exact text → its claims and when it stops being
 * valid. An Ed25519 check through WebCrypto cost ~0.6 ms of CPU a request, as much as the rest of a
 * session check; the same browser sends the same access token with every request for its lifetime, so the
 * check is done once per token (docs/decisions/020-search-postings.md). Only passed checks are
 * kept, expiry is tested on every use, and the family lookup (sign-out, revocation) still runs every
 * request. Bounded: the oldest entry goes first.
 */
const verifiedTokens = new WeakMap<object, Map<string, { claims: SessionClaims; validUntilMs: number }>>();
export const VERIFIED_TOKENS_KEPT = 10_000;

function verifiedFor(key: VerificationKey): Map<string, { claims: SessionClaims; validUntilMs: number }> {
  let kept = verifiedTokens.get(key);
  if (kept === undefined) {
    kept = new Map();
    verifiedTokens.set(key, kept);
  }
  return kept;
}

export async function verifySessionToken(
  token: string | undefined,
  key: VerificationKey,
  type: TokenType,
): Promise<SessionClaims | undefined> {
  if (token === undefined || token === '' || token.length > 4096) return undefined;
  const kept = verifiedFor(key);
  const known = kept.get(token);
  if (known !== undefined) {
    if (Date.now() < known.validUntilMs) return known.claims.type === type ? known.claims : undefined;
    kept.delete(token);
  }
  try {
    const { payload } = await jwtVerify(token, key as CryptoKey, {
      algorithms: [TOKEN_ALGORITHM],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['sub', 'jti', 'exp', 'iat'],
    });
    const { sub, jti, fid, csrf, exp } = payload;
    if (
      typeof sub !== 'string' ||
      typeof jti !== 'string' ||
      typeof fid !== 'string' ||
      typeof csrf !== 'string' ||
      typeof exp !== 'number' ||
      (payload.type !== 'access' &&
        payload.type !== 'refresh' &&
        payload.type !== 'pending_login' &&
        payload.type !== 'device')
    ) {
      return undefined;
    }
    const claims: SessionClaims = { sub, jti, fid, csrf, type: payload.type };
    // jwtVerify accepts a token until exp + the clock tolerance; the kept check ends at the same moment.
    if (kept.size >= VERIFIED_TOKENS_KEPT) {
      const oldest = kept.keys().next();
      if (oldest.done !== true) kept.delete(oldest.value);
    }
    kept.set(token, { claims, validUntilMs: (exp + CLOCK_TOLERANCE_SECONDS) * 1000 });
    return claims.type === type ? claims : undefined;
  } catch {
    return undefined;
  }
}

/** Constant-time string comparison, so the CSRF check leaks nothing through timing. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isStateChanging(method: string): boolean {
  return STATE_CHANGING.has(method.toUpperCase());
}

export interface AccessSession {
  userId: string;
  familyId: string;
}

export const NOT_SIGNED_IN = 'Not signed in';

/**
 * The signed-in user of a request, from the access cookie: a valid access token whose family is still
 * active. On POST/PUT/PATCH/DELETE, `X-CSRF-TOKEN` must equal the token's `csrf` claim (the
 * double-submit check of the flask-jwt-extended convention). Anything else is a 401.
 */
export async function requireAccessSession<Env extends ServiceEnv>(
  c: Context<Env>,
  key: VerificationKey,
  db: DatabaseHandle,
): Promise<AccessSession> {
  const claims = await verifySessionToken(getCookie(c, ACCESS_COOKIE), key, 'access');
  if (claims === undefined) throw new ApiError(401, NOT_SIGNED_IN, 'unauthenticated');
  if (isStateChanging(c.req.method) && !safeEqual(c.req.header(CSRF_HEADER) ?? '', claims.csrf)) {
    throw new ApiError(401, CSRF_ERROR_MESSAGE, 'csrf_failed');
  }
  if (!(await isFamilyActive(db, claims.fid))) throw new ApiError(401, NOT_SIGNED_IN, 'unauthenticated');
  return { userId: claims.sub, familyId: claims.fid };
}
