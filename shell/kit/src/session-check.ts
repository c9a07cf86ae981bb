import {
  type AcceptedSessionUser,
  API_PATHS,
  CSRF_ACCESS_COOKIE,
  CSRF_HEADER,
  CSRF_REFRESH_COOKIE,
} from '@trove/contracts';
import { ApiError, type ApiClient, readCsrfCookie } from './api-client';

/** What one check learned: a user, a confirmed guest, or nothing (the network failed). */
export type SessionCheckResult =
  | { kind: 'user'; user: AcceptedSessionUser }
  | { kind: 'guest' }
  | { kind: 'unknown' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * docs/product/api.md#auth-calls: /auth/me answers the user nested under `user` or flat. docs/product/shell.md#user: it is accepted only if it
 * has an id.
 */
export function readSessionUser(data: unknown): AcceptedSessionUser | null {
  if (!isRecord(data)) return null;
  const candidate = isRecord(data.user) ? data.user : data;
  const id = candidate.id;
  const hasId = (typeof id === 'string' && id !== '') || (typeof id === 'number' && Number.isFinite(id));
  if (!hasId) return null;
  const pick = (key: string) => (typeof candidate[key] === 'string' ? (candidate[key] as string) : null);
  return { id, name: pick('name'), email: pick('email'), phone: pick('phone') };
}

/** docs/product/shell.md#session, docs/product/shell.md#constants: checks started within this window of the previous one reuse the pending one. */
export const SESSION_CHECK_REUSE_MS = 1500;

/**
 * Wraps a check so that one started within `windowMs` of the previous start gets the previous promise
 * instead of a new request (docs/product/shell.md#session): a focus event right after the first load asks the server once.
 */
export function reuseRecentCheck<T>(
  run: () => Promise<T>,
  windowMs = SESSION_CHECK_REUSE_MS,
  now: () => number = Date.now,
): () => Promise<T> {
  let last: { startedAt: number; promise: Promise<T> } | null = null;
  return () => {
    const at = now();
    if (last && at - last.startedAt < windowMs) return last.promise;
    last = { startedAt: at, promise: run() };
    return last.promise;
  };
}

/** POST /auth/refresh with the refresh CSRF token (docs/product/api.md#csrf); success is judged by an ok response. */
export async function refreshSession(client: ApiClient, cookies: string): Promise<boolean> {
  const token = readCsrfCookie(cookies, CSRF_REFRESH_COOKIE);
  // Without the readable half of the refresh pair there is no refresh token either: skip the call.
  if (!token) return false;
  try {
    await client.post(`${API_PATHS.auth}/refresh`, undefined, { headers: { [CSRF_HEADER]: token } });
    return true;
  } catch {
    return false;
  }
}

async function getMe(client: ApiClient): Promise<AcceptedSessionUser | null> {
  return readSessionUser(await client.get(`${API_PATHS.auth}/me`, { cache: 'no-store' }));
}

/**
 * Whether the browser may hold a session at all. The auth service sets each httpOnly token cookie
 * together with its readable CSRF twin (docs/architecture.md#sessions), so with neither twin present there is no
 * token to send, and asking /auth/me would only earn a 401 (logged as an error by the browser).
 */
export function mayHaveSession(cookies: string): boolean {
  return (
    readCsrfCookie(cookies, CSRF_ACCESS_COOKIE) !== undefined ||
    readCsrfCookie(cookies, CSRF_REFRESH_COOKIE) !== undefined
  );
}

/**
 * One session check (docs/product/shell.md#session-errors): a 401 refreshes once and retries once, then means guest; a 403 means
 * guest; a network failure is swallowed and reported as unknown.
 */
export async function checkSession(
  client: ApiClient,
  readCookies: () => string,
): Promise<SessionCheckResult> {
  if (!mayHaveSession(readCookies())) return { kind: 'guest' };
  const asResult = (user: AcceptedSessionUser | null): SessionCheckResult =>
    user ? { kind: 'user', user } : { kind: 'guest' };
  try {
    return asResult(await getMe(client));
  } catch (error) {
    if (!(error instanceof ApiError)) return { kind: 'unknown' };
    if (error.status !== 401) return { kind: 'guest' };
  }
  if (!(await refreshSession(client, readCookies()))) return { kind: 'guest' };
  try {
    return asResult(await getMe(client));
  } catch (error) {
    return error instanceof ApiError ? { kind: 'guest' } : { kind: 'unknown' };
  }
}
