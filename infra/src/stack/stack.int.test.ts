import { testTime, waitUntil } from '@trove/service-core/testing/time';
import { SERVICE_DATABASE_ROLES } from '@trove/service-core';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePorts } from '../free-port';
import { PortInUseError, REPO_ROOT, type Stack, StackError, type StackPorts, startStack } from './index';
import { stopLeftovers } from './leftovers';
import { bundleServices } from './service-bundles';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// The build the stack serves: BUILD_OUT_DIR when set (the build's own setting), as for the e2e run.
const WWW_ROOT = resolve(process.env.BUILD_OUT_DIR ?? join(REPO_ROOT, 'dist', 'www'));
const WWW_INDEX = join(WWW_ROOT, 'index.html');
const BUILD_SCRIPT = join(REPO_ROOT, 'infra', 'src', 'build.ts');

async function testPorts(): Promise<StackPorts> {
  const [
    http = 0,
    auth = 0,
    profile = 0,
    search = 0,
    sources = 0,
    mailWeb = 0,
    mailSmtp = 0,
    embeddedPg = 0,
  ] = await freePorts(8);
  return { http, auth, profile, search, sources, mailWeb, mailSmtp, embeddedPg };
}

function groupGone(pid: number): boolean {
  for (const target of [pid, -pid]) {
    try {
      process.kill(target, 0);
      return false;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ESRCH') return false;
    }
  }
  return true;
}

/**
 * Whether some socket listens on `port` (from /proc/net/tcp and tcp6, state 0A). Binding a test server
 * to find out is not the same question: a parallel test's outgoing connection may hold the same port
 * number as its local end for a moment, and that is nobody's leftover service.
 */
function listening(port: number): boolean {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (state === '0A' && local?.endsWith(`:${hex}`)) return true;
    }
  }
  return false;
}

function commandLine(pid: number): string {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
}

/** The command lines of every process in the group `pgid`. */
function groupCommands(pgid: number): string[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return Number(fields[2]) === pgid ? [commandLine(Number(entry))] : [];
      } catch {
        return [];
      }
    });
}

async function databaseExists(name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    const result = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return result.rowCount === 1;
  } finally {
    await client.end();
  }
}

