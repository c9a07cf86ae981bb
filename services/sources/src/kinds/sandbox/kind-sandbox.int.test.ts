import { spawn } from 'node:child_process';
import { createServer, type Server, type Socket } from 'node:net';
import { SourceResponseSchema, SourceTestResultSchema } from '@trove/contracts';
import { testTime, waitUntil } from '@trove/service-core/testing/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SignedInUser,
  type SourcesTestService,
  startSourcesTestService,
} from '../../../../../infra/src/testing/sources-and-search';
import { residentBytes } from '../../database/child-channel';

// A file share's and a repository's reads run in the kinds' child (docs/decisions/218-webdav-and-git-in-the-child.md),
// with SOURCE_RUN_TIMEOUT_S and SOURCE_RUN_MEMORY_MB like a mailbox's and a database's: a server that takes the
// connection and never answers is stopped at the runner's clock (not WebDAV's 30 s request timeout, nor git's
// 10 minutes), and the test or the card says so in words. The memory the child is held to counts what it starts
// (git).

/** Takes connections and never answers (a tarpit). */
let tarpit: Server;
const held: Socket[] = [];
/** Connections to the tarpit still open: a reader killed closes its own (git's too). */
let open = 0;
let tarpitUrl: string;
let service: SourcesTestService;
let ada: SignedInUser;

/** The runner's clock here: far under the kinds' own timeouts. */
const RUN_SECONDS = 2;

async function call(method: string, path: string, body?: unknown) {
  const res = await service.request(ada, `/api/v1/sources${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
  });
  return { status: res.status, json: (await res.json().catch(() => null)) as unknown };
}

beforeAll(async () => {
  tarpit = createServer((socket) => {
    held.push(socket);
    open += 1;
    socket.on('close', () => {
      open -= 1;
    });
    socket.on('error', () => undefined);
    // Reads what it is sent (and never answers), so it sees the other end go.
    socket.resume();
  });
  await new Promise<void>((resolve) => tarpit.listen(0, '127.0.0.1', resolve));
  const address = tarpit.address();
  if (address === null || typeof address === 'string') throw new Error('no tarpit port');
  tarpitUrl = `http://127.0.0.1:${address.port}`;
  service = await startSourcesTestService({
    sources: {
      allowedHosts: '127.0.0.1',
      databases: { runner: { timeoutMs: RUN_SECONDS * 1000, memoryMb: 256 } },
    },
  });
  ada = await service.signUp();
}, testTime(120_000));
afterAll(async () => {
  for (const socket of held) socket.destroy();
  await Promise.all([service?.close(), new Promise((resolve) => tarpit?.close(resolve))]);
});

const cases = [
  {
    kind: 'webdav',
    settings: () => ({ url: `${tarpitUrl}/dav/`, username: 'ada', folders: null }),
    words: () => `The share at ${new URL(tarpitUrl).host} took longer than ${RUN_SECONDS} s to answer`,
  },
  {
    kind: 'git',
    settings: () => ({ url: `${tarpitUrl}/repo.git`, username: '', branch: null }),
    words: () => `The repository at 127.0.0.1 took longer than ${RUN_SECONDS} s to answer`,
  },
] as const;

describe('file shares and repositories read in the child', () => {
  // Each check and the sync start a child (seconds under load) before the runner's clock starts.
  for (const { kind, settings, words } of cases)
    it(`${kind}: a server that never answers stops the test and the sync at SOURCE_RUN_TIMEOUT_S, in words`, {
      timeout: testTime(180_000),
    }, async () => {
      const tested = await call('POST', '/test', { kind, settings: settings(), password: 'secret' });
      expect(tested.status, JSON.stringify(tested.json)).toBe(200);
      expect(SourceTestResultSchema.parse(tested.json)).toMatchObject({
        ok: false,
        reason: expect.stringContaining(words()),
      });

      const created = await call('POST', '', { kind, settings: settings(), password: 'secret' });
      expect(created.status, JSON.stringify(created.json)).toBe(201);
      const { id } = SourceResponseSchema.parse(created.json).source;
      await expect.poll(() => service.sources?.syncNow(id), { timeout: testTime(90_000) }).toBe('done');
      const read = await call('GET', `/${id}`);
      expect(SourceResponseSchema.parse(read.json).source.status).toMatchObject({
        state: 'needs_attention',
        problem: 'limit',
        reason: expect.stringContaining(words()),
      });
      // The reader is gone with what it started: nothing holds a connection to the server any more.
      await waitUntil(() => open === 0, { timeoutMs: 10_000, what: 'every connection to the tarpit closed' });
    });

  it('the memory a child is held to counts the processes it started', async () => {
    // A shell that starts a Node holding 160 MB: the shell's own memory is a few MB.
    const shell = spawn(
      'sh',
      [
        '-c',
        `"${process.execPath}" -e "globalThis.b = Buffer.alloc(160 * 1024 * 1024, 1); setInterval(() => {}, 1000)"; exit 0`,
      ],
      { stdio: 'ignore', detached: true },
    );
    try {
      const pid = shell.pid;
      if (pid === undefined) throw new Error('no shell');
      await waitUntil(async () => ((await residentBytes(pid)) ?? 0) > 150 * 1024 * 1024, {
        timeoutMs: 20_000,
        what: 'the shell and its Node together over 150 MB',
      });
    } finally {
      if (shell.pid !== undefined) process.kill(-shell.pid, 'SIGKILL');
    }
  });
});
