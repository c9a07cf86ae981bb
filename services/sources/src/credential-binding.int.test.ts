import { createServer, type Server } from 'node:net';
import { SOURCE_PASSWORD_REQUIRED, SourceResponseSchema, SourcesListResponseSchema } from '@trove/contracts';
import { freePort } from '@trove/service-core/testing';
import { testTime, waitUntil } from '@trove/service-core/testing/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SourcesTestService,
  type SignedInUser,
  startSourcesTestService,
} from '../../../infra/src/testing/sources-and-search';

// Issue 34 item 4: a saved password goes only to the server it was saved for. A trap listens where a changed
// setting points; a preview, test or PATCH that moves the connection without the password is a 400 naming
// the field, and the trap sees no connection at all.

let service: SourcesTestService;
let ada: SignedInUser;
let trap: Server;
let trapPort: number;
/** A port nothing listens on: where the saved sources point, so their own syncs fail fast and quietly. */
let deadPort: number;
let connections = 0;

async function call(method: string, path: string, body?: unknown) {
  const res = await service.request(ada, `/api/v1/sources${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
  });
  const text = await res.text();
  return { status: res.status, json: (text === '' ? null : JSON.parse(text)) as Record<string, unknown> };
}

const errorOf = (json: Record<string, unknown>) => ({
  code: String(json.code),
  message: String(json.error),
  field: json.field,
});

beforeAll(async () => {
  service = await startSourcesTestService({ sources: { allowedHosts: '127.0.0.1' } });
  ada = await service.signUp();
  [trapPort, deadPort] = await Promise.all([freePort(), freePort()]);
  trap = createServer((socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => trap.listen(trapPort, '127.0.0.1', resolve));
}, testTime(60_000));

afterAll(async () => {
  await new Promise((resolve) => trap?.close(resolve));
  // The sources' own syncs (to a dead port) end before the service's pool does.
  const listed = await call('GET', '');
  const sources = SourcesListResponseSchema.parse(listed.json).sources;
  for (const source of sources) await call('PATCH', `/${source.id}`, { paused: true });
  await waitUntil(
    async () =>
      SourcesListResponseSchema.parse((await call('GET', '')).json).sources.every(
        (source) => source.status.state !== 'syncing',
      ),
    { timeoutMs: 30_000, what: 'the sources’ syncs to end' },
  );
  await service?.close();
});

async function postgresSource(): Promise<string> {
  const created = await call('POST', '', {
    kind: 'postgres',
    settings: {
      host: '127.0.0.1',
      port: deadPort,
      database: 'billing',
      user: 'reader',
      tls: 'disable',
      table: 'invoices',
      id_column: 'id',
      body_columns: ['notes'],
    },
    password: 'the saved secret',
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return SourceResponseSchema.parse(created.json).source.id;
}

describe('a database source', () => {
  it('refuses a preview with a moved connection and no password, before connecting', async () => {
    const id = await postgresSource();
    for (const settings of [
      { port: trapPort },
      { host: 'localhost', port: trapPort },
      { user: 'postgres', port: trapPort },
      { database: 'postgres', port: trapPort },
    ]) {
      const answer = await call('POST', `/${id}/preview`, { settings });
      expect(answer.status, JSON.stringify(answer.json)).toBe(400);
      expect(errorOf(answer.json).code).toBe(SOURCE_PASSWORD_REQUIRED);
      expect(errorOf(answer.json)).toMatchObject({ field: 'password' });
      expect(errorOf(answer.json).message).toMatch(/port.*enter the password again/);
    }
    const tls = await call('POST', `/${id}/preview`, { settings: { tls: 'require' } });
    expect(tls.status).toBe(400);
    expect(errorOf(tls.json).message).toContain('encryption');
    expect(connections).toBe(0);
    // With the password, the preview goes where it is told (the trap hangs up): the check above is all that
    // kept the saved one from it.
    const given = await call('POST', `/${id}/preview`, {
      settings: { port: trapPort },
      password: 'typed again',
    });
    expect(given.status).toBe(200);
    expect(given.json.ok).toBe(false);
    expect(connections).toBeGreaterThan(0);
  });

  it('refuses a PATCH that moves the connection without the password, and keeps the settings', async () => {
    const id = await postgresSource();
    const moved = await call('PATCH', `/${id}`, { settings: { port: trapPort } });
    expect(moved.status).toBe(400);
    expect(errorOf(moved.json)).toMatchObject({ code: SOURCE_PASSWORD_REQUIRED });
    const read = await call('GET', `/${id}`);
    expect(SourceResponseSchema.parse(read.json).source.settings).toMatchObject({ port: deadPort });
    // A change that keeps the connection needs no password; one with the password is taken.
    expect((await call('PATCH', `/${id}`, { settings: { table: 'tickets' } })).status).toBe(200);
    expect((await call('PATCH', `/${id}`, { settings: { host: '127.0.0.1' } })).status).toBe(200);
    const withPassword = await call('PATCH', `/${id}`, {
      settings: { user: 'someone else' },
      password: 'typed again',
    });
    expect(withPassword.status, JSON.stringify(withPassword.json)).toBe(200);
  });
});

describe('a mailbox', () => {
  it('refuses a test with a moved server or user and no password', async () => {
    const created = await call('POST', '', {
      kind: 'imap',
      settings: {
        email: 'ada@example.com',
        host: '127.0.0.1',
        port: deadPort,
        security: 'tls',
        username: 'ada',
      },
      password: 'the saved secret',
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = SourceResponseSchema.parse(created.json).source.id;
    const before = connections;
    for (const settings of [{ port: trapPort }, { username: 'bob' }, { security: 'starttls' }]) {
      const answer = await call('POST', `/${id}/test`, { settings });
      expect(answer.status, JSON.stringify(answer.json)).toBe(400);
      expect(errorOf(answer.json).code).toBe(SOURCE_PASSWORD_REQUIRED);
    }
    const patched = await call('PATCH', `/${id}`, { settings: { host: 'localhost' } });
    expect(patched.status).toBe(400);
    expect(errorOf(patched.json).message).toContain('host');
    expect(connections).toBe(before);
    // The address shown and the folders are not where the password goes.
    expect((await call('PATCH', `/${id}`, { settings: { email: 'ada@example.org' } })).status).toBe(200);
  });
});
