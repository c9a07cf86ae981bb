import { testTime } from '@trove/service-core/testing/time';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../free-port';
import { REPO_ROOT } from '../stack/index';
import { startTestNginx, type TestNginx } from '../stack/testing/nginx';
import { historyPath, readRuntimeMap } from './runtime-map';

// docs/decisions/009-deploy-story.md, "A/B rollout": nginx splits new visitors between the landing
// page's runtime maps A (config/remotes.json) and B (config/remotes.b.json) by the configured weight,
// keeps each visitor in their bucket through a random-id cookie, lets QA force a variant, and takes
// new weights with a reload.

const CLI = join(REPO_ROOT, 'infra', 'src', 'deploy', 'cli.ts');
const TSX = join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
const A = 'aaaaaaaaaaaa';
const B = 'bbbbbbbbbbbb';

let dir: string;
let www: string;
let runtimeDir: string;
let nginx: TestNginx;

function write(path: string, content: string): void {
  const file = join(www, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

function cli(args: string[]) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(TSX, [CLI, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, BUILD_OUT_DIR: www },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += String(chunk);
    });
    child.stderr.on('data', (chunk) => {
      output += String(chunk);
    });
    child.once('exit', (code) => resolve({ code, output }));
  });
}

interface Visit {
  variant: string;
  /** The marketing version the map named. */
  version: string;
  /** `trove_vid=…` when the answer set one. */
  cookie: string | undefined;
}

/**
 * A reload ends the old workers, closing their keep-alive connections; a request the client sends on one
 * of its pooled connections at that moment fails with "other side closed" before nginx saw it. A browser
 * retries such a request; so does this, a bounded number of times (each failure drops one dead connection).
 */
async function fetchRetryingClosedConnections(url: string, init: RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fetch(url, init);
    } catch (err) {
      if (attempt >= 20) throw err;
    }
  }
}

async function visit(path = '/config/remotes.json', cookie?: string): Promise<Visit> {
  const init: RequestInit = { headers: cookie ? { Cookie: cookie } : {} };
  const res = await fetchRetryingClosedConnections(`${nginx.base}${path}`, init);
  const map = (await res.json()) as { remotes: Record<string, { entry: string }> };
  if (res.status !== 200) throw new Error(`remotes.json answered ${res.status}`);
  return {
    variant: res.headers.get('x-trove-variant') ?? '',
    version: /\/marketing\/([0-9a-f]{12})\//.exec(map.remotes.marketing?.entry ?? '')?.[1] ?? '',
    cookie: res.headers
      .getSetCookie()
      .map((line) => line.split(';')[0] ?? '')
      .find((pair) => pair.startsWith('trove_vid=')),
  };
}

/** `count` first visits (no cookie), `concurrency` at a time. */
async function newVisitors(count: number, concurrency = 16): Promise<Visit[]> {
  const visits: Visit[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1;
        visits.push(await visit());
      }
    }),
  );
  return visits;
}

function shareOfB(visits: readonly Visit[]): number {
  return (100 * visits.filter((v) => v.variant === 'b').length) / visits.length;
}

beforeAll(async () => {
  dir = mkdtempSync(join(REPO_ROOT, 'dist', '.ab-test-'));
  www = join(dir, 'www');
  runtimeDir = join(dir, 'run');
  write('index.html', '<!doctype html><title>Trove</title>');
  for (const version of [A, B]) {
    write(
      `remotes/marketing/${version}/mf-manifest.json`,
      '{"id":"trove_marketing","name":"trove_marketing"}',
    );
  }
  write(`remotes/auth/${A}/mf-manifest.json`, '{"id":"trove_auth","name":"trove_auth"}');
  write(
    'config/remotes.json',
    `${JSON.stringify({
      remotes: {
        marketing: { entry: `/remotes/marketing/${A}/mf-manifest.json` },
        auth: { entry: `/remotes/auth/${A}/mf-manifest.json` },
      },
    })}\n`,
  );
  nginx = await startTestNginx({
    httpPort: await freePort(),
    wwwRoot: www,
    runtimeDir,
    authUpstreams: ['127.0.0.1:9'],
    profileUpstreams: ['127.0.0.1:9'],
    searchUpstreams: ['127.0.0.1:9'],
    sourcesUpstreams: ['127.0.0.1:9'],
    // The access log is on the hot path of 10,000 requests and not under test here.
    accessLog: false,
    abTest: { weightB: 20 },
  });
});

