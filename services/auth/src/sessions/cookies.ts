import {
  ACCESS_COOKIE,
  CSRF_ACCESS_COOKIE,
  CSRF_REFRESH_COOKIE,
  csrfCookieName,
  KNOWN_DEVICE_COOKIE,
  KNOWN_DEVICE_PATH,
  REFRESH_COOKIE,
} from '@trove/contracts';
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { IssuedSession, SessionSettings } from './sessions.service';

// The flask-jwt-extended cookie convention (docs/architecture.md#sessions). Tokens are HttpOnly on narrow paths:
// the access token goes to every API (/api/v1), the refresh token only to the auth service, where
// refresh and logout live. The two CSRF values are readable by the page, which copies them into
// X-CSRF-TOKEN (docs/product/api.md#csrf, docs/product/api.md#cookies). SameSite=Lax; Secure whenever the browser came over https.

export const ACCESS_PATH = '/api/v1';
export const REFRESH_PATH = '/api/v1/auth';
export const PENDING_LOGIN_COOKIE = 'pending_login_token';
export const PENDING_LOGIN_PATH = '/api/v1/auth/otp';

export function setSessionCookies(
  c: Context,
  session: IssuedSession,
  settings: SessionSettings,
  secure: boolean,
): void {
  const base = { sameSite: 'Lax', secure } as const;
  setCookie(c, ACCESS_COOKIE, session.access.token, {
    ...base,
    httpOnly: true,
    path: ACCESS_PATH,
    maxAge: settings.accessTtlSeconds,
  });
  setCookie(c, REFRESH_COOKIE, session.refresh.token, {
    ...base,
    httpOnly: true,
    path: REFRESH_PATH,
    maxAge: settings.refreshTtlSeconds,
  });
  setCookie(c, csrfCookieName(CSRF_ACCESS_COOKIE, secure), session.access.csrf, {
    ...base,
    path: '/',
    maxAge: settings.accessTtlSeconds,
  });
  setCookie(c, csrfCookieName(CSRF_REFRESH_COOKIE, secure), session.refresh.csrf, {
    ...base,
    path: '/',
    maxAge: settings.refreshTtlSeconds,
  });
  deleteCookie(c, PENDING_LOGIN_COOKIE, { path: PENDING_LOGIN_PATH, secure });
}

/** Expires all four session cookies (logout), on the same paths they were set on. */
export function clearSessionCookies(c: Context, secure: boolean): void {
  const base = { sameSite: 'Lax', secure } as const;
  deleteCookie(c, ACCESS_COOKIE, { ...base, httpOnly: true, path: ACCESS_PATH });
  deleteCookie(c, REFRESH_COOKIE, { ...base, httpOnly: true, path: REFRESH_PATH });
  deleteCookie(c, csrfCookieName(CSRF_ACCESS_COOKIE, secure), { ...base, path: '/' });
  deleteCookie(c, csrfCookieName(CSRF_REFRESH_COOKIE, secure), { ...base, path: '/' });
}

/** The short-lived proof that a password matched, without which a login2fa code signs nobody in. */
export function setPendingLoginCookie(c: Context, token: string, maxAge: number, secure: boolean): void {
  setCookie(c, PENDING_LOGIN_COOKIE, token, {
    sameSite: 'Lax',
    secure,
    httpOnly: true,
    path: PENDING_LOGIN_PATH,
    maxAge,
  });
}

/** Marks this browser as one the account signed in on: the account-wide login slow-down skips it. */
export function setKnownDeviceCookie(c: Context, token: string, maxAge: number, secure: boolean): void {
  setCookie(c, KNOWN_DEVICE_COOKIE, token, {
    sameSite: 'Strict',
    secure,
    httpOnly: true,
    path: KNOWN_DEVICE_PATH,
    maxAge,
  });
}
