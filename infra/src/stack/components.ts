import { existsSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type AuthLimits, type NginxRuntime, type ProxyLocation, prepareNginxRuntime } from '@trove/proxy';
import { typeScriptEntry } from '@trove/service-core';
import { StackError } from './errors';
import { bundledMain } from './service-bundles';
import { ManagedProcess } from './processes';
import { httpStatus, poll } from './wait';

export interface ComponentContext {
  rootDir: string;
  logDir: string;
  env: NodeJS.ProcessEnv;
  readyTimeoutMs: number;
}

/** A started process that answered; `failure` builds the error when it did not. */
async function startAndWait(
  context: ComponentContext,
  managed: ManagedProcess,
  what: string,
  url: string,
  accept: (status: number) => boolean,
): Promise<ManagedProcess> {
  const result = await poll(
    async () => {
      const status = await httpStatus(url);
      return status !== undefined && accept(status);
    },
    {
      timeoutMs: context.readyTimeoutMs,
      abort: () => managed.exitReason,
    },
  );
  if (result.ok) return managed;
  const reason = managed.exitReason ?? result.reason;
  await managed.stop();
  const log = managed.options.logFile;
  const tail = managed.logTail(20);
  throw new StackError(
    `${what} did not become ready at ${url} (${reason}).${tail ? `\nLast lines of ${relative(context.rootDir, log)}:\n${tail}` : ''}`,
  );
}

/** maildev: SMTP catcher with a web inbox and REST API (`GET /email`), both on loopback. */
export function startMaildev(
  context: ComponentContext,
  ports: { web: number; smtp: number },
): Promise<ManagedProcess> {
  const bin = join(context.rootDir, 'node_modules', '.bin', 'maildev');
  if (!existsSync(bin)) throw new StackError('maildev is not installed: run `npm install` and try again.');
  const managed = new ManagedProcess(
    'maildev',
    bin,
    ['--smtp', String(ports.smtp), '--web', String(ports.web), '--ip', '127.0.0.1'],
    {
      cwd: context.rootDir,
      env: context.env,
      logFile: join(context.logDir, 'maildev.log'),
      label: 'maildev',
    },
  );
  return startAndWait(
    context,
    managed,
    'maildev',
    `http://127.0.0.1:${ports.web}/email`,
    (status) => status === 200,
  );
}

export interface ServiceSpec {
  /** `auth` → services/auth/src/main.ts, log `.data/logs/auth.log`. */
  name: string;
  port: number;
  /** The variable that carries the port, for messages (`AUTH_PORT`). */
  portVariable: string;
  /** 1-based; instances after the first log to `<name>-<instance>.log`. Default 1. */
  instance?: number;
  /** Run `<bundles>/<name>/main.mjs` (service-bundles.ts) rather than the TypeScript source under tsx. */
  bundles?: string | undefined;
}

/**
 * A service from its bundled JavaScript (`npm start`, the bench; docs/decisions/217) or its TypeScript source (the
 * tests, development), ready once `GET /readyz` answers 200 (its database is reachable).
 */
export async function startService(
  context: ComponentContext,
  spec: ServiceSpec,
  env: NodeJS.ProcessEnv,
): Promise<ManagedProcess> {
  const entry =
    spec.bundles === undefined
      ? join('services', spec.name, 'src', 'main.ts')
      : relative(context.rootDir, bundledMain(spec.bundles, spec.name));
  if (!existsSync(join(context.rootDir, entry))) {
    throw new StackError(`${entry} is missing, so the ${spec.name} service cannot start.`);
  }
  const instance = spec.instance ?? 1;
  const { command, args } =
    spec.bundles === undefined ? typeScriptEntry(entry) : { command: process.execPath, args: [entry] };
  const managed = new ManagedProcess(spec.name, command, args, {
    cwd: context.rootDir,
    env,
    logFile: join(context.logDir, instance === 1 ? `${spec.name}.log` : `${spec.name}-${instance}.log`),
    ...(instance === 1 ? {} : { label: `The ${spec.name} service (instance ${instance})` }),
  });
  return startAndWait(
    context,
    managed,
    instance === 1
      ? `The ${spec.name} service (${spec.portVariable}=${spec.port})`
      : `The ${spec.name} service, instance ${instance} (port ${spec.port})`,
    `http://127.0.0.1:${spec.port}/readyz`,
    (status) => status === 200,
  );
}

