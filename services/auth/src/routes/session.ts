import {
  ACCESS_COOKIE,
  CSRF_ERROR_MESSAGE,
  CSRF_HEADER,
  type MeResponse,
  REFRESH_COOKIE,
} from '@trove/contracts';
import {
  ApiError,
  NOT_SIGNED_IN,
  noStore,
  signedIn,
  type ServiceEnv,
  safeEqual,
  verifySessionToken,
} from '@trove/service-core';
import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { currentUser } from '../accounts/accounts.service';
import type { AuthDeps } from '../deps';
import { clearSessionCookies, setSessionCookies } from '../sessions/cookies';
import { endSession, rotateSession } from '../sessions/sessions.service';
import { secureCookies } from './request-context';

/** /api/v1/auth/me, /refresh, /logout and the JWKS — docs/product/api.md#auth-calls, docs/architecture.md#sessions. */
export function createSessionRoutes(deps: AuthDeps): Hono<ServiceEnv> {
  const routes = new Hono<ServiceEnv>();

  // The public keys other services verify access tokens with. Public by nature; cached briefly.
  routes.get('/.well-known/jwks.json', (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(deps.keys.jwks, 200);
  });

  routes.get('/me', noStore, signedIn(deps.keys.verificationKey, deps.db), async (c) => {
    const { session } = c.var;
    return c.json<MeResponse>({ user: await currentUser(deps, session.userId) }, 200);
  });

  // docs/product/api.md#csrf: refresh sends X-CSRF-TOKEN from csrf_refresh_token; all four cookies are rotated.
  routes.post('/refresh', async (c) => {
    const claims = await verifySessionToken(
      getCookie(c, REFRESH_COOKIE),
      deps.keys.verificationKey,
      'refresh',
    );
    if (claims === undefined) throw new ApiError(401, NOT_SIGNED_IN, 'unauthenticated');
    if (!safeEqual(c.req.header(CSRF_HEADER) ?? '', claims.csrf)) {
      throw new ApiError(401, CSRF_ERROR_MESSAGE, 'csrf_failed');
    }
    const result = await rotateSession(deps.db, deps.keys, deps.sessions, claims.jti);
    const secure = secureCookies(c, deps);
    if (!result.ok) {
      clearSessionCookies(c, secure);
      throw new ApiError(401, 'Session expired. Please sign in again.', 'session_revoked');
    }
    setSessionCookies(c, result.session, deps.sessions, secure);
    return c.json({ refreshed: true }, 200);
  });

  // docs/product/api.md#auth-calls, docs/product/shell.md#session-errors: logout always ends signed out, so it is 200 even without a session. With one, the
  // header must match (logout CSRF would let any site sign a user out).
  routes.post('/logout', async (c) => {
    const key = deps.keys.verificationKey;
    const refresh = await verifySessionToken(getCookie(c, REFRESH_COOKIE), key, 'refresh');
    const access = await verifySessionToken(getCookie(c, ACCESS_COOKIE), key, 'access');
    const session = refresh ?? access;
    if (session !== undefined) {
      const header = c.req.header(CSRF_HEADER) ?? '';
      const matches = [refresh?.csrf, access?.csrf].some(
        (csrf) => csrf !== undefined && safeEqual(header, csrf),
      );
      if (!matches) throw new ApiError(401, CSRF_ERROR_MESSAGE, 'csrf_failed');
      await endSession(deps.db, session.fid);
    }
    clearSessionCookies(c, secureCookies(c, deps));
    return c.json({ signed_out: true }, 200);
  });

  return routes;
}
