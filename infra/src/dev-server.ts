// Runs one front-end on its own dev server, for fast iteration:
//
//   npx tsx infra/src/dev-server.ts auth        (or: npm run dev -w @trove/mfe-auth)
//
// Ports: shell 3000, marketing 3001, auth 3002, profile 3003, connectors 3004, chat 3005 (infra/src/rspack/apps.ts).
// A remote serves its standalone page (its exposed page inside the kit's providers) and its
// mf-manifest.json, so a dev shell can load it too. The shell's /config/remotes.json points each remote at
// its dev server when one is running, else at the last build in dist/www (served under /remotes).
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createConnection } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { RspackDevServer } from '@rspack/dev-server';
import { type AppDefinition, appSettings, findApp, remoteApps, repoRoot } from './rspack/apps';
import { createConfig } from './rspack/create-config';
import { relaunchWithNativeRequire } from './rspack/native-require';
import { parseRemotesConfig } from './rspack/site-files';

const builtSite = path.join(repoRoot, 'dist', 'www');

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.setTimeout(300);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Each remote from its dev server when one is up, else from the last build (if there is one). */
async function devRemotesConfig() {
  const built = parseRemotesConfig(
    await readFile(path.join(builtSite, 'config', 'remotes.json'), 'utf8').catch(() => '{}'),
  );
  const remotes: Record<string, { entry: string }> = {};
  for (const remote of remoteApps) {
    const fallback = built?.remotes[remote.name];
    if (await isListening(remote.devPort)) {
      remotes[remote.name] = { entry: `http://localhost:${remote.devPort}/mf-manifest.json` };
    } else if (fallback) {
      remotes[remote.name] = fallback;
    }
  }
  return { remotes };
}

function sendJson(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

async function start(app: AppDefinition): Promise<void> {
  const compiler = rspack(
    createConfig({ app, mode: 'development', outputPath: path.join(repoRoot, 'dist', 'dev', app.name) }),
  );
  const server = new RspackDevServer(
    {
      host: 'localhost',
      port: app.devPort,
      historyApiFallback: true,
      // Fast refresh needs a plugin this workspace does not carry; a full reload keeps state honest.
      hot: false,
      liveReload: true,
      // A dev shell on another port loads this app's manifest and chunks.
      headers: { 'Access-Control-Allow-Origin': '*' },
      client: { overlay: { errors: true, warnings: false } },
      static:
        app.kind === 'host'
          ? [{ directory: path.join(builtSite, 'remotes'), publicPath: '/remotes', watch: false }]
          : false,
      setupMiddlewares: (middlewares) => {
        // The runtime config the built site serves from dist/www/config, answered here instead.
        middlewares.unshift({
          name: 'trove-runtime-config',
          path: '/config',
          // Typed by hand: the middleware slot is a union (handler or error handler), so no contextual types.
          middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
            if (req.url === '/app.json') return sendJson(res, appSettings);
            if (req.url === '/remotes.json' && app.kind === 'host') {
              devRemotesConfig().then((config) => sendJson(res, config), next);
              return;
            }
            next();
          },
        });
        return middlewares;
      },
    },
    compiler,
  );
  await server.start();
  console.log(`${app.name}: http://localhost:${app.devPort}/`);
}

function main(): void {
  const name = process.argv[2] ?? '';
  const app = findApp(name);
  if (!app) {
    console.error(
      `Usage: dev-server.ts <app>; <app> is one of ${[...remoteApps.map((r) => r.name), 'shell'].join(', ')}`,
    );
    process.exit(1);
  }
  start(app).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

if (!relaunchWithNativeRequire(fileURLToPath(import.meta.url))) main();
