import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findNginx, type ProxyLocation } from '@trove/proxy';
import { SERVICE_DATABASE_ROLES } from '@trove/service-core';
import { type ComponentContext, startMaildev, startNginx, startService } from './components';
import { type RunningDatabase, startEmbeddedDatabase, useExternalDatabase } from './database';
import { PortInUseError, StackError } from './errors';
import { alive, createRecorder, postmasterPid, stopLeftovers } from './leftovers';
import { type PortClaim, assertPortsFree } from './ports';
import type { ManagedProcess } from './processes';
import { freePort } from '../free-port';
import {
  PORT_SETTINGS,
  parseOrigins,
  resolveAbWeight,
  resolveInstances,
  resolvePorts,
  resolveAuthLimits,
  resolveSourceFileMaxBytes,
  resolveUploadMaxRequestBytes,
  type StackInstances,
  type StackPorts,
} from './settings';

export { PortInUseError, StackError } from './errors';
export {
  PORT_SETTINGS,
  RAISED_PROXY_AUTH_LIMITS,
  type StackInstances,
  type StackPorts,
} from './settings';

/** The repository root (this file is infra/src/stack/index.ts). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export interface StackOptions {
  /** Repository root. Default: this checkout. */
  rootDir?: string;
  /** Where settings (ports, DATABASE_URL, REMOTE_ORIGINS…) are read from. Default `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** Ports that win over the environment (tests pick free ones). */
  ports?: Partial<StackPorts>;
  /** Instances per service; win over `INSTANCES` / `AUTH_INSTANCES` / `PROFILE_INSTANCES` / `SEARCH_INSTANCES`. */
  instances?: Partial<StackInstances>;
  /** The landing page's B share in percent; wins over `AB_WEIGHT_B`. Unset in both: no rollout. */
  abWeightB?: number;
  /** PostgreSQL to use; wins over `env.DATABASE_URL`. Neither set → embedded PostgreSQL. */
  databaseUrl?: string;
  /** Create `trove_e2e_<random>` on the server for this run and drop it on stop (tests). */
  freshDatabase?: boolean;
  /** The embedded cluster's data folder. Default `<root>/.data/pg`. */
  embeddedPgDir?: string;
  /**
   * Run the services from these bundles (service-bundles.ts's folder) rather than from TypeScript source under
   * tsx: `npm start` and the bench (docs/decisions/217). Default: from source (the tests).
   */
  serviceBundles?: string;
  /** Extra environment for every service (test settings), on top of the stack's own. */
  serviceEnv?: Record<string, string>;
  /** What nginx serves. Default `<root>/dist/www`. */
  wwwRoot?: string;
  /** Refuse to start when `<wwwRoot>/index.html` is missing. Default true. */
  requireBuild?: boolean;
  /** Added to `REMOTE_ORIGINS` from the environment (CSP origins for remotes hosted elsewhere). */
  remoteOrigins?: readonly string[];
  /** More proxied paths, e.g. the bench's `/bench/bare`. */
  extraLocations?: readonly ProxyLocation[];
  /** nginx's listen address. Default 127.0.0.1 (a dev stack is not for the network). */
  listenHost?: string;
  /** Default 1. */
  nginxWorkers?: number | 'auto';
  /** Default true. */
  accessLog?: boolean;
  /**
   * Log folder: `auth.log`, `profile.log`, `search.log`, `maildev.log`, `postgres.log`, `nginx-*.log`.
   * Default `<root>/.data/logs`.
   */
  logDir?: string;
  /** How long each part may take to become ready. Default 60 s. */
  readyTimeoutMs?: number;
  /** How long a process gets between SIGTERM and SIGKILL on stop. Default 5 s. */
  stopTimeoutMs?: number;
  /** Progress lines ("database: …"). Default: silent. */
  log?: (line: string) => void;
  /**
   * Called once when a process of the running stack (nginx, a service, maildev) exits before stop(), with
   * one line naming it and its log. The rest keeps running; `npm start` stops everything.
   */
  onUnexpectedExit?: (message: string) => void;
}

export interface Stack {
  /** The app through nginx: `http://localhost:8080`. */
  url: string;
  /** The maildev inbox and REST API: `http://localhost:1080`. */
  mailUrl: string;
  databaseUrl: string;
  smtpUrl: string;
  ports: StackPorts;
  wwwRoot: string;
  logDir: string;
  /** Process-group leaders this stack started. The embedded PostgreSQL is run by its library, so not here. */
  pids: readonly number[];
  /** The same, by name: `nginx`, `maildev`, `auth`, `profile`, `search`, `sources` (a service once per instance). */
  processes: readonly { name: string; pid: number }[];
  /** Each service's instances, first first: the process group to signal and the loopback port. */
  instances: Readonly<Record<keyof StackInstances, readonly { pid: number; port: number }[]>>;
  /** Stops everything this stack started, in order; safe to call twice. */
  stop(): Promise<void>;
}

