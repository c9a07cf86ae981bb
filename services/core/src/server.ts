import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import type { Logger } from './logger';

/** Anything with a fetch handler @hono/node-server can call: every Hono app, whatever its env. */
export type Servable = { fetch: Parameters<typeof serve>[0]['fetch'] };

export interface StartServerOptions {
  port: number;
  host: string;
  /** The setting that chose the port, named in the one-line error when the port is busy. */
  portVariable: string;
  logger: Logger;
  /** Runs once after the server stops accepting requests, e.g. `() => db.destroy()`. */
  onShutdown?: () => Promise<void> | void;
  /** How long in-flight requests get to finish on SIGTERM/SIGINT before their sockets are cut. */
  shutdownGraceMs?: number;
}

export interface RunningServer {
  server: ServerType;
  /** The port actually bound (differs from the option only when it was 0). */
  port: number;
  /** Stops accepting, lets in-flight requests finish (within the grace period), then runs onShutdown. */
  close(): Promise<void>;
}

function failStart(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/**
 * Serves `app` on host:port. A port that cannot be bound stops the process with one line naming the
 * setting (docs/decisions/001-platform-layout.md: "a busy port stops start-up with one line naming
 * it"). SIGTERM and SIGINT close the server, run onShutdown and exit 0.
 */
export function startServer(app: Servable, options: StartServerOptions): Promise<RunningServer> {
  const { port, host, portVariable, logger } = options;
  const graceMs = options.shutdownGraceMs ?? 10_000;

  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port, hostname: host });
    // Longer than nginx's upstream keepalive_timeout (30 s): the proxy, not the service, closes idle
    // connections, so a request is never sent on a socket Node is closing (Node's default is 5 s).
    if ('keepAliveTimeout' in server) {
      server.keepAliveTimeout = 65_000;
      server.headersTimeout = 66_000;
    }

    const onListenError = (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') {
        failStart(
          `Port ${port} is in use (${portVariable}). Stop whatever uses it or set ${portVariable} to a free port.`,
        );
      }
      if (err.code === 'EACCES') {
        failStart(
          `Port ${port} needs privileges this process lacks (${portVariable}). Set ${portVariable} to a port above 1023.`,
        );
      }
      if (err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND') {
        failStart(`Cannot listen on ${host}: no such address on this machine (HOST).`);
      }
      failStart(`Cannot listen on ${host}:${port} (${portVariable}): ${err.message}`);
    };
    server.once('error', onListenError);

    server.once('listening', () => {
      server.off('error', onListenError);
      server.on('error', (err) => logger.error({ err }, 'server error'));
      const bound = (server.address() as AddressInfo).port;
      let closing: Promise<void> | undefined;

      const close = (): Promise<void> => {
        closing ??= (async () => {
          await new Promise<void>((done) => {
            const force = setTimeout(() => {
              if ('closeAllConnections' in server) server.closeAllConnections();
            }, graceMs);
            force.unref();
            server.close(() => {
              clearTimeout(force);
              done();
            });
            // Keep-alive sockets with no request in flight would otherwise hold close() open.
            if ('closeIdleConnections' in server) server.closeIdleConnections();
          });
          await options.onShutdown?.();
        })();
        return closing;
      };

      const onSignal = (signal: NodeJS.Signals) => {
        logger.info({ signal }, 'shutting down');
        close().then(
          () => process.exit(0),
          (err: unknown) => {
            logger.error({ err }, 'shutdown failed');
            process.exit(1);
          },
        );
      };
      process.once('SIGTERM', onSignal);
      process.once('SIGINT', onSignal);

      logger.info({ host, port: bound }, 'listening');
      resolve({ server, port: bound, close });
    });
  });
}
