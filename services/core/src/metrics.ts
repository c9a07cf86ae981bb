import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { countPendingMails } from './accounts/outbox.repository';
import type { DatabaseHandle } from './database';
import type { ServiceEnv } from './hono-env';

// docs/decisions/009-deploy-story.md, "Observability": each service answers GET /metrics in Prometheus'
// text format on its own port (root only: nginx forwards only the public prefixes, so the public never
// reaches it). One registry per app rather than prom-client's global one, so tests can build many apps.

/** The route label for requests no route matched: raw paths would make a label per scanner probe. */
const UNMATCHED = 'unmatched';

/** How long the outbox count may take on a scrape; a slow database must not hang the scraper. */
const OUTBOX_QUERY_TIMEOUT_MS = 1_000;

export interface ServiceMetrics {
  registry: Registry;
  /** Counts and times every request by method, route pattern and status. */
  middleware: MiddlewareHandler<ServiceEnv>;
}

export function createServiceMetrics(options: { service: string; db: DatabaseHandle }): ServiceMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service: options.service });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status.',
    labelNames,
    // From a cached read to the 5 s outage bound.
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'mail_outbox_depth',
    help: 'Mails in the outbox not sent yet (due now or waiting for a retry).',
    registers: [registry],
    async collect() {
      const depth = await pendingMails(options.db).catch(() => undefined);
      // Unknown while the database is down: no sample is better than a wrong zero.
      if (depth === undefined) this.reset();
      else this.set(depth);
    },
  });

  const middleware: MiddlewareHandler<ServiceEnv> = async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      // Middleware registered with use() has method ALL; the last other match is the route that answered.
      const route =
        matchedRoutes(c)
          .filter((match) => match.method !== 'ALL')
          .at(-1)?.path ?? UNMATCHED;
      const labels = { method: c.req.method, route, status: String(c.res.status) };
      requests.inc(labels);
      duration.observe(labels, (performance.now() - started) / 1000);
    }
  };
  return { registry, middleware };
}

async function pendingMails(db: DatabaseHandle): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('outbox count timed out')), OUTBOX_QUERY_TIMEOUT_MS);
  });
  const query = countPendingMails(db);
  // The loser of the race still settles later; its outcome is not wanted.
  query.catch(() => undefined);
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
