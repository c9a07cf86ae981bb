import { testTime } from '@trove/service-core/testing/time';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findNginx } from '@trove/proxy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../free-port';
import type { Stack } from './index';
import { startIsolatedStack } from './isolated';
import { TEST_PASSWORD } from './testing/accounts';

// docs/decisions/009-deploy-story.md, "Self-hosting": a customer's TLS-terminating proxy (here a second
// nginx with a self-signed certificate, connecting from 127.0.0.2) in front of ours. Our nginx trusts
// it (FRONT_PROXIES=127.0.0.2), so the services learn the browser used https and make session cookies
// Secure. The same header sent by anyone else (a client on 127.0.0.1, straight to our nginx) is ignored.

const FRONT_ADDRESS = '127.0.0.2';

let dir: string;
let stack: Stack;
let front: ChildProcess;
let frontUrl: string;

interface Answer {
  status: number;
  setCookie: string[];
  body: string;
}

/** One request over http or https (self-signed: this test made the certificate). */
function send(
  url: string,
  method: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const target = new URL(url);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      target,
      {
        method,
        rejectUnauthorized: false,
        headers: { ...(payload ? { 'Content-Type': 'application/json' } : {}), ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += String(chunk);
        });
        res.on('end', () => {
          const setCookie = res.headers['set-cookie'] ?? [];
          resolve({ status: res.statusCode ?? 0, setCookie, body: text });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function mailedCode(email: string): Promise<string> {
  const deadline = Date.now() + testTime(20_000);
  for (;;) {
    const inbox = (await (await fetch(`${stack.mailUrl}/email`)).json()) as {
      text: string;
      to: { address: string }[];
    }[];
    const code = /\b(\d{6})\b/.exec(
      inbox.find((mail) => mail.to.some((to) => to.address === email))?.text ?? '',
    )?.[1];
    if (code !== undefined) return code;
    if (Date.now() > deadline) throw new Error(`No code mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Registers and verifies through `base`; the Set-Cookie lines of the verify answer. */
async function signUp(base: string, email: string, headers: Record<string, string> = {}): Promise<string[]> {
  const registered = await send(
    `${base}/api/v1/auth/password/register`,
    'POST',
    { email, password: TEST_PASSWORD },
    headers,
  );
  expect(registered.status, registered.body).toBe(201);
  const code = await mailedCode(email);
  const verified = await send(
    `${base}/api/v1/auth/otp/verify`,
    'POST',
    { target: email, code, purpose: 'verify' },
    headers,
  );
  expect(verified.status, verified.body).toBe(200);
  return verified.setCookie;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'trove-front-proxy-'));
  mkdirSync(join(dir, 'www'));
  writeFileSync(join(dir, 'www', 'index.html'), '<!doctype html><title>Trove</title>');
  stack = await startIsolatedStack('front-proxy', {
    wwwRoot: join(dir, 'www'),
    env: { ...process.env, FRONT_PROXIES: FRONT_ADDRESS },
    serviceEnv: { AUTH_KEY_DIR: join(dir, 'keys'), LOG_LEVEL: 'warn', MAIL_POLL_MS: '200' },
  });

  // The customer's proxy: TLS on 127.0.0.1, forwarding to our nginx from 127.0.0.2.
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const port = await freePort();
  mkdirSync(join(dir, 'front', 'logs'), { recursive: true });
  writeFileSync(
    join(dir, 'front', 'nginx.conf'),
    `worker_processes 1;
pid ${dir}/front/nginx.pid;
error_log ${dir}/front/logs/error.log warn;
${process.getuid?.() === 0 ? 'user root;' : ''}
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${dir}/front/tmp;
  proxy_temp_path ${dir}/front/tmp;
  server {
    listen 127.0.0.1:${port} ssl;
    ssl_certificate ${dir}/cert.pem;
    ssl_certificate_key ${dir}/key.pem;
    location / {
      proxy_pass http://127.0.0.1:${stack.ports.http};
      proxy_bind ${FRONT_ADDRESS};
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-Proto https;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }
}
`,
  );
  front = spawn(
    findNginx() ?? 'nginx',
    [
      '-p',
      `${dir}/front/`,
      '-c',
      `${dir}/front/nginx.conf`,
      '-e',
      `${dir}/front/logs/error.log`,
      '-g',
      'daemon off;',
    ],
    {
      stdio: 'ignore',
    },
  );
  frontUrl = `https://localhost:${port}`;
  const deadline = Date.now() + testTime(15_000);
  for (;;) {
    if (front.exitCode !== null)
      throw new Error(`front nginx exited: ${readFileSync(join(dir, 'front', 'logs', 'error.log'), 'utf8')}`);
    if ((await send(`${frontUrl}/`, 'GET').catch(() => undefined))?.status === 200) break;
    if (Date.now() > deadline) throw new Error('front nginx did not answer');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});

afterAll(async () => {
  if (front && front.exitCode === null) {
    const exited = once(front, 'exit');
    front.kill('SIGTERM');
    await exited;
  }
  await stack?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('behind a trusted TLS-terminating proxy', () => {
  it('session cookies are Secure when the browser came over https through the trusted proxy', async () => {
    const cookies = await signUp(frontUrl, 'via-tls-proxy@example.com');
    expect(cookies.length).toBeGreaterThanOrEqual(4);
    for (const line of cookies) expect(line).toMatch(/;\s*Secure/i);
  });

  it('the same header from anyone else is ignored: plain http gets no Secure cookie', async () => {
    const cookies = await signUp(stack.url.replace('localhost', '127.0.0.1'), 'forged-proto@example.com', {
      'X-Forwarded-Proto': 'https',
    });
    expect(cookies.length).toBeGreaterThanOrEqual(4);
    for (const line of cookies) expect(line).not.toMatch(/;\s*Secure/i);
  });
});
