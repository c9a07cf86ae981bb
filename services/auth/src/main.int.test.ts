import { testTime } from '@trove/service-core/testing/time';
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { typeScriptEntry } from '@trove/service-core';
import { createTestDatabase, freePort, type TestDatabase } from '@trove/service-core/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

// The real entry point, started the way `npm start` starts it.
const MAIN = typeScriptEntry(fileURLToPath(new URL('./main.ts', import.meta.url)));

let testDatabase: TestDatabase;
// Every process a test starts, so a failing test cannot leave a service running behind it.
const started = new Set<ChildProcess>();

beforeAll(async () => {
  testDatabase = await createTestDatabase();
});

afterEach(async () => {
  await Promise.all(
    [...started].map(async (child) => {
      if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        process.kill(child.pid, 'SIGKILL');
        await exited;
      }
    }),
  );
  started.clear();
});

afterAll(async () => {
  await testDatabase?.drop();
});

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

function startAuth(env: Record<string, string>): { child: ChildProcess; exit: Promise<Exit> } {
  const child = spawn(MAIN.command, MAIN.args, {
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: testDatabase.url,
      LOG_LEVEL: 'info',
      // Keys go to a temporary folder, never the repository's .data.
      AUTH_KEY_DIR: join(tmpdir(), 'trove-auth-main-test-keys'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const exit = new Promise<Exit>((resolve) => {
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
  return { child, exit };
}

async function waitUntilReady(port: number, child: ChildProcess): Promise<void> {
  // Generous: a cold tsx start on a busy CI machine can take many seconds; a real hang still fails.
  const deadline = Date.now() + testTime(45_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`auth exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
    } catch {
      // Still starting.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('auth did not become ready');
}

// Sequential on purpose: each case pays tsx's start-up, and on a loaded machine parallel start-ups
// only slow each other down.
describe('starting the auth service', () => {
  it('a bad AUTH_PORT stops it with one line naming the variable', async () => {
    const { code, stderr } = await startAuth({ AUTH_PORT: 'abc' }).exit;
    expect(code).toBe(1);
    expect(stderr).toBe('Invalid environment: AUTH_PORT must be a port number (got "abc")\n');
  });

  it('a missing DATABASE_URL stops it with one line naming the variable', async () => {
    const { code, stderr } = await startAuth({ DATABASE_URL: '' }).exit;
    expect(code).toBe(1);
    expect(stderr).toBe('Invalid environment: DATABASE_URL is required\n');
  });

  it('a busy port stops it with one line naming the port and the setting', async () => {
    const port = await freePort();
    const squatter: Server = createServer();
    await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
    try {
      const { code, stderr } = await startAuth({ AUTH_PORT: String(port) }).exit;
      expect(code).toBe(1);
      expect(stderr).toBe(
        `Port ${port} is in use (AUTH_PORT). Stop whatever uses it or set AUTH_PORT to a free port.\n`,
      );
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });

  it('an unreachable database stops it with one line', async () => {
    const url = `postgres://postgres@127.0.0.1:${await freePort()}/postgres`;
    const { code, stderr } = await startAuth({ DATABASE_URL: url, AUTH_PORT: String(await freePort()) }).exit;
    expect(code).toBe(1);
    expect(stderr).toMatch(/^Cannot migrate the database \(DATABASE_URL\): .*ECONNREFUSED.*\n$/);
  });

  it('migrates, serves, and on SIGTERM shuts down cleanly with exit code 0', async () => {
    const port = await freePort();
    const { child, exit } = startAuth({ AUTH_PORT: String(port) });
    await waitUntilReady(port, child);
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/auth/password/exists`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'ada@example.com' }),
    });
    expect(await res.json()).toEqual({ exists: false });
    child.kill('SIGTERM');
    const { code, stderr, stdout } = await exit;
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toContain('"msg":"shutting down"');
  });
});
