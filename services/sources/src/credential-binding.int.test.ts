import { createServer, type Server } from 'node:net';
import { SOURCE_PASSWORD_REQUIRED, SourceResponseSchema, SourcesListResponseSchema } from '@trove/contracts';
import { freePort } from '@trove/service-core/testing';
import { testTime, waitUntil } from '@trove/service-core/testing/time';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DavServer, startDavServer } from './kinds/webdav/testing/dav-server';
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
  // Its last preview is the file's first read in a child, which may still be starting (ci22: past 127 s at load
  // 18-28; ADR 218).
  it('refuses a preview with a moved connection and no password, before connecting', {
    timeout: testTime(180_000),
  }, async () => {
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

// The kinds named by an address (issue 34 item 4, with issue 43's kinds): their edit forms send every field back
// and test with the saved password; only the address, the user name (and a calendar's kind) move it.
describe('a file share, a repository and a calendar', () => {
  let dav: DavServer;

  beforeAll(async () => {
    dav = await startDavServer();
    dav.write('Docs/a.txt', 'the quarterly plan');
    dav.write('Other/b.txt', 'something else');
  }, testTime(60_000));

  afterAll(async () => {
    await dav?.stop();
  });

  const checkpointOf = async (id: string) =>
    (await sql<{ checkpoint: unknown }>`select checkpoint from sources where id = ${id}`.execute(service.db))
      .rows[0]?.checkpoint;

  it('a file share: tests and saves new folders with the saved password; a new address needs it, before connecting', async () => {
    const created = await call('POST', '', {
      kind: 'webdav',
      settings: { url: dav.url, username: dav.user, folders: null },
      password: dav.password,
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const id = SourceResponseSchema.parse(created.json).source.id;
    // What the edit form's Test sends: the fields as they are, no password.
    const tested = await call('POST', `/${id}/test`, { settings: { url: dav.url, username: dav.user } });
    expect(tested.status, JSON.stringify(tested.json)).toBe(200);
    expect(tested.json).toMatchObject({ ok: true });
    expect((tested.json.folders as { path: string }[]).map((folder) => folder.path)).toContain('Docs');
    await service.sources.syncOnly(id);
    await waitUntil(async () => (await checkpointOf(id)) !== null, {
      timeoutMs: 30_000,
      what: 'the share’s first sync to end',
    });
    // What its Save sends: every field, the address unchanged, the folders chosen; no password.
    const saved = await call('PATCH', `/${id}`, {
      settings: { url: dav.url, username: dav.user, folders: ['Docs'] },
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(SourceResponseSchema.parse(saved.json).source.settings).toMatchObject({ folders: ['Docs'] });
    // The address came back unchanged: the source does not start over.
    expect(await checkpointOf(id)).not.toBeNull();
    const before = connections;
    const elsewhere = `http://127.0.0.1:${trapPort}/dav/`;
    for (const settings of [{ url: elsewhere }, { url: dav.url, username: 'bob' }]) {
      const moved = await call('POST', `/${id}/test`, { settings });
      expect(moved.status, JSON.stringify(moved.json)).toBe(400);
      expect(errorOf(moved.json)).toMatchObject({ code: SOURCE_PASSWORD_REQUIRED, field: 'password' });
    }
    const patched = await call('PATCH', `/${id}`, { settings: { url: elsewhere, username: dav.user } });
    expect(patched.status).toBe(400);
    expect(errorOf(patched.json).message).toContain('address');
    expect(connections).toBe(before);
    await call('PATCH', `/${id}`, { paused: true });
  });

  it('a repository and a calendar: a branch or calendars change keeps the token; a new address needs it', async () => {
    const url = `http://127.0.0.1:${deadPort}/owner/repo.git`;
    const repo = await call('POST', '', {
      kind: 'git',
      settings: { url, username: '', branch: null },
      password: 'the saved token',
    });
    expect(repo.status, JSON.stringify(repo.json)).toBe(201);
    const repoId = SourceResponseSchema.parse(repo.json).source.id;
    expect(
      (await call('PATCH', `/${repoId}`, { settings: { url, username: '', branch: 'main' } })).status,
    ).toBe(200);
    const calendar = await call('POST', '', {
      kind: 'calendar',
      settings: {
        protocol: 'caldav',
        url: `http://127.0.0.1:${deadPort}/dav/`,
        username: 'ada',
        calendars: null,
      },
      password: 'the saved app password',
    });
    expect(calendar.status, JSON.stringify(calendar.json)).toBe(201);
    const calendarId = SourceResponseSchema.parse(calendar.json).source.id;
    const same = { protocol: 'caldav', url: `http://127.0.0.1:${deadPort}/dav/`, username: 'ada' };
    expect(
      (await call('PATCH', `/${calendarId}`, { settings: { ...same, calendars: ['/dav/ada/work/'] } }))
        .status,
    ).toBe(200);
    const before = connections;
    const trapUrl = (path: string) => `http://127.0.0.1:${trapPort}${path}`;
    for (const [id, settings] of [
      [repoId, { url: trapUrl('/owner/repo.git') }],
      [calendarId, { ...same, url: trapUrl('/dav/') }],
      [calendarId, { ...same, username: 'bob' }],
    ] as const) {
      const moved = await call('POST', `/${id}/test`, { settings });
      expect(moved.status, JSON.stringify(moved.json)).toBe(400);
      expect(errorOf(moved.json).code).toBe(SOURCE_PASSWORD_REQUIRED);
    }
    expect(connections).toBe(before);
    for (const id of [repoId, calendarId]) await call('PATCH', `/${id}`, { paused: true });
  });
});
