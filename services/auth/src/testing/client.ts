import { CSRF_ACCESS_COOKIE, CSRF_REFRESH_COOKIE, csrfCookieName } from '@trove/contracts';
import type { Hono } from 'hono';
import type { CookieJar } from './harness';

// biome-ignore lint/suspicious/noExplicitAny: any Hono app, whatever its env type
type App = Hono<any>;

export interface Call {
  method?: 'GET' | 'POST' | 'PUT';
  body?: unknown;
  jar?: CookieJar;
  /** Which CSRF cookie to copy into X-CSRF-TOKEN, as the kit does (docs/product/api.md#csrf, docs/product/api.md#cookies). */
  csrf?: 'access' | 'refresh' | 'none';
  headers?: Record<string, string>;
}

/** One in-process request the way the browser kit makes it: cookies, JSON, and the CSRF header. */
export async function call(app: App, path: string, options: Call = {}): Promise<Response> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const jar = options.jar;
  if (jar) {
    const cookie = jar.header();
    if (cookie !== '') headers.Cookie = cookie;
    const csrf = options.csrf ?? 'access';
    const value =
      csrf === 'none'
        ? undefined
        : (jar.get(csrfCookieName(csrf === 'access' ? CSRF_ACCESS_COOKIE : CSRF_REFRESH_COOKIE, true)) ??
          jar.get(csrf === 'access' ? CSRF_ACCESS_COOKIE : CSRF_REFRESH_COOKIE));
    if (value !== undefined && method !== 'GET') headers['X-CSRF-TOKEN'] = value;
  }
  const res = await app.request(path, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  jar?.store(res);
  return res;
}
