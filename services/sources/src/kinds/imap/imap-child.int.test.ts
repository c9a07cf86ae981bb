import { SourceResponseSchema, SourceTestResultSchema } from '@trove/contracts';
import { testTime } from '@trove/service-core/testing/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SignedInUser,
  type SourcesTestService,
  startSourcesTestService,
} from '../../../../../infra/src/testing/sources-and-search';
import { type HostileImap, startHostileImap } from './testing/hostile-imap';

// Issue 34 item 3 (docs/decisions/200-imap-in-a-child-and-streamed-sqlite-files.md): every IMAP session — a test,
// a sync — runs in a child process with SOURCE_RUN_TIMEOUT_S a call. A server that logs the source in and then
// stops answering is stopped at that clock (imapflow's own socket timeout is minutes), and the test and the card
// say so in words. (A sync of a real mailbox through the child: imap-sync.int.test.ts and the others.)

let stalling: HostileImap;
let service: SourcesTestService;
let ada: SignedInUser;

const settings = () => ({
  email: 'ada@example.test',
  host: stalling.host,
  port: stalling.port,
  security: 'tls',
  username: 'ada',
  pinned_certificate_sha256: stalling.certificateSha256,
});

async function post(path: string, body: unknown) {
  const res = await service.request(ada, `/api/v1/sources${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json' },
  });
  return { status: res.status, json: (await res.json()) as unknown };
}

beforeAll(async () => {
  [stalling, service] = await Promise.all([
    startHostileImap('stall'),
    startSourcesTestService({
      sources: {
        allowedHosts: '127.0.0.1',
        concurrency: 0,
        databases: { runner: { timeoutMs: testTime(3_000), memoryMb: 256 } },
      },
    }),
  ]);
  ada = await service.signUp();
}, testTime(120_000));

afterAll(async () => {
  await Promise.all([stalling?.stop(), service?.close()]);
});

describe('a mailbox read in a child', () => {
  it('is stopped when the server stops answering: the test says so in words', async () => {
    const tested = await post('/test', { kind: 'imap', settings: settings(), password: 'secret' });
    expect(tested.status).toBe(200);
    const result = SourceTestResultSchema.parse(tested.json);
    if (result.ok) throw new Error('a server that never lists its folders cannot pass');
    expect(result.reason).toMatch(
      /^The mailbox at 127\.0\.0\.1 took longer than \d+ s to answer, and reading it was stopped\.$/,
    );
  });

  it('leaves the source needing attention with the limit named, not retried by itself', async () => {
    const created = await post('', { kind: 'imap', settings: settings(), password: 'secret' });
    expect(created.status).toBe(201);
    const { id } = SourceResponseSchema.parse(created.json).source;
    await service.sources.syncOnly(id);
    const read = await service.request(ada, `/api/v1/sources/${id}`);
    const { status } = SourceResponseSchema.parse(await read.json()).source;
    expect(status).toMatchObject({
      state: 'needs_attention',
      problem: 'limit',
      reason: expect.stringMatching(/took longer than \d+ s to answer, and reading it was stopped\.$/),
    });
    if (status.state !== 'needs_attention') throw new Error('needs attention');
    expect(status.action).toMatch(/SOURCE_RUN_TIMEOUT_S/);
    expect(status.retry_at).toBeNull();
  });
});
