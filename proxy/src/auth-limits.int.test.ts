import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientNetworkMap } from './nginx/auth-limits';
import { findNginx, prepareNginxRuntime, testArgs } from './runtime';

// docs/decisions/096: the client-network map and the auth limits, tried against a real nginx. The client
// plays a trusted front proxy (FRONT_PROXIES=127.0.0.1), so each request names its own client address.

// The proxy depends on nothing of the services, so it scales its one wait by TEST_TIME_SCALE itself (ADR 077).
const testTime = (ms: number) => ms * (Number(process.env.TEST_TIME_SCALE) || 1);

const nginx = findNginx();
if (nginx === undefined) throw new Error('nginx is not installed (see proxy.int.test.ts for the packages).');

function freePort(): Promise<number> {
  const server = createServer();
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilAnswering(url: string, process: ChildProcess, errorLog: string): Promise<void> {
  const deadline = Date.now() + testTime(10_000);
  while (Date.now() < deadline) {
    if (process.exitCode !== null) throw new Error(`nginx exited: ${readFileSync(errorLog, 'utf8')}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(testTime(500)) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`nginx did not answer at ${url}`);
}

const running: ChildProcess[] = [];
let dir: string;

function startNginx(args: string[], errorLog: string, base: string): Promise<void> {
  const process = spawn(nginx as string, args, { stdio: 'ignore' });
  running.push(process);
  return waitUntilAnswering(base, process, errorLog);
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'trove-auth-limits-'));
});

afterAll(async () => {
  for (const process of running) {
    if (process.exitCode !== null) continue;
    const exited = once(process, 'exit');
    process.kill('SIGTERM');
    await exited;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The eight groups of an address, each zero or not by the bits of `mask`, written out in full. */
function fullAddress(mask: number): string[] {
  return Array.from({ length: 8 }, (_, index) =>
    mask & (1 << index) ? (0x1000 + index * 0x111).toString(16).padStart(4, '0') : '0000',
  );
}

describe('the client network map in a real nginx', () => {
  let base: string;

  beforeAll(async () => {
    const runtime = join(dir, 'map');
    mkdirSync(join(runtime, 'tmp'), { recursive: true });
    const port = await freePort();
    const errorLog = join(runtime, 'error.log');
    const conf = join(runtime, 'nginx.conf');
    // Only the map and realip (as FRONT_PROXIES=127.0.0.1 renders it), answering with the key.
    writeFileSync(
      conf,
      `pid ${runtime}/nginx.pid;
error_log ${errorLog} warn;
events { worker_connections 64; }
http {
  client_body_temp_path ${runtime}/tmp/body;
  proxy_temp_path ${runtime}/tmp/proxy;
  fastcgi_temp_path ${runtime}/tmp/fastcgi;
  uwsgi_temp_path ${runtime}/tmp/uwsgi;
  scgi_temp_path ${runtime}/tmp/scgi;
  access_log off;
  set_real_ip_from 127.0.0.1;
  real_ip_header X-Forwarded-For;
  real_ip_recursive on;
${clientNetworkMap()}
  server {
    listen 127.0.0.1:${port};
    location / { default_type text/plain; return 200 "$trove_client_network|$remote_addr"; }
  }
}
`,
    );
    const args = ['-p', `${runtime}/`, '-c', conf, '-e', errorLog];
    const tested = spawnSync(nginx as string, [...args, '-t', '-q'], { encoding: 'utf8' });
    expect(tested.stderr).toBe('');
    expect(tested.status).toBe(0);
    base = `http://127.0.0.1:${port}`;
    await startNginx([...args, '-g', 'daemon off;'], errorLog, base);
  });

  const keyOf = async (address: string) => {
    const response = await fetch(`${base}/`, { headers: { 'X-Forwarded-For': address } });
    const [key = '', seen = ''] = (await response.text()).split('|');
    return { key, seen };
  };

  it('gives every IPv6 address the first four groups of its own, whatever nginx compresses', async () => {
    // Each of the 256 patterns of zero groups, written out in full; nginx rewrites it in its compressed
    // form ($remote_addr), with the zero run before, inside, across or after the first four groups.
    const seenForms = new Set<string>();
    for (let mask = 0; mask < 256; mask += 1) {
      const groups = fullAddress(mask);
      const expected = `${groups
        .slice(0, 4)
        .map((group) => Number.parseInt(group, 16).toString(16))
        .join(':')}::/64`;
      const { key, seen } = await keyOf(groups.join(':'));
      expect(key, `${groups.join(':')} (nginx: ${seen})`).toBe(expected);
      seenForms.add(seen.replace(/[0-9a-f]+/g, 'g'));
    }
    // The sweep did reach the compressed forms, not only full ones.
    expect(seenForms.has('::')).toBe(true);
    expect(seenForms.has('g::g:g:g:g:g')).toBe(true);
    expect(seenForms.has('::g:g:g:g:g:g')).toBe(true);
  });

  it('keys IPv4 (and IPv4-mapped IPv6) by the address', async () => {
    expect((await keyOf('203.0.113.5')).key).toBe('203.0.113.5');
    expect((await keyOf('::ffff:203.0.113.5')).key).toBe('203.0.113.5');
  });
});

