import { KNOWN_DEVICE_COOKIE } from '@trove/contracts';
import { clientIp, isHttpsRequest, type ServiceEnv, verifySessionToken } from '@trove/service-core';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AuthDeps } from '../deps';
import { setKnownDeviceCookie, setSessionCookies } from '../sessions/cookies';
import type { IssuedSession } from '../sessions/sessions.service';
import { signToken } from '../sessions/tokens';

/** The client IP for the abuse limits: the proxy's header only when the connection is from the proxy. */
export function ipOf(c: Context<ServiceEnv>, deps: AuthDeps): string {
  return clientIp(c, deps.trustedProxies) ?? 'unknown';
}

/**
 * Session cookies get `Secure` when the browser came over https (directly, or per a trusted proxy's
 * X-Forwarded-Proto), and always when PUBLIC_URL is https: a deployment that is public over https must
 * never issue a cookie a downgraded connection could carry (docs/decisions/009, "Self-hosting").
 */
export function secureCookies(c: Context<ServiceEnv>, deps: AuthDeps): boolean {
  return deps.env.PUBLIC_URL?.protocol === 'https:' || isHttpsRequest(c, deps.trustedProxies);
}

/**
 * Waits until `minMs` have passed since `started`, so answers that do different work for a known and an
 * unknown email (exists, otp and reset requests) leave at the same time (the issue's ±20% rule).
 */
export async function answerNoSoonerThan(started: number, minMs: number): Promise<void> {
  const left = minMs - (performance.now() - started);
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}

/**
 * A sign-in (login, a login2fa or verify code, a reset): the session cookies, and the signed mark that
 * this browser is one the account signed in on (issue 18 item 4).
 */
export async function setSignedInCookies(
  c: Context<ServiceEnv>,
  deps: AuthDeps,
  session: IssuedSession,
): Promise<void> {
  const secure = secureCookies(c, deps);
  setSessionCookies(c, session, deps.sessions, secure);
  const ttlSeconds = deps.env.KNOWN_DEVICE_DAYS * 86_400;
  const device = await signToken(deps.keys, {
    type: 'device',
    sub: session.access.claims.sub,
    fid: 'device',
    ttlSeconds,
  });
  setKnownDeviceCookie(c, device.token, ttlSeconds, secure);
}

/** The account this browser signed in on before, per its known-device cookie; undefined for none. */
export async function knownDeviceUserId(c: Context<ServiceEnv>, deps: AuthDeps): Promise<string | undefined> {
  const claims = await verifySessionToken(
    getCookie(c, KNOWN_DEVICE_COOKIE),
    deps.keys.verificationKey,
    'device',
  );
  return claims?.sub;
}
