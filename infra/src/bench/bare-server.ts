import { serve } from '@hono/node-server';
import { Hono } from 'hono';

/**
 * The baseline for service figures: the smallest Hono app on the same server adapter, with no
 * middleware, logging or database. Measured through the same nginx in the same run, the ratio of a real
 * route to this one is what the bench reports, because absolute req/s on these machines is noise.
 */
export function startBareServer(port: number): Promise<{ close: () => Promise<void> }> {
  const app = new Hono();
  app.get('/bench/bare', (c) => c.json({ status: 'ok' }));
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () =>
      resolve({ close: () => new Promise<void>((done) => server.close(() => done())) }),
    );
  });
}