describe('register and sign-in limits per client network through the rendered config', () => {
  let base: string;
  let upstream: Server;

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      req.resume();
      res.writeHead(201, { 'content-type': 'application/json' }).end('{}');
    });
    upstream.listen(0, '127.0.0.1');
    await once(upstream, 'listening');
    const upstreamAt = `127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const www = join(dir, 'www');
    mkdirSync(www, { recursive: true });
    writeFileSync(join(www, 'index.html'), '<!doctype html><html><body></body></html>');
    const httpPort = await freePort();
    const runtime = prepareNginxRuntime({
      httpPort,
      wwwRoot: www,
      runtimeDir: join(dir, 'full-run'),
      authUpstreams: [upstreamAt],
      profileUpstreams: [upstreamAt],
      searchUpstreams: [upstreamAt],
      sourcesUpstreams: [upstreamAt],
      frontProxies: ['127.0.0.1'],
      // One a minute after a burst of two: the fourth request of a network within the minute is refused.
      authLimits: { registerPerMinute: 1, registerBurst: 2, signInPerMinute: 1, signInBurst: 2 },
    });
    const tested = spawnSync(nginx as string, testArgs(runtime), { encoding: 'utf8' });
    expect(tested.stderr).toBe('');
    expect(tested.status).toBe(0);
    base = `http://127.0.0.1:${httpPort}`;
    await startNginx(runtime.args, runtime.errorLogPath, base);
  });

  afterAll(() => {
    upstream?.close();
  });

  const post = async (path: string, from: string) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Forwarded-For': from },
      body: '{}',
    });
    return { status: response.status, body: await response.text() };
  };

  it('refuses a /64 past the limit with the JSON 429, whichever of its addresses it uses', async () => {
    const statuses: number[] = [];
    for (let index = 1; index <= 5; index += 1) {
      const answer = await post('/api/v1/auth/password/register', `2001:db8:f100:1::${index.toString(16)}`);
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(JSON.parse(answer.body)).toEqual({ error: 'Too many requests', code: 'rate_limited' });
      }
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    // Another address of the same /64, however it is written.
    expect((await post('/api/v1/auth/password/register', '2001:0db8:f100:0001:ffff:1:2:3')).status).toBe(429);
  });

  it('leaves other networks, and the sign-in calls of the flooding one, alone', async () => {
    expect((await post('/api/v1/auth/password/register', '2001:db8:f100:2::1')).status).toBe(201);
    expect((await post('/api/v1/auth/password/register', '203.0.113.9')).status).toBe(201);
    expect((await post('/api/v1/auth/password/login', '2001:db8:f100:1::1')).status).toBe(201);
  });

  it('counts exists, login, reset and otp calls together per network', async () => {
    const from = '2001:db8:f200:1::7';
    const statuses = [];
    for (const path of [
      '/api/v1/auth/password/exists',
      '/api/v1/auth/password/login',
      '/api/v1/auth/otp/request',
      '/api/v1/auth/password/reset/request',
    ]) {
      statuses.push((await post(path, from)).status);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    // The session's own calls are not counted.
    expect((await post('/api/v1/auth/refresh', from)).status).toBe(201);
  });
});
