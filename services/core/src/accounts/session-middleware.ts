import type { MiddlewareHandler } from 'hono';
import type { DatabaseHandle } from '../database';
import type { ServiceEnv } from '../hono-env';
import { type AccessSession, requireAccessSession, type VerificationKey } from './session-tokens';

/** What a route behind {@link signedIn} reads: `c.var.session`, the request's signed-in user. */
export type SessionEnv = ServiceEnv & { Variables: { session: AccessSession } };

/**
 * The one session check of every route that needs a signed-in user: the access cookie, CSRF on
 * state-changing methods and a live session family (requireAccessSession), else a 401 before the handler
 * runs. Put on each such route rather than on a whole sub-app, so an unknown path stays a 404.
 */
export function signedIn(key: VerificationKey, db: DatabaseHandle): MiddlewareHandler<SessionEnv> {
  return async (c, next) => {
    c.set('session', await requireAccessSession(c, key, db));
    await next();
  };
}
