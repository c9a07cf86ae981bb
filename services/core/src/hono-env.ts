import type { HttpBindings } from '@hono/node-server';
import type { Logger } from 'pino';

/**
 * The Hono environment every service app shares. `log` is the request's child logger (it carries
 * `reqId`), `reqId` the correlation id. Bindings are partial because in-process `app.request(...)`
 * calls (tests) have no Node socket behind them.
 */
export type ServiceEnv = {
  Bindings: Partial<HttpBindings>;
  Variables: { reqId: string; log: Logger };
};