afterAll(async () => {
  await nginx?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
  if (www) rmSync(historyPath(www), { force: true });
});

// 10,000 visits take ~5 s on an idle machine; on two cores shared with the browser layer one run took past
// the default minute, so the tests get four.
describe('the landing page A/B rollout', { timeout: testTime(240_000) }, () => {
  it('deploy --variant b points only the B map at the new landing version', async () => {
    const deployed = await cli(['deploy', 'marketing', '--variant', 'b', '--version', B]);
    expect(deployed.code, deployed.output).toBe(0);
    const mapB = await readRuntimeMap(www, 'remotes.b.json');
    expect(mapB.remotes.marketing?.entry).toBe(`/remotes/marketing/${B}/mf-manifest.json`);
    // The rest of B's map is everyone's map.
    expect(mapB.remotes.auth?.entry).toBe(`/remotes/auth/${A}/mf-manifest.json`);
    expect((await readRuntimeMap(www)).remotes.marketing?.entry).toBe(
      `/remotes/marketing/${A}/mf-manifest.json`,
    );
  });

  it('10,000 new visitors at 80/20 land within ±2 points of the weights, each given a visitor cookie', async () => {
    const visits = await newVisitors(10_000);
    const share = shareOfB(visits);
    console.log(
      `[ab] 10,000 new visitors at 80/20: A ${(100 - share).toFixed(2)}%, B ${share.toFixed(2)}% ` +
        `(${visits.filter((v) => v.variant === 'b').length} of ${visits.length})`,
    );
    expect(Math.abs(share - 20)).toBeLessThanOrEqual(2);
    // Each answer's map is its variant's.
    expect(visits.filter((v) => v.version !== (v.variant === 'b' ? B : A))).toEqual([]);
    expect(visits.filter((v) => v.cookie === undefined)).toEqual([]);
    expect(new Set(visits.map((v) => v.cookie)).size).toBe(visits.length);
  });

  it('a returning visitor keeps their variant over 20 requests, and is not given a new cookie', async () => {
    const firsts = await newVisitors(40);
    const returning = [
      ...firsts.filter((v) => v.variant === 'b').slice(0, 3),
      ...firsts.filter((v) => v.variant === 'a').slice(0, 3),
    ];
    expect(returning.some((v) => v.variant === 'b')).toBe(true);
    for (const first of returning) {
      for (let index = 0; index < 20; index += 1) {
        const again = await visit('/config/remotes.json', first.cookie);
        expect(again.variant).toBe(first.variant);
        expect(again.cookie).toBeUndefined();
      }
    }
  });

  it('QA forces a variant with ?variant= or the trove_variant cookie', async () => {
    const [aVisitor] = (await newVisitors(30)).filter((v) => v.variant === 'a');
    expect((await visit('/config/remotes.json?variant=b', aVisitor?.cookie)).version).toBe(B);
    expect((await visit('/config/remotes.json', `${aVisitor?.cookie}; trove_variant=b`)).version).toBe(B);
    expect((await visit('/config/remotes.json?variant=a', 'trove_variant=b')).version).toBe(A);
    // Anything else is no override.
    expect((await visit('/config/remotes.json?variant=zzz', aVisitor?.cookie)).version).toBe(A);
  });

  it('new weights apply with a reload (npm run ab:weight), no rebuild; B visitors stay B when B grows', async () => {
    const before = await newVisitors(200);
    const bCookies = before.filter((v) => v.variant === 'b').map((v) => v.cookie);
    const workersBefore = nginx.workers();
    expect(workersBefore.length).toBeGreaterThan(0);
    const changed = await cli(['ab-weight', '50', '--runtime-dir', runtimeDir]);
    expect(changed.code, changed.output).toBe(0);
    // nginx reloads asynchronously: wait until the workers that ran the old split have exited.
    await nginx.workersReplaced(workersBefore);
    const visits = await newVisitors(5_000);
    const share = shareOfB(visits);
    console.log(`[ab] after a reload at 50/50: 5,000 new visitors, B ${share.toFixed(2)}%`);
    expect(Math.abs(share - 50)).toBeLessThanOrEqual(4);
    for (const cookie of bCookies) expect((await visit('/config/remotes.json', cookie)).variant).toBe('b');
  });
});
