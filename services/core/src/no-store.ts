import type { MiddlewareHandler } from 'hono';

/**
 * The one way an answer says it must not be cached: personal data, or state that changes with every
 * request. On a whole sub-app (`routes.use('*', noStore)`) or one route.
 */
export const noStore: MiddlewareHandler = async (c, next) => {
  c.header('Cache-Control', 'no-store');
  await next();
};