export interface NginxSpec {
  nginxBin: string;
  httpPort: number;
  listenHost: string;
  wwwRoot: string;
  /** Every instance's port, first instance first. */
  authPorts: readonly number[];
  profilePorts: readonly number[];
  searchPorts: readonly number[];
  sourcesPorts: readonly number[];
  /** nginx's body cap on /api/v1/uploads (UPLOAD_MAX_REQUEST_BYTES). Default: the renderer's. */
  uploadMaxBodyBytes?: number;
  /** The largest SQLite file /api/v1/sources/files takes (SOURCE_SQLITE_MAX_BYTES). Default: the renderer's. */
  sourceFileMaxBytes?: number;
  remoteOrigins: readonly string[];
  extraLocations: readonly ProxyLocation[];
  workerProcesses: number | 'auto';
  accessLog: boolean;
  /** The landing page's A/B rollout, when one runs. */
  abTest?: { weightB: number };
  /** Addresses whose X-Forwarded-Proto/-Host nginx passes on (FRONT_PROXIES). */
  frontProxies?: readonly string[];
  /** Per client network on the auth calls made without a session (PROXY_REGISTER_PER_MINUTE …). */
  authLimits?: AuthLimits;
}

/** nginx with the rendered config; its runtime folder is `.data/run/nginx-<port>`, wiped each start. */
export async function startNginx(
  context: ComponentContext,
  spec: NginxSpec,
): Promise<{ process: ManagedProcess; runtime: NginxRuntime; runtimeDir: string }> {
  const runtimeDir = join(context.rootDir, '.data', 'run', `nginx-${spec.httpPort}`);
  rmSync(runtimeDir, { recursive: true, force: true });
  let runtime: NginxRuntime;
  try {
    runtime = prepareNginxRuntime({
      httpPort: spec.httpPort,
      listenHost: spec.listenHost,
      wwwRoot: spec.wwwRoot,
      runtimeDir,
      logDir: context.logDir,
      authUpstreams: spec.authPorts.map((port) => `127.0.0.1:${port}`),
      profileUpstreams: spec.profilePorts.map((port) => `127.0.0.1:${port}`),
      searchUpstreams: spec.searchPorts.map((port) => `127.0.0.1:${port}`),
      sourcesUpstreams: spec.sourcesPorts.map((port) => `127.0.0.1:${port}`),
      ...(spec.uploadMaxBodyBytes === undefined ? {} : { uploadMaxBodyBytes: spec.uploadMaxBodyBytes }),
      ...(spec.sourceFileMaxBytes === undefined ? {} : { sourceFileMaxBytes: spec.sourceFileMaxBytes }),
      remoteOrigins: spec.remoteOrigins,
      extraLocations: spec.extraLocations,
      workerProcesses: spec.workerProcesses,
      accessLog: spec.accessLog,
      ...(spec.abTest === undefined ? {} : { abTest: spec.abTest }),
      frontProxies: spec.frontProxies ?? [],
      ...(spec.authLimits === undefined ? {} : { authLimits: spec.authLimits }),
    });
  } catch (err) {
    // A bad REMOTE_ORIGINS value and the like: the renderer's message names it.
    throw new StackError(`Cannot configure nginx: ${(err as Error).message}`);
  }
  const managed = new ManagedProcess('nginx', spec.nginxBin, runtime.args, {
    cwd: runtimeDir,
    env: context.env,
    logFile: runtime.errorLogPath,
    label: 'nginx',
  });
  const host = spec.listenHost.includes(':') ? `[${spec.listenHost}]` : spec.listenHost;
  // Any answer will do: the page itself may be a 404 until the front-end is built.
  await startAndWait(context, managed, 'nginx', `http://${host}:${spec.httpPort}/`, () => true);
  return { process: managed, runtime, runtimeDir };
}
