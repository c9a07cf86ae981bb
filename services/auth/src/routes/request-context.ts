import { clientIp, isHttpsRequest, type ServiceEnv } from '@trove/service-core';
import type { Context } from 'hono';
import type { AuthDeps } from '../deps';

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
