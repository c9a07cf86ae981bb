import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

/**
 * The baseline for service figures: the smallest Hono app on the same server adapter, with no
 * middleware, logging or database, in its own process started the same way as the services (tsx).
 * Measured through the same nginx in the same run, the ratio of a real route to this one is what the
 * bench reports, because absolute req/s on these machines is noise.
 */
export async function startBareServer(port: number): Promise<{ close: () => Promise<void> }> {
  const child: ChildProcess = spawn(
    join(import.meta.dirname, '..', '..', '..', 'node_modules', '.bin', 'tsx'),
    [import.meta.filename, String(port)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
    child.stdout?.once('data', () => resolve());
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

if (process.argv[1] === import.meta.filename) {
  const app = new Hono();
  app.get('/bench/bare', (c) => c.json({ status: 'ok' }));
  const server = serve({ fetch: app.fetch, port: Number(process.argv[2]), hostname: '127.0.0.1' }, () =>
    process.stdout.write('ready\n'),
  );
  if ('keepAliveTimeout' in server) server.keepAliveTimeout = 65_000; // as the services
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}
