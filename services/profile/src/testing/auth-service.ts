import { testTime } from '@trove/service-core/testing/time';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { typeScriptEntry } from '@trove/service-core';
import { CookieJar, codeIn, freePort, type Maildev } from '@trove/service-core/testing';

const AUTH_MAIN = typeScriptEntry(fileURLToPath(new URL('../../../auth/src/main.ts', import.meta.url)));

export interface RunningAuthService {
  url: string;
  jwksUrl: string;
  stop(): Promise<void>;
}

/**
 * The real auth service, as a process (the profile service only ever talks to it over HTTP: its JWKS).
 */
export async function startAuthService(options: {
  databaseUrl: string;
  smtpUrl: string;
}): Promise<RunningAuthService> {
  const port = await freePort();
  const child: ChildProcess = spawn(AUTH_MAIN.command, AUTH_MAIN.args, {
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: options.databaseUrl,
      SMTP_URL: options.smtpUrl,
      AUTH_PORT: String(port),
      AUTH_KEY_DIR: join(mkdtempSync(join(tmpdir(), 'trove-profile-test-keys-')), 'keys'),
      LOG_LEVEL: 'warn',
      // Its 2 s default is a production bound; beside a loaded test run a new connection waits longer for its
      // backend (ci1: the service exited with 1 at load 27), so it stretches with every other wait.
      DB_CONNECT_TIMEOUT_MS: String(Math.min(60_000, testTime(5_000))),
      MAIL_POLL_MS: '50',
      AUTH_MIN_RESPONSE_MS: '0',
      RATE_EXISTS_PER_MINUTE: '100000',
      RATE_REGISTER_PER_MINUTE: '100000',
      RATE_PASSWORD_CHECKS_PER_MINUTE: '100000',
      RATE_LOGIN_FAILURES: '100000',
      RATE_CODE_MAILS_PER_HOUR: '100000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // Its last words, for the error when it exits before it is ready.
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-2_000);
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(child.pid, 'SIGTERM');
      await exited;
    }
  };
  // A minute: a busy machine (both test lanes at once) once took more than 30 s to start it.
  const deadline = Date.now() + testTime(60_000);
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(
        `the auth service exited with ${child.exitCode}: ${stderr.trim() || '(nothing on stderr)'}`,
      );
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the auth service did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, jwksUrl: `${url}/api/v1/auth/.well-known/jwks.json`, stop };
}

async function post(url: string, body: unknown, jar: CookieJar): Promise<Response> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: jar.header() },
    body: JSON.stringify(body),
  });
  jar.store(res);
  return res;
}

/** register → read the mailed code → verify, over HTTP: a verified account with session cookies. */
export async function signUpThroughAuth(
  auth: RunningAuthService,
  maildev: Maildev,
  email: string,
  password: string,
): Promise<CookieJar> {
  const jar = new CookieJar();
  const registered = await post(`${auth.url}/api/v1/auth/password/register`, { email, password }, jar);
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  const code = codeIn(await maildev.waitForMail(email));
  const verified = await post(
    `${auth.url}/api/v1/auth/otp/verify`,
    { target: email, code, purpose: 'verify' },
    jar,
  );
  if (verified.status !== 200) throw new Error(`verify answered ${verified.status}`);
  return jar;
}

export async function loginThroughAuth(auth: RunningAuthService, email: string, password: string) {
  const jar = new CookieJar();
  const res = await post(`${auth.url}/api/v1/auth/password/login`, { email, password }, jar);
  return { res, jar };
}
