import { testTime } from '@trove/service-core/testing/time';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SearchResponse, UploadedDocument, UploadsResponse } from '@trove/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stack } from './index';
import { startIsolatedStack } from './isolated';
import { signedInCookie } from './testing/accounts';
import { sleep } from './testing/load';

// Issue 10 "behind nginx at /api/v1/uploads and /api/v1/search": the search service as the stack runs it,
// two instances sharing the extraction queue, reached only through nginx with a real session and CSRF.
// The upload caps are small here (2 MB a request, 1 MB a file) so the over-limit bodies stay cheap; the
// stack hands the request cap to nginx and the service alike.

const REQUEST_CAP = 2 * 1024 * 1024;
const FILE_CAP = 1024 * 1024;

let dir: string;
let stack: Stack;
let cookie: string;
let csrf: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'trove-search-stack-'));
  mkdirSync(join(dir, 'www'));
  writeFileSync(join(dir, 'www', 'index.html'), '<!doctype html><title>Trove</title>');
  stack = await startIsolatedStack('search', {
    instances: { auth: 1, profile: 1, search: 2 },
    wwwRoot: join(dir, 'www'),
    serviceEnv: {
      AUTH_KEY_DIR: join(dir, 'keys'),
      LOG_LEVEL: 'warn',
      MAIL_POLL_MS: '200',
      UPLOAD_MAX_REQUEST_BYTES: String(REQUEST_CAP),
      UPLOAD_MAX_FILE_BYTES: String(FILE_CAP),
      SEARCH_JOB_POLL_MS: '100',
      // A job taken by the instance killed below comes back to the other one this soon.
      SEARCH_JOB_LEASE_MS: '3000',
      // Every indexed batch vacuums the lists, so the test below sees one.
      SEARCH_LISTS_VACUUM_ROWS: '1',
    },
  });
  cookie = await signedInCookie(stack.url, stack.mailUrl);
  csrf = /(?:^|; )csrf_access_token=([^;]+)/.exec(cookie)?.[1] ?? '';
}, testTime(120_000));
afterAll(async () => {
  await stack?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function upload(
  files: { name: string; body: string | Uint8Array<ArrayBuffer>; type?: string }[],
  withCsrf = true,
) {
  const form = new FormData();
  for (const file of files) {
    const bytes = typeof file.body === 'string' ? new TextEncoder().encode(file.body) : file.body;
    form.append('file', new Blob([bytes], { type: file.type ?? 'text/plain' }), file.name);
  }
  return fetch(`${stack.url}/api/v1/uploads`, {
    method: 'POST',
    headers: { Cookie: cookie, ...(withCsrf ? { 'X-CSRF-TOKEN': csrf } : {}) },
    body: form,
  });
}

/** Polls the list until every one of `ids` has left the queue; resolves with their final state. */
async function settled(ids: readonly string[]): Promise<UploadedDocument[]> {
  const deadline = Date.now() + testTime(60_000);
  for (;;) {
    const res = await fetch(`${stack.url}/api/v1/uploads`, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    const { documents } = (await res.json()) as UploadsResponse;
    const mine = documents.filter((document) => ids.includes(document.id));
    if (mine.length === ids.length && mine.every((d) => d.status === 'indexed' || d.status === 'failed')) {
      return mine;
    }
    if (Date.now() > deadline) throw new Error(`not indexed in time: ${JSON.stringify(mine)}`);
    await sleep(150);
  }
}

async function search(query: string): Promise<SearchResponse> {
  const res = await fetch(`${stack.url}/api/v1/search?q=${encodeURIComponent(query)}`, {
    headers: { Cookie: cookie },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as SearchResponse;
}

function email(word: string): string {
  return [
    'From: Asha Rao <asha@example.com>',
    'To: Ravi Menon <ravi@example.com>',
    'Subject: Quarterly figures',
    'Date: Tue, 3 Mar 2026 10:00:00 +0530',
    'Content-Type: text/plain; charset=utf-8',
    '',
    `The ${word} invoice came to ₹12,500 and is due next week.`,
    '',
  ].join('\r\n');
}

describe('the search service in the stack', () => {
  it('runs two instances, each ready and answering /metrics on its own port only', async () => {
    expect(stack.instances.search).toHaveLength(2);
    expect(stack.processes.filter((process) => process.name === 'search')).toHaveLength(2);
    for (const { port } of stack.instances.search) {
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
      const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      expect(metrics).toMatch(/^mail_outbox_depth\{service="search"\} \d+$/m);
    }
    expect((await fetch(`${stack.url}/api/v1/search/readyz`)).status).toBe(200);
    expect((await fetch(`${stack.url}/api/v1/search/metrics`)).status).toBe(404);
  });

  it('indexes an upload sent through nginx and finds it with GET /api/v1/search', async () => {
    const word = `zephyr${randomBytes(4).toString('hex')}`;
    const res = await upload([
      { name: 'notes.txt', body: `Meeting notes.\n\nThe ${word} launch moved to April.` },
      { name: 'figures.eml', body: email(word), type: 'message/rfc822' },
    ]);
    expect(res.status).toBe(202);
    const { documents } = (await res.json()) as UploadsResponse;
    expect(documents.map((document) => document.status)).toEqual(['queued', 'queued']);
    const done = await settled(documents.map((document) => document.id));
    expect(done.map((document) => [document.name, document.status]).sort()).toEqual([
      ['figures.eml', 'indexed'],
      ['notes.txt', 'indexed'],
    ]);

    const found = await search(word);
    expect(found.results.map((result) => result.document.name).sort()).toEqual(['figures.eml', 'notes.txt']);
    expect(found.results[0]?.snippet).toContainEqual({ text: word, marked: true });
    const invoice = await search(`${word} invoice`);
    expect(invoice.results[0]?.document.name).toBe('figures.eml');
    expect(invoice.results[0]?.facts.amounts?.[0]).toMatchObject({ currency: 'INR', value: 12500 });
  });

  it('the extraction process vacuums the lists it rewrote, as their owner though it indexes as trove_search', async () => {
    const client = new pg.Client({ connectionString: stack.databaseUrl });
    await client.connect();
    try {
      const vacuums = async () =>
        (
          await client.query<{ n: string }>(
            `select coalesce(sum(vacuum_count), 0) as n from pg_stat_user_tables
             where relname in ('search_lists', 'search_pages')`,
          )
        ).rows[0]?.n;
      const before = Number(await vacuums());
      const res = await upload([
        { name: 'vacuum.txt', body: `Rows to vacuum: ${randomBytes(8).toString('hex')}.` },
      ]);
      const { documents } = (await res.json()) as UploadsResponse;
      await settled(documents.map((document) => document.id));
      const deadline = Date.now() + testTime(30_000);
      while (Number(await vacuums()) <= before && Date.now() < deadline) await sleep(100);
      expect(Number(await vacuums())).toBeGreaterThan(before);
    } finally {
      await client.end();
    }
  });

  it('refuses an upload without the CSRF header, and one without a session', async () => {
    const res = await upload([{ name: 'a.txt', body: 'no token' }], false);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'csrf_failed' });
    const anonymous = await fetch(`${stack.url}/api/v1/search?q=anything`);
    expect(anonymous.status).toBe(401);
  });

  it('answers an upload over the request cap with nginx’s JSON 413, and a file over its cap with the service’s', async () => {
    const tooBig = await upload([{ name: 'big.txt', body: new Uint8Array(REQUEST_CAP + 1024).fill(97) }]);
    expect(tooBig.status).toBe(413);
    expect(tooBig.headers.get('content-type')).toContain('application/json');
    expect(await tooBig.json()).toEqual({
      error: 'Upload too large: one request may carry at most 2 MB. Send a large batch in several requests.',
      code: 'payload_too_large',
    });
    expect(tooBig.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");

    const fileTooBig = await upload([{ name: 'long.txt', body: new Uint8Array(FILE_CAP + 1).fill(97) }]);
    expect(fileTooBig.status).toBe(413);
    expect(await fileTooBig.json()).toEqual({
      error: '"long.txt" is larger than 1 MB.',
      code: 'payload_too_large',
    });
  });

  it('goes on indexing and searching when one instance dies', async () => {
    const word = `quokka${randomBytes(4).toString('hex')}`;
    const files = Array.from({ length: 6 }, (_, index) => ({
      name: `part-${index + 1}.txt`,
      body: `Part ${index + 1} of the ${word} report.`,
    }));
    const res = await upload(files);
    expect(res.status).toBe(202);
    const ids = ((await res.json()) as UploadsResponse).documents.map((document) => document.id);
    // No goodbye: a job it had taken stays leased until the lease runs out, then the other instance takes it.
    const victim = stack.instances.search[0];
    if (victim) process.kill(-victim.pid, 'SIGKILL');

    const done = await settled(ids);
    expect(done.filter((document) => document.status !== 'indexed')).toEqual([]);
    // nginx retries the GET on the live instance.
    const found = await search(word);
    expect(found.results.map((result) => result.document.name).sort()).toEqual(files.map((f) => f.name));
  });
});