// The stack serves the built front-end; build it when this checkout has not yet.
beforeAll(() => {
  if (existsSync(WWW_INDEX)) return;
  if (!existsSync(BUILD_SCRIPT))
    throw new Error(`${BUILD_SCRIPT} is missing: cannot build ${WWW_ROOT} for the stack test`);
  const build = spawnSync(join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), [BUILD_SCRIPT], {
    cwd: REPO_ROOT,
    env: { ...process.env, BUILD_OUT_DIR: WWW_ROOT },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`The build failed:\n${build.stdout}\n${build.stderr}`);
}, testTime(600_000));
describe('the stack on a fresh database', () => {
  let stack: Stack;
  let logDir: string;
  let bundles: string;
  const unexpected: string[] = [];

  beforeAll(async () => {
    logDir = mkdtempSync(join(tmpdir(), 'trove-stack-logs-'));
    // As `npm start` runs them (docs/decisions/217): the services bundled; the other stacks here run the source.
    // Inside the checkout, where the bundles find node_modules.
    mkdirSync(join(REPO_ROOT, '.data'), { recursive: true });
    bundles = mkdtempSync(join(REPO_ROOT, '.data', 'stack-test-bundles-'));
    await bundleServices(bundles);
    stack = await startStack({
      serviceBundles: bundles,
      databaseUrl: TEST_DATABASE_URL,
      freshDatabase: true,
      ports: await testPorts(),
      logDir,
      wwwRoot: WWW_ROOT,
      serviceEnv: { LOG_LEVEL: 'warn' },
      onUnexpectedExit: (message) => unexpected.push(message),
    });
  });

  afterAll(async () => {
    await stack?.stop();
    if (logDir) rmSync(logDir, { recursive: true, force: true });
    if (bundles) rmSync(bundles, { recursive: true, force: true });
  });

  it('serves the shell through nginx', async () => {
    const response = await fetch(`${stack.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('proxies the auth service, which answers with a request id', async () => {
    const response = await fetch(`${stack.url}/api/v1/auth/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
    const ready = await fetch(`${stack.url}/api/v1/profile/readyz`);
    expect(ready.status).toBe(200);
    expect((await fetch(`${stack.url}/api/v1/search/readyz`)).status).toBe(200);
    // The sources service behind its own upstream (docs/decisions/170-sources-service.md).
    expect((await fetch(`${stack.url}/api/v1/sources/readyz`)).status).toBe(200);
  });

  it('runs each service as its own database role (issue 18 item 16)', () => {
    for (const [key, role] of Object.entries(SERVICE_DATABASE_ROLES)) {
      const pid = stack.instances[key as keyof typeof SERVICE_DATABASE_ROLES][0]?.pid;
      const environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      expect(environ).toContain(`DATABASE_ROLE=${role}`);
    }
  });

  it('runs each service from its bundle, and the warm reader children from theirs, with no tsx', async () => {
    for (const { name, pid } of stack.processes.filter(({ name }) => name !== 'nginx' && name !== 'maildev'))
      expect(commandLine(pid)).toBe(
        `${process.execPath} ${relative(REPO_ROOT, join(bundles, name, 'main.mjs'))}`,
      );
    const sources = stack.instances.sources[0]?.pid ?? 0;
    const children = await waitUntil(
      () => {
        const found = groupCommands(sources).filter((command) => command.includes('-child.mjs'));
        return found.length >= 2 && found;
      },
      { timeoutMs: 30_000, what: "the sources service's warm children" },
    );
    expect(children.some((command) => command.includes('reader-child.mjs'))).toBe(true);
    expect(children.some((command) => command.includes('imap-child.mjs'))).toBe(true);
    expect(children.join('\n')).not.toContain('tsx');
  });

  it('runs the mail catcher', async () => {
    const response = await fetch(`${stack.mailUrl}/email`);
    expect(response.status).toBe(200);
    expect(Array.isArray(await response.json())).toBe(true);
    expect(stack.smtpUrl).toBe(`smtp://127.0.0.1:${stack.ports.mailSmtp}`);
  });

  it('reports a process that dies while the stack runs', async () => {
    expect(unexpected).toEqual([]);
    expect(stack.processes.map(({ name }) => name).sort()).toEqual([
      'auth',
      'maildev',
      'nginx',
      'profile',
      'search',
      'sources',
    ]);
    // The mail catcher is the one part the API does not need; kill it the hard way.
    const maildev = stack.processes.find(({ name }) => name === 'maildev')?.pid ?? 0;
    process.kill(-maildev, 'SIGKILL');
    await expect.poll(() => unexpected.length, { timeout: testTime(5000) }).toBe(1);
    expect(unexpected[0]).toMatch(/^maildev was killed by SIGKILL \(see .*maildev\.log\)\.$/);
    // The rest keeps running.
    expect((await fetch(`${stack.url}/api/v1/auth/healthz`)).status).toBe(200);
  });

  it('stops every process it started and drops the fresh database', async () => {
    const database = new URL(stack.databaseUrl).pathname.slice(1);
    expect(database).toMatch(/^trove_e2e_[0-9a-f]+$/);
    expect(await databaseExists(database)).toBe(true);
    expect(stack.pids.length).toBe(6);

    await stack.stop();

    for (const pid of stack.pids) expect(groupGone(pid), `pid ${pid} after stop`).toBe(true);
    for (const port of Object.values(stack.ports)) expect(listening(port), `port ${port}`).toBe(false);
    expect(await databaseExists(database)).toBe(false);
    // A second stop is harmless.
    await stack.stop();
  });
});

describe('start-up failures', () => {
  let busy: Server | undefined;

  afterAll(() => {
    busy?.close();
  });

  it('a busy port stops start-up with one line naming it, before anything starts', async () => {
    const ports = await testPorts();
    busy = createServer();
    await new Promise<void>((resolve) => busy?.listen(ports.http, '127.0.0.1', resolve));

    const failure = await startStack({ databaseUrl: TEST_DATABASE_URL, ports, wwwRoot: WWW_ROOT }).catch(
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(PortInUseError);
    const message = (failure as Error).message;
    expect(message).toBe(
      `Port ${ports.http} (HTTP_PORT) is in use. Stop whatever uses it or set HTTP_PORT to a free port.`,
    );
    expect(listening(ports.mailWeb)).toBe(false);
  });

  it('names the variable of any busy port', async () => {
    const ports = await testPorts();
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(ports.mailSmtp, '127.0.0.1', resolve));
    try {
      await expect(startStack({ databaseUrl: TEST_DATABASE_URL, ports, wwwRoot: WWW_ROOT })).rejects.toThrow(
        `Port ${ports.mailSmtp} (MAIL_SMTP_PORT) is in use.`,
      );
    } finally {
      holder.close();
    }
  });

  it('a bad port setting is one line naming the variable', async () => {
    await expect(startStack({ env: { HTTP_PORT: 'eighty' } })).rejects.toThrow(
      'Invalid environment: HTTP_PORT must be a port number between 1 and 65535 (got "eighty")',
    );
  });

  it('an unreachable database is one line, and nothing is left running', async () => {
    const ports = await testPorts();
    const failure = await startStack({
      databaseUrl: `postgres://postgres:secret@127.0.0.1:${ports.embeddedPg}/postgres`,
      ports,
      wwwRoot: WWW_ROOT,
    }).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(StackError);
    expect((failure as Error).message).toMatch(
      /^Cannot reach PostgreSQL at 127\.0\.0\.1:\d+ \(DATABASE_URL=/,
    );
    expect((failure as Error).message).not.toContain('secret');
    for (const port of [ports.http, ports.mailWeb, ports.mailSmtp])
      expect(listening(port), `port ${port}`).toBe(false);
  });

  it('a service that exits at start fails with the tail of its log, and the rest is stopped', async () => {
    const ports = await testPorts();
    const logDir = mkdtempSync(join(tmpdir(), 'trove-stack-logs-'));
    try {
      const failure = await startStack({
        databaseUrl: TEST_DATABASE_URL,
        freshDatabase: true,
        ports,
        logDir,
        wwwRoot: WWW_ROOT,
        serviceEnv: { LOG_LEVEL: 'loud' },
      }).catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(StackError);
      const message = (failure as Error).message;
      expect(message).toMatch(
        /^The (auth|profile|search|sources) service \((AUTH|PROFILE|SEARCH|SOURCES)_PORT=\d+\) did not become ready/,
      );
      expect(message).toContain('exited with code 1');
      expect(message).toContain('LOG_LEVEL');
      for (const port of Object.values(ports)) expect(listening(port), `port ${port}`).toBe(false);
    } finally {
      rmSync(logDir, { recursive: true, force: true });
    }
  });
});

describe('after a crash', () => {
  it(
    'the next start stops what a SIGKILLed stack left running',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'trove-crash-'));
      const script = join(dir, 'crash.mts');
      const ports = await testPorts();
      // A stack whose owner dies without running any cleanup, as with kill -9 or a runner's hard timeout.
      writeFileSync(
        script,
        `import { startStack } from ${JSON.stringify(join(REPO_ROOT, 'infra', 'src', 'stack', 'index.ts'))};
const stack = await startStack(${JSON.stringify({
          databaseUrl: TEST_DATABASE_URL,
          freshDatabase: true,
          ports,
          logDir: dir,
          wwwRoot: WWW_ROOT,
          serviceEnv: { LOG_LEVEL: 'warn' },
        })});
console.log(JSON.stringify({ pids: stack.pids, databaseUrl: stack.databaseUrl }));
process.kill(process.pid, 'SIGKILL');
`,
      );
      try {
        const child = spawnSync(join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), [script], {
          cwd: REPO_ROOT,
          encoding: 'utf8',
        });
        // tsx runs the script in a child node and reports its SIGKILL as exit code 137.
        expect(child.signal === 'SIGKILL' || child.status === 137, child.stderr).toBe(true);
        const { pids, databaseUrl } = JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '{}') as {
          pids: number[];
          databaseUrl: string;
        };
        expect(pids.length).toBe(6);
        for (const pid of pids) expect(groupGone(pid), `pid ${pid} left running`).toBe(false);

        // Any stack starting meanwhile (another test run) may do this cleanup first; either way, all goes.
        await stopLeftovers(join(REPO_ROOT, '.data', 'run'));
        for (const pid of pids) expect(groupGone(pid), `pid ${pid} after cleanup`).toBe(true);
        expect(existsSync(join(REPO_ROOT, '.data', 'run', `nginx-${ports.http}`))).toBe(false);

        expect(await databaseExists(new URL(databaseUrl).pathname.slice(1))).toBe(false);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      // A hang guard: a whole stack starts in a child here, beside the rest of the run.
    },
    testTime(180_000),
  );
});

// The default for `npm start` without DATABASE_URL: keep it working (docs/architecture.md#database).
describe('the stack on embedded PostgreSQL', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'trove-embedded-'));
    // As root the cluster runs as the `postgres` user, which must be able to enter this folder.
    chmodSync(dir, 0o755);
  });

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('initialises a cluster, serves the API on it, and stops it', async () => {
    const ports = await testPorts();
    const stack = await startStack({
      env: {},
      embeddedPgDir: join(dir, 'pg'),
      logDir: join(dir, 'logs'),
      ports,
      wwwRoot: WWW_ROOT,
      serviceEnv: { LOG_LEVEL: 'warn' },
    });
    try {
      expect(stack.databaseUrl).toBe(`postgres://postgres:trove-local@127.0.0.1:${ports.embeddedPg}/trove`);
      const ready = await fetch(`${stack.url}/api/v1/auth/readyz`);
      expect(ready.status).toBe(200);
    } finally {
      await stack.stop();
    }
    expect(existsSync(join(dir, 'pg', 'PG_VERSION'))).toBe(true);
    expect(listening(ports.embeddedPg)).toBe(false);
    for (const pid of stack.pids) expect(groupGone(pid)).toBe(true);
  });
});
