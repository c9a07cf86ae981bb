import { type ErrorEnvelope, type Health, NOT_READY_CODE } from '@trove/contracts';
import { Hono } from 'hono';
import { checkDatabase, type DatabaseHandle } from './database';
import type { ServiceEnv } from './hono-env';
import { noStore } from './no-store';

/**
 * GET /healthz — the process is up. GET /readyz — the database answers, else 503 so a load balancer
 * stops sending traffic; it turns 200 again on its own once the database is back.
 */
export function createHealthRoutes(db: DatabaseHandle): Hono<ServiceEnv> {
  const routes = new Hono<ServiceEnv>();
  routes.get('/healthz', (c) => c.json<Health>({ status: 'ok' }, 200));
  routes.get('/readyz', noStore, async (c) => {
    if (await checkDatabase(db)) return c.json<Health>({ status: 'ready' }, 200);
    return c.json<ErrorEnvelope>({ error: 'Database unreachable', code: NOT_READY_CODE }, 503);
  });
  return routes;
}