const SERVICES = [
  { name: 'auth', key: 'auth' },
  { name: 'profile', key: 'profile' },
  // Uploads, search and chats (issues 10 and 11). Its extraction worker runs in the same process; several
  // instances share the job queue through leases (docs/decisions/010-search-index.md, "Jobs").
  { name: 'search', key: 'search' },
  // Sources (issue 34 item 1, docs/decisions/170-sources-service.md): /api/v1/sources, the syncs and their reader
  // children; several instances share the sync queue and each source's advisory lock.
  { name: 'sources', key: 'sources' },
] as const;

/**
 * Starts the whole local stack: database, maildev, the services, nginx. The one way `npm start`, the e2e
 * tests and the bench run it. A busy port or a missing tool throws {@link StackError} with one line
 * before anything starts; a part that fails to start stops what was started and throws with its log's tail.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const rootDir = options.rootDir ?? REPO_ROOT;
  const env = options.env ?? process.env;
  const log = options.log ?? (() => undefined);
  const ports = resolvePorts(env, options.ports);
  const instanceCounts = resolveInstances(env, options.instances);
  const abWeightB = options.abWeightB ?? resolveAbWeight(env);
  // nginx's body cap for uploads follows the service's own, so both refuse the same request.
  const uploadMaxRequestBytes = resolveUploadMaxRequestBytes({ ...env, ...options.serviceEnv });
  // And its cap on a SQLite file's upload follows the sources service's (docs/decisions/170).
  const sourceFileMaxBytes = resolveSourceFileMaxBytes({ ...env, ...options.serviceEnv });
  // nginx's per-network auth limits: set beside the services' RATE_* settings (test stacks raise both).
  const authLimits = resolveAuthLimits({ ...env, ...options.serviceEnv });
  const databaseUrl = options.databaseUrl ?? (env.DATABASE_URL || undefined);
  const embedded = databaseUrl === undefined;
  const wwwRoot = resolve(options.wwwRoot ?? join(rootDir, 'dist', 'www'));
  const logDir = resolve(options.logDir ?? join(rootDir, '.data', 'logs'));
  const listenHost = options.listenHost ?? '127.0.0.1';
  const stopTimeoutMs = options.stopTimeoutMs ?? 5000;

  // Everything that can be checked without starting anything comes first.
  const nginxBin = findNginx(env);
  if (!nginxBin) {
    throw new StackError(
      'nginx is not installed: run `sudo apt-get install -y nginx-light libnginx-mod-http-brotli-static` (npm start does it when run as root).',
    );
  }
  if ((options.requireBuild ?? true) && !existsSync(join(wwwRoot, 'index.html'))) {
    throw new StackError(
      `${relative(rootDir, wwwRoot) || wwwRoot}/index.html is missing: build first (npx tsx infra/src/build.ts).`,
    );
  }
  const claims: PortClaim[] = (
    ['http', 'auth', 'profile', 'search', 'sources', 'mailWeb', 'mailSmtp'] as const
  ).map((key) => ({
    port: ports[key],
    setting: PORT_SETTINGS[key][0],
    host: key === 'http' ? listenHost : '127.0.0.1',
  }));
  if (embedded) claims.push({ port: ports.embeddedPg, setting: PORT_SETTINGS.embeddedPg[0] });
  const embeddedPgDir = resolve(options.embeddedPgDir ?? join(rootDir, '.data', 'pg'));
  const runDir = join(rootDir, '.data', 'run');
  // Instances after the first take free loopback ports: only nginx needs to know them.
  const servicePorts: Record<keyof StackInstances, number[]> = {
    auth: [ports.auth],
    profile: [ports.profile],
    search: [ports.search],
    sources: [ports.sources],
  };
  for (const { key } of SERVICES) {
    for (let index = 1; index < instanceCounts[key]; index += 1) servicePorts[key].push(await freePort());
  }
  const leftovers = await stopLeftovers(runDir);
  if (leftovers.length > 0)
    log(`stopped processes an earlier run left behind (pids ${leftovers.join(', ')})`);
  await assertPortsFree(claims).catch((err: unknown) => {
    if (err instanceof PortInUseError && err.port === ports.embeddedPg) {
      const leftover = postmasterPid(embeddedPgDir);
      if (leftover !== undefined && alive(leftover)) {
        throw new StackError(
          `Port ${err.port} (EMBEDDED_PG_PORT) is in use by an embedded PostgreSQL left from an earlier run (pid ${leftover}). Stop it with \`kill -INT ${leftover}\` and start again.`,
        );
      }
    }
    throw err;
  });

  mkdirSync(logDir, { recursive: true });
  const context: ComponentContext = {
    rootDir,
    logDir,
    env,
    readyTimeoutMs: options.readyTimeoutMs ?? 60_000,
  };
  const processes: ManagedProcess[] = [];
  const instances: Record<keyof StackInstances, { pid: number; port: number }[]> = {
    auth: [],
    profile: [],
    search: [],
    sources: [],
  };
  const recorder = createRecorder(runDir, `${ports.http}`);
  let database: RunningDatabase | undefined;
  let nginxRuntimeDir: string | undefined;
  let stopping: Promise<void> | undefined;

  // Reverse start order: nginx stops taking requests first, the database goes last.
  const stop = () => {
    stopping ??= (async () => {
      const byName = (name: string) => processes.filter((managed) => managed.name === name);
      await Promise.all(byName('nginx').map((managed) => managed.stop(stopTimeoutMs)));
      // The rendered config and temp files are per run; the logs stay in logDir.
      if (nginxRuntimeDir) rmSync(nginxRuntimeDir, { recursive: true, force: true });
      const services = processes.filter((managed) =>
        SERVICES.some((service) => service.name === managed.name),
      );
      await Promise.all(services.map((managed) => managed.stop(stopTimeoutMs)));
      await Promise.all(byName('maildev').map((managed) => managed.stop(stopTimeoutMs)));
      await database?.stop();
      recorder.remove();
    })();
    return stopping;
  };

  /** Keeps what started even when a sibling failed, so stop() can find it. */
  const track = async <T extends ManagedProcess>(started: Promise<T>): Promise<T> => {
    const managed = await started;
    processes.push(managed);
    recorder.addProcess(managed.pid, managed.marker);
    return managed;
  };

  try {
    const smtpUrl = env.SMTP_URL || `smtp://127.0.0.1:${ports.mailSmtp}`;
    const remoteOrigins = [...parseOrigins(env.REMOTE_ORIGINS), ...(options.remoteOrigins ?? [])];
    const serviceEnv = (databaseUrlForServices: string): NodeJS.ProcessEnv => ({
      ...process.env,
      HOST: '127.0.0.1',
      AUTH_PORT: String(ports.auth),
      PROFILE_PORT: String(ports.profile),
      SEARCH_PORT: String(ports.search),
      SOURCES_PORT: String(ports.sources),
      DATABASE_URL: databaseUrlForServices,
      SMTP_URL: smtpUrl,
      // The profile service verifies sessions with the auth service's public keys (docs/architecture.md#sessions),
      // fetched through nginx so any live auth instance answers (docs/decisions/009, "Scale-out").
      AUTH_JWKS_URL: `http://${loopbackHost(listenHost)}:${ports.http}/api/v1/auth/.well-known/jwks.json`,
      // Links in mailed answers point where users reach the app (issue 18 item 12): nginx, unless set.
      PUBLIC_URL: `http://localhost:${ports.http}`,
      ...pick(env, [
        'LOG_LEVEL',
        'TRUSTED_PROXIES',
        'PUBLIC_URL',
        'UPLOAD_MAX_REQUEST_BYTES',
        'SOURCE_SQLITE_MAX_BYTES',
      ]),
      ...options.serviceEnv,
    });

    // Only the services wait (for the database). Mail is needed by no one to start (the services queue
    // mail in an outbox), and nginx needs the services only per request.
    const databaseAndServices = async () => {
      if (embedded) recorder.setPostgresDir(embeddedPgDir);
      database = embedded
        ? await startEmbeddedDatabase({
            dataDir: embeddedPgDir,
            port: ports.embeddedPg,
            logFile: join(logDir, 'postgres.log'),
            fresh: options.freshDatabase ?? false,
            startTimeoutMs: context.readyTimeoutMs,
          })
        : await useExternalDatabase(databaseUrl, options.freshDatabase ?? false);
      if (database.fresh) recorder.setFreshDatabase(database.fresh);
      log(`database: ${database.description}`);
      const envForServices = serviceEnv(database.url);
      await settleAll(
        SERVICES.flatMap(({ name, key }) =>
          servicePorts[key].map(async (port, index) => {
            const portVariable = PORT_SETTINGS[key][0];
            const managed = await track(
              startService(
                context,
                { name, port, portVariable, instance: index + 1, bundles: options.serviceBundles },
                // Each service runs its queries as its own role (issue 18 item 16, docs/decisions/031).
                {
                  ...envForServices,
                  [portVariable]: String(port),
                  DATABASE_ROLE: SERVICE_DATABASE_ROLES[key],
                },
              ),
            );
            instances[key][index] = { pid: managed.pid, port };
            const logName = index === 0 ? `${name}.log` : `${name}-${index + 1}.log`;
            log(
              `${name} service${servicePorts[key].length > 1 ? ` #${index + 1}` : ''}: 127.0.0.1:${port} (log ${relative(rootDir, logDir)}/${logName})`,
            );
          }),
        ),
      );
      return database;
    };

    const [db] = await settleAll([
      databaseAndServices(),
      (async () => {
        await track(startMaildev(context, { web: ports.mailWeb, smtp: ports.mailSmtp }));
        log(`mail: maildev, SMTP 127.0.0.1:${ports.mailSmtp}, inbox http://localhost:${ports.mailWeb}`);
      })(),
      (async () => {
        const nginx = await startNginx(context, {
          nginxBin,
          httpPort: ports.http,
          listenHost,
          wwwRoot,
          authPorts: servicePorts.auth,
          profilePorts: servicePorts.profile,
          searchPorts: servicePorts.search,
          sourcesPorts: servicePorts.sources,
          ...(uploadMaxRequestBytes === undefined ? {} : { uploadMaxBodyBytes: uploadMaxRequestBytes }),
          ...(sourceFileMaxBytes === undefined ? {} : { sourceFileMaxBytes }),
          remoteOrigins,
          extraLocations: options.extraLocations ?? [],
          workerProcesses: options.nginxWorkers ?? 1,
          accessLog: options.accessLog ?? true,
          ...(abWeightB === undefined ? {} : { abTest: { weightB: abWeightB } }),
          // A customer's TLS-terminating proxy in front of nginx (docs/decisions/009, "Self-hosting").
          frontProxies: (env.FRONT_PROXIES ?? '')
            .split(',')
            .map((entry) => entry.trim())
            .filter((entry) => entry !== ''),
          authLimits,
        });
        processes.push(nginx.process);
        recorder.addProcess(nginx.process.pid, nginx.process.marker);
        recorder.addFolder(nginx.runtimeDir);
        nginxRuntimeDir = nginx.runtimeDir;
        log(`nginx: http://localhost:${ports.http} serving ${relative(rootDir, wwwRoot) || wwwRoot}`);
        if (abWeightB !== undefined) {
          log(
            `A/B: variant B (config/remotes.b.json) for ${abWeightB}% of new visitors (npm run ab:weight -- <percent>)`,
          );
        }
      })(),
    ]);

    if (options.onUnexpectedExit) {
      const report = options.onUnexpectedExit;
      let reported = false;
      for (const managed of processes) {
        void managed.exited.then(() => {
          if (stopping || reported) return;
          reported = true;
          const { label = managed.name, logFile } = managed.options;
          report(`${label} ${managed.exitReason ?? 'stopped'} (see ${relative(rootDir, logFile)}).`);
        });
      }
    }

    return {
      url: `http://localhost:${ports.http}`,
      mailUrl: `http://localhost:${ports.mailWeb}`,
      databaseUrl: db.url,
      smtpUrl,
      ports,
      wwwRoot,
      logDir,
      pids: processes.map((managed) => managed.pid),
      processes: processes.map(({ name, pid }) => ({ name, pid })),
      instances,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** An address on this machine that reaches nginx's listener. */
function loopbackHost(listenHost: string): string {
  if (listenHost === '0.0.0.0') return '127.0.0.1';
  if (listenHost === '::') return '[::1]';
  return listenHost.includes(':') ? `[${listenHost.replace(/^\[|\]$/g, '')}]` : listenHost;
}

function pick(env: NodeJS.ProcessEnv, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (env[name] ? [[name, env[name]]] : [])));
}

/**
 * Promise.all that waits for every promise before rejecting, so nothing is still starting when the
 * caller cleans up after a failure. The first failure wins.
 */
async function settleAll<T extends readonly unknown[]>(
  promises: [...{ [K in keyof T]: Promise<T[K]> }],
): Promise<T> {
  const results = await Promise.allSettled(promises);
  for (const result of results) if (result.status === 'rejected') throw result.reason;
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
