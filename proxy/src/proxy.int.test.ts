import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BROTLI_MODULE } from './render-config';
import { findNginx, type NginxRuntime, prepareNginxRuntime, testArgs } from './runtime';
import { STATIC_FILE_CSP } from './nginx/security-headers';

// The proxy depends on nothing of the services, so it scales its one wait by TEST_TIME_SCALE itself (ADR 077).
const testTime = (ms: number) => ms * (Number(process.env.TEST_TIME_SCALE) || 1);

// Without nginx this file fails rather than skips: a skipped proxy suite reads as green in `npm test`
// while nothing about the rendered config was tried against a real nginx. findNginx is the lookup the
// stack uses (NGINX_BIN, /usr/sbin/nginx, then the PATH); infra/bin/ensure.mjs installs these packages.
function requireNginx(): string {
  const bin = findNginx();
  if (bin === undefined) {
    throw new Error(
      'nginx is not installed, so the proxy integration tests cannot run: run `sudo apt-get install -y nginx-light libnginx-mod-http-brotli-static` (npm test does it when run as root), or set NGINX_BIN to an nginx binary.',
    );
  }
  return bin;
}

const nginx = requireNginx();

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

function write(root: string, path: string, content: string): void {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

async function waitUntilAnswering(url: string, nginxProcess: ChildProcess, errorLog: string): Promise<void> {
  const deadline = Date.now() + testTime(10_000);
  while (Date.now() < deadline) {
    if (nginxProcess.exitCode !== null) {
      throw new Error(`nginx exited (${nginxProcess.exitCode}): ${readFileSync(errorLog, 'utf8')}`);
    }
    try {
      await fetch(url, { signal: AbortSignal.timeout(500) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`nginx did not answer at ${url}`);
}

const SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
];

/** A static file (a script, stylesheet or manifest) keeps what acts on a subresource, not the page's policy. */
function expectStaticFileHeaders(response: Response, what: string): void {
  expect(response.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(response.headers.get('content-security-policy'), what).toBe(STATIC_FILE_CSP);
  expect(response.headers.get('x-request-id'), what).toBeTruthy();
  for (const name of ['permissions-policy', 'x-frame-options', 'referrer-policy'])
    expect(response.headers.get(name), `${name} on ${what}`).toBeNull();
}

function expectSecurityHeaders(response: Response, what: string): void {
  for (const name of SECURITY_HEADERS) expect(response.headers.get(name), `${name} on ${what}`).toBeTruthy();
  expect(response.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(response.headers.get('x-frame-options'), what).toBe('DENY');
  expect(response.headers.get('permissions-policy'), what).toContain('camera=()');
  const csp = response.headers.get('content-security-policy') ?? '';
  const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
  expect(scriptSrc, what).toContain("'self'");
  expect(scriptSrc, what).not.toContain('unsafe-inline');
  expect(csp, what).toContain("frame-ancestors 'none'");
}

const ROBOTS = 'User-agent: *\nAllow: /\n\nSitemap: https://acme.example/sitemap.xml\n';
const SITEMAP =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url><loc>https://acme.example/</loc></url>\n</urlset>\n';

describe('nginx with the rendered config', () => {
  let dir: string;
  let base: string;
  let runtime: NginxRuntime;
  let nginxProcess: ChildProcess;
  let upstream: Server;
  const seen: { url: string; method: string; headers: IncomingHttpHeaders; bytes: number }[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'trove-proxy-'));
    const www = join(dir, 'www');
    write(www, 'index.html', '<!doctype html><html><body><div id="root"></div></body></html>');
    write(www, 'assets/main.3f2a9c1b.js', 'console.log("shell");');
    write(www, 'remotes/x/1/mf-manifest.json', '{"name":"trove_x"}');
    write(www, 'remotes/x/1/remoteEntry.js', 'var trove_x;');
    write(www, 'remotes/x/1/chunk.9b1e7d2a.js', 'export {};');
    write(www, 'config/remotes.json', '{"remotes":{}}');
    write(www, 'security.pdf', '%PDF-1.4\n%fake\n');
    write(www, 'favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
    write(www, 'robots.txt', ROBOTS);
    write(www, 'sitemap.xml', SITEMAP);
    write(
      www,
      'pages/auth/login.html',
      '<!doctype html><html><head><title>Sign in</title></head><body><div id="root"></div></body></html>',
    );
    write(
      www,
      'pages/404.html',
      '<!doctype html><html><head><title>Page not found</title></head><body></body></html>',
    );

    upstream = createServer((req, res) => {
      const request = { url: req.url ?? '', method: req.method ?? '', headers: req.headers, bytes: 0 };
      seen.push(request);
      req.on('data', (chunk: Buffer) => {
        request.bytes += chunk.length;
      });
      req.on('end', () => {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        const requestId = req.headers['x-request-id'];
        if (typeof requestId === 'string') headers['x-request-id'] = requestId;
        if (req.url?.endsWith('/cached')) headers['cache-control'] = 'private, max-age=5';
        res.writeHead(200, headers).end(JSON.stringify({ status: 'ok' }));
      });
    });
    upstream.listen(0, '127.0.0.1');
    await once(upstream, 'listening');
    const upstreamPort = (upstream.address() as AddressInfo).port;
    // Nothing listens here: the profile "service" is down.
    const downPort = await freePort();
    const httpPort = await freePort();

    runtime = prepareNginxRuntime({
      httpPort,
      wwwRoot: www,
      runtimeDir: join(dir, 'run'),
      authUpstreams: [`127.0.0.1:${upstreamPort}`],
      profileUpstreams: [`127.0.0.1:${downPort}`],
      searchUpstreams: [`127.0.0.1:${upstreamPort}`],
      sourcesUpstreams: [`127.0.0.1:${upstreamPort}`],
      uploadMaxBodyBytes: 3 * 1024 * 1024,
      remoteOrigins: ['http://127.0.0.1:9999'],
      extraLocations: [{ path: '/bench/bare', upstreams: [`127.0.0.1:${upstreamPort}`] }],
    });
    base = `http://127.0.0.1:${httpPort}`;
    nginxProcess = spawn(nginx, runtime.args, { stdio: 'ignore' });
    await waitUntilAnswering(base, nginxProcess, runtime.errorLogPath);
  });

  afterAll(async () => {
    if (nginxProcess && nginxProcess.exitCode === null) {
      const exited = once(nginxProcess, 'exit');
      nginxProcess.kill('SIGTERM');
      await exited;
    }
    upstream?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('passes nginx -t', () => {
    const result = spawnSync(nginx, testArgs(runtime), { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('serves the shell with no-cache and the security headers', async () => {
    const response = await fetch(`${base}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('server')).toBe('nginx');
    expectSecurityHeaders(response, '/');
    expect(await response.text()).toContain('<div id="root">');
  });

  it('answers a path that is no page with the prerendered not-found page and a 404 (docs/decisions/055)', async () => {
    const response = await fetch(`${base}/no-such-page`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expectSecurityHeaders(response, 'the not-found page');
    expect(await response.text()).toContain('<title>Page not found</title>');
    expect((await fetch(`${base}/pages/404.html`)).status).toBe(404);
  });

  it('answers /favicon.ico with the site icon, not the not-found page (a page that names no icon asks for it)', async () => {
    const response = await fetch(`${base}/favicon.ico`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('image/svg+xml');
    expect(await response.text()).toContain('<svg');
    expectSecurityHeaders(response, 'the icon');
  });

  it('answers an unknown SPA path with index.html', async () => {
    const response = await fetch(`${base}/profile/settings/anything`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('<div id="root">');
  });

  it('serves robots.txt as text/plain and sitemap.xml as application/xml, never the app (issue 23 item 3)', async () => {
    const robots = await fetch(`${base}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(robots.headers.get('cache-control')).toBe('no-cache');
    expectSecurityHeaders(robots, '/robots.txt');
    const robotsText = await robots.text();
    expect(robotsText).toBe(ROBOTS);
    expect(robotsText).not.toMatch(/<html|<div id="root">/i);

    const sitemap = await fetch(`${base}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(await sitemap.text()).toBe(SITEMAP);
  });

  it('a missing robots.txt or sitemap.xml is a 404, not the SPA page', async () => {
    for (const file of ['robots.txt', 'sitemap.xml']) {
      const path = join(dir, 'www', file);
      const body = readFileSync(path);
      rmSync(path);
      try {
        const response = await fetch(`${base}/${file}`);
        expect(response.status, file).toBe(404);
        expect(await response.text(), file).not.toContain('<div id="root">');
      } finally {
        writeFileSync(path, body);
      }
    }
  });

  it('answers a public page with its own document, whose file is not an address of its own', async () => {
    const login = await fetch(`${base}/auth/login`);
    expect(login.status).toBe(200);
    expect(login.headers.get('content-type')).toContain('text/html');
    expect(login.headers.get('cache-control')).toBe('no-cache');
    expect(await login.text()).toContain('<title>Sign in</title>');
    expect((await fetch(`${base}/pages/auth/login.html`)).status).toBe(404);
    // Any other route still gets the plain shell.
    expect(await (await fetch(`${base}/auth/elsewhere`)).text()).not.toContain('<title>Sign in</title>');
  });

  it('a missing remote file is a plain 404, not the SPA page', async () => {
    const response = await fetch(`${base}/remotes/x/no-such-version/remoteEntry.js`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type') ?? '').not.toContain('text/html');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).not.toContain('<html');
    expectSecurityHeaders(response, 'the 404');
  });

  it('a remote folder without an index is a 404 too', async () => {
    const response = await fetch(`${base}/remotes/x/1/`);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('<html');
  });

  it('revalidates remote entry points and caches hashed remote chunks forever', async () => {
    for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
      const response = await fetch(`${base}/remotes/x/1/${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get('cache-control'), file).toBe('no-cache');
      expect(response.headers.get('access-control-allow-origin'), file).toBe('*');
      expectStaticFileHeaders(response, file);
    }
    const chunk = await fetch(`${base}/remotes/x/1/chunk.9b1e7d2a.js`);
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers.get('content-type')).toContain('text/javascript');
    expectStaticFileHeaders(chunk, 'a remote chunk');
  });

  it('caches shell assets forever; a missing one is a 404', async () => {
    const asset = await fetch(`${base}/assets/main.3f2a9c1b.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expectStaticFileHeaders(asset, 'an asset');
    const missing = await fetch(`${base}/assets/gone.12345678.js`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain('<html');
  });

  it('serves runtime config with no-cache; a missing file is a JSON 404', async () => {
    const config = await fetch(`${base}/config/remotes.json`);
    expect(config.headers.get('cache-control')).toBe('no-cache');
    expect(config.headers.get('content-type')).toContain('application/json');
    expect(await config.json()).toEqual({ remotes: {} });
    const missing = await fetch(`${base}/config/nope.json`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'Not found', code: 'not_found' });
  });

  it('serves /security.pdf as application/pdf', async () => {
    const response = await fetch(`${base}/security.pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('proxies the API with a request id, the forwarded headers, and no-store', async () => {
    seen.length = 0;
    const response = await fetch(`${base}/api/v1/auth/healthz?x=1`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    const request = seen.at(-1);
    expect(request?.url).toBe('/api/v1/auth/healthz?x=1');
    const sentId = request?.headers['x-request-id'];
    expect(sentId).toMatch(/^[0-9a-f]{32}$/);
    expect(request?.headers['x-forwarded-proto']).toBe('http');
    expect(request?.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(request?.headers.host).toBe('127.0.0.1');
    expect(request?.headers.connection).toBeUndefined();
    // Exactly one id comes back, the one the service saw.
    expect(response.headers.get('x-request-id')).toBe(sentId);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expectSecurityHeaders(response, 'an API answer');
  });

  it('keeps a well-formed incoming request id and replaces a malformed one', async () => {
    seen.length = 0;
    await fetch(`${base}/api/v1/auth/healthz`, { headers: { 'x-request-id': 'client-id-1234' } });
    expect(seen.at(-1)?.headers['x-request-id']).toBe('client-id-1234');
    await fetch(`${base}/api/v1/auth/healthz`, { headers: { 'x-request-id': 'bad id"\tinjected' } });
    expect(seen.at(-1)?.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  });

  it("keeps a service's own Cache-Control", async () => {
    const response = await fetch(`${base}/api/v1/auth/cached`);
    expect(response.headers.get('cache-control')).toBe('private, max-age=5');
  });

  it('refuses a body over 1 MB with a JSON 413', async () => {
    const response = await fetch(`${base}/api/v1/auth/password/exists`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: 'Request body too large', code: 'payload_too_large' });
    expectSecurityHeaders(response, 'the 413');
  });

  it('sends uploads, search, chats and passages to the search service, with and without a trailing path', async () => {
    for (const path of [
      '/api/v1/search?q=invoice',
      '/api/v1/search/healthz',
      '/api/v1/uploads',
      '/api/v1/uploads/0b6f2f4e-2f1c-4a53-9d55-5b8f1d8b7c11',
      '/api/v1/chats',
      '/api/v1/chats/0b6f2f4e-2f1c-4a53-9d55-5b8f1d8b7c11/messages',
      '/api/v1/passages/0b6f2f4e-2f1c-4a53-9d55-5b8f1d8b7c11',
    ]) {
      seen.length = 0;
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(200);
      expect(seen.at(-1)?.url, path).toBe(path);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
      expectSecurityHeaders(response, path);
    }
  });

  it('takes an upload bigger than the 1 MB API limit, up to UPLOAD_MAX_REQUEST_BYTES', async () => {
    seen.length = 0;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(2 * 1024 * 1024)]), 'two-megabytes.txt');
    const response = await fetch(`${base}/api/v1/uploads`, { method: 'POST', body: form });
    expect(response.status).toBe(200);
    expect(seen.at(-1)?.method).toBe('POST');
    expect(seen.at(-1)?.bytes).toBeGreaterThan(2 * 1024 * 1024);
  });

  it('refuses a bigger upload itself, with a JSON 413 that says what to do', async () => {
    seen.length = 0;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(4 * 1024 * 1024)]), 'four-megabytes.txt');
    const response = await fetch(`${base}/api/v1/uploads`, { method: 'POST', body: form });
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({
      error: 'Upload too large: one request may carry at most 3 MB. Send a large batch in several requests.',
      code: 'payload_too_large',
    });
    expectSecurityHeaders(response, 'the uploads 413');
    // Refused on its Content-Length, before the service saw any of it.
    expect(seen).toHaveLength(0);
  });

  it('answers a service that is down with a JSON 502', async () => {
    const response = await fetch(`${base}/api/v1/profile/readyz`);
    expect(response.status).toBe(502);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ error: 'Service unavailable', code: 'unavailable' });
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    expectSecurityHeaders(response, 'the 502');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await fetch(`${base}/api/v2/nothing`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Not found', code: 'not_found' });
  });

  it('proxies an extra location (the bench hook)', async () => {
    seen.length = 0;
    const response = await fetch(`${base}/bench/bare`);
    expect(response.status).toBe(200);
    expect(seen.at(-1)?.url).toBe('/bench/bare');
  });

  it('allows the configured remote origins in the CSP', async () => {
    const csp = (await fetch(`${base}/`)).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' http://127.0.0.1:9999");
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:9999");
  });

  it('compresses text answers with gzip', async () => {
    const big = 'x'.repeat(4096);
    write(join(dir, 'www'), 'assets/big.0a1b2c3d.js', `console.log("${big}");`);
    const response = await fetch(`${base}/assets/big.0a1b2c3d.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toContain('Accept-Encoding');
  });

  it('sends precompressed siblings as they are', async () => {
    const www = join(dir, 'www');
    write(www, 'assets/pre.4d5e6f70.js', 'console.log("plain");');
    writeFileSync(join(www, 'assets/pre.4d5e6f70.js.gz'), gzipSync('console.log("gzip");'));
    writeFileSync(join(www, 'assets/pre.4d5e6f70.js.br'), brotliCompressSync('console.log("brotli");'));
    const gzipped = await fetch(`${base}/assets/pre.4d5e6f70.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(await gzipped.text()).toBe('console.log("gzip");');
    if (!existsSync(DEFAULT_BROTLI_MODULE)) return;
    const brotli = await fetch(`${base}/assets/pre.4d5e6f70.js`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(await brotli.text()).toBe('console.log("brotli");');
    expect(brotli.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});

describe('the client address the services see (issue 18 item 5)', () => {
  let dir: string;
  let upstream: Server;
  const running: ChildProcess[] = [];
  const forwardedFor: string[] = [];
  let direct: string;
  let behindFront: string;
  let upstreamPort: number;

  async function startNginx(
    name: string,
    upstreamPort: number,
    frontProxies: string[],
    uploadLimits?: { requestsPerMinute: number; connections: number },
  ): Promise<string> {
    const www = join(dir, name);
    write(www, 'index.html', '<!doctype html><html><body></body></html>');
    write(www, 'config/remotes.json', '{"remotes":{}}');
    const httpPort = await freePort();
    const runtime = prepareNginxRuntime({
      httpPort,
      wwwRoot: www,
      runtimeDir: join(dir, `${name}-run`),
      authUpstreams: [`127.0.0.1:${upstreamPort}`],
      profileUpstreams: [`127.0.0.1:${upstreamPort}`],
      searchUpstreams: [`127.0.0.1:${upstreamPort}`],
      sourcesUpstreams: [`127.0.0.1:${upstreamPort}`],
      frontProxies,
      ...(uploadLimits === undefined ? {} : { uploadLimits }),
    });
    const process = spawn(nginx, runtime.args, { stdio: 'ignore' });
    running.push(process);
    const base = `http://127.0.0.1:${httpPort}`;
    await waitUntilAnswering(base, process, runtime.errorLogPath);
    return base;
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'trove-proxy-ip-'));
    upstream = createServer((req, res) => {
      forwardedFor.push(String(req.headers['x-forwarded-for']));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    upstream.listen(0, '127.0.0.1');
    await once(upstream, 'listening');
    upstreamPort = (upstream.address() as AddressInfo).port;
    direct = await startNginx('direct', upstreamPort, []);
    // The test client plays the customer's front proxy (a TLS terminator) on 127.0.0.1.
    behindFront = await startNginx('front', upstreamPort, ['127.0.0.1']);
  });

  afterAll(async () => {
    for (const process of running) {
      if (process.exitCode !== null) continue;
      const exited = once(process, 'exit');
      process.kill('SIGTERM');
      await exited;
    }
    upstream?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const seenFor = async (base: string, header?: string) => {
    forwardedFor.length = 0;
    const response = await fetch(`${base}/api/v1/auth/healthz`, {
      headers: header === undefined ? {} : { 'X-Forwarded-For': header },
    });
    expect(response.status).toBe(200);
    return forwardedFor.at(-1);
  };

  it('a forged X-Forwarded-For from a client is replaced by the address nginx saw', async () => {
    expect(await seenFor(direct, '1.2.3.4')).toBe('127.0.0.1');
    expect(await seenFor(direct, '1.2.3.4, 5.6.7.8')).toBe('127.0.0.1');
    expect(await seenFor(direct)).toBe('127.0.0.1');
  });

  it('uploads past the per-address allowance get nginx’s JSON 429 (issue 18 item 7)', async () => {
    const limitedBase = await startNginx('limited', upstreamPort, [], {
      requestsPerMinute: 1,
      connections: 16,
    });
    const statuses: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      const res = await fetch(`${limitedBase}/api/v1/uploads`, { method: 'POST', body: 'x' });
      statuses.push(res.status);
      if (res.status === 429) expect(await res.json()).toMatchObject({ code: 'rate_limited' });
    }
    // One a minute and a burst of one more: the third is refused.
    expect(statuses).toEqual([200, 200, 429]);
    // Other locations do not count against it.
    expect((await fetch(`${limitedBase}/api/v1/auth/healthz`)).status).toBe(200);
  });

  it('Strict-Transport-Security only when the browser came over https (issue 18 item 13)', async () => {
    const plain = await fetch(`${behindFront}/api/v1/auth/healthz`);
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const overHttps = await fetch(`${behindFront}/api/v1/auth/healthz`, {
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    expect(overHttps.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const page = await fetch(`${behindFront}/`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(page.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    // A client that is not a front proxy cannot claim https.
    const claimed = await fetch(`${direct}/`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(claimed.headers.get('strict-transport-security')).toBeNull();
  });

  it('behind a proxy in FRONT_PROXIES each client keeps its own address, and cannot prepend another', async () => {
    expect(await seenFor(behindFront, '203.0.113.5')).toBe('203.0.113.5');
    expect(await seenFor(behindFront, '203.0.113.6')).toBe('203.0.113.6');
    // The front proxy appends the client it saw; what the client wrote before that does not count.
    expect(await seenFor(behindFront, '1.2.3.4, 203.0.113.7')).toBe('203.0.113.7');
    // A request straight from the front proxy itself, with no header, is that proxy.
    expect(await seenFor(behindFront)).toBe('127.0.0.1');
  });
});
