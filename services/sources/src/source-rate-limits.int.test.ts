import { SOURCE_LIMIT_MESSAGES, SourceResponseSchema } from '@trove/contracts';
import { freePort } from '@trove/service-core/testing';
import { testTime } from '@trove/service-core/testing/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SignedInUser,
  type SourcesTestService,
  startSourcesTestService,
} from '../../../infra/src/testing/sources-and-search';

// Issue 34 item 6 (docs/decisions/201-source-rate-limits.md): per-user budgets a minute on tests and previews
// (SOURCE_CHECKS_PER_MINUTE), SQLite uploads (SOURCE_FILES_PER_MINUTE) and "Sync now" (SOURCE_SYNC_NOW_PER_MINUTE),
// in the rate_limits table: past one a 429 with retry_after and words; another user's budget is their own.

let service: SourcesTestService;
let ada: SignedInUser;
let grace: SignedInUser;
let deadPort: number;

async function call(user: SignedInUser, method: string, path: string, body?: unknown) {
  const res = await service.request(user, `/api/v1/sources${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const imapSettings = (n: number) => ({
  email: `box${n}@example.com`,
  host: '127.0.0.1',
  port: deadPort,
  security: 'tls',
  username: `box${n}`,
});

/** A test of a mailbox no server answers for: answered at once (ok: false), and it spends a check. */
const test = (user: SignedInUser) =>
  call(user, 'POST', '/test', { kind: 'imap', settings: imapSettings(1), password: 'secret' });

const upload = async (user: SignedInUser) => {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(200)], 'x.sqlite', { type: 'application/octet-stream' }));
  const res = await service.request(user, '/api/v1/sources/files', { method: 'POST', body: form });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
};

const refusedWith = (answer: { status: number; json: Record<string, unknown> }, words: string) => {
  expect(answer.status).toBe(429);
  expect(answer.json).toMatchObject({ code: 'rate_limited', error: words });
  expect(Number(answer.json.retry_after)).toBeGreaterThan(0);
  expect(Number(answer.json.retry_after)).toBeLessThanOrEqual(60);
};

beforeAll(async () => {
  deadPort = await freePort();
  service = await startSourcesTestService({
    sources: {
      allowedHosts: '127.0.0.1',
      concurrency: 0,
      limits: { checksPerMinute: 2, filesPerMinute: 1, syncNowPerMinute: 1 },
    },
  });
  [ada, grace] = await Promise.all([service.signUp(), service.signUp()]);
}, testTime(60_000));

afterAll(async () => {
  await service?.close();
});

describe('per-user budgets a minute', () => {
  it('tests and previews: the third in a minute is refused; another user’s are not', async () => {
    expect((await test(ada)).status).toBe(200);
    expect((await test(ada)).status).toBe(200);
    refusedWith(await test(ada), SOURCE_LIMIT_MESSAGES.checksTooFast(2));
    // A preview spends from the same budget.
    refusedWith(
      await call(ada, 'POST', '/preview', { kind: 'sqlite', settings: { file_id: crypto.randomUUID() } }),
      SOURCE_LIMIT_MESSAGES.checksTooFast(2),
    );
    expect((await test(grace)).status).toBe(200);
  });

  it('SQLite uploads: the second in a minute is refused before its body is read', async () => {
    // Not a SQLite file: checked and refused (400), and it still spent the upload.
    expect((await upload(ada)).status).toBe(400);
    refusedWith(await upload(ada), SOURCE_LIMIT_MESSAGES.filesTooFast(1));
    expect((await upload(grace)).status).toBe(400);
  });

  it('"Sync now": the second in a minute is refused', async () => {
    const created = await call(ada, 'POST', '', {
      kind: 'imap',
      settings: imapSettings(2),
      password: 'secret',
    });
    expect(created.status).toBe(201);
    const { id } = SourceResponseSchema.parse(created.json).source;
    expect((await call(ada, 'POST', `/${id}/sync`)).status).toBe(202);
    refusedWith(await call(ada, 'POST', `/${id}/sync`), SOURCE_LIMIT_MESSAGES.syncsTooFast(1));
    await call(ada, 'PATCH', `/${id}`, { paused: true });
  });
});
