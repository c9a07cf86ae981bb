import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { testRunDirectory } from '@trove/service-core/testing';
import { startGitServer } from '../../../services/sources/src/kinds/git/testing/git-server';
import { startDavServer } from '../../../services/sources/src/kinds/webdav/testing/dav-server';
import {
  extractDocument,
  type SourcesTestService,
  type SignedInUser,
  startSourcesTestService,
} from '../testing/sources-and-search';

// Issue 43's file-share and repository figures (`npx tsx infra/src/bench/file-sources-bench.ts`, with
// TEST_DATABASE_URL and TROVE_TEST_RUN_DIR as the integration tests take them): the search service in this
// process on a fresh database, a real nginx WebDAV share and real Git hosting (the tests' servers), and
//   1. a share of BENCH_WEBDAV_FILES files of BENCH_WEBDAV_FILE_KB each: the first sync (walked, read, stored
//      with their extraction jobs) in files a second, then every job extracted (searchable);
//   2. a repository of BENCH_GIT_FILES files and BENCH_GIT_COMMITS commits (written with git fast-import): the
//      first sync, then searchable; a delta of 10 commits: sync and searchable;
//   3. a change on the server (a new file, a new commit) → found by a search, after the sync starts;
//   4. this process's peak resident memory (the service, its extraction and the bench together).
// The machine is shared: the load average is printed with the figures.

const WEBDAV_FILES = Number(process.env.BENCH_WEBDAV_FILES ?? 5_000);
const WEBDAV_FILE_KB = Number(process.env.BENCH_WEBDAV_FILE_KB ?? 10);
const GIT_FILES = Number(process.env.BENCH_GIT_FILES ?? 10_000);
const GIT_COMMITS = Number(process.env.BENCH_GIT_COMMITS ?? 5_000);

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 200);

const seconds = (since: number) => (performance.now() - since) / 1000;
const words = [
  'harbour',
  'ledger',
  'invoice',
  'retry',
  'backoff',
  'socket',
  'lantern',
  'meadow',
  'quartz',
  'ember',
];
const text = (n: number, kb: number) => {
  const line = `File ${n} mentions ${words[n % words.length]} and ${words[(n * 7) % words.length]} token${n}.\n`;
  return line.repeat(Math.max(1, Math.floor((kb * 1024) / line.length)));
};

async function syncNow(service: SourcesTestService, id: string): Promise<void> {
  for (;;) {
    if ((await service.sources?.syncNow(id)) === 'done') return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function extractAll(service: SourcesTestService): Promise<void> {
  const worker = service.worker(extractDocument, { batchSize: 50 });
  while (await worker.runOnce()) {
    // every queued job
  }
}

async function found(service: SourcesTestService, user: SignedInUser, q: string): Promise<number> {
  const res = await service.request(user, `/api/v1/search?q=${encodeURIComponent(q)}`);
  return ((await res.json()) as { results: unknown[] }).results.length;
}

async function create(service: SourcesTestService, user: SignedInUser, body: unknown): Promise<string> {
  const res = await service.request(user, '/api/v1/sources', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json' },
  });
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { source: { id: string } }).source.id;
}

/** A repository of `files` files and `commits` commits, written straight into the server's bare copy. */
function fastImport(bare: string, files: number, commits: number, from: string | null): void {
  const parts: string[] = [];
  const at = 1_790_000_000;
  for (let c = 0; c < commits; c++) {
    const message = `fix: commit ${c} adjusts the ${words[c % words.length]} path\n`;
    parts.push(
      `commit refs/heads/main\nauthor Ann Lee <ann@example.com> ${at + c} +0000\ncommitter Ann Lee <ann@example.com> ${at + c} +0000\ndata ${Buffer.byteLength(message)}\n${message}`,
    );
    if (c === 0 && from !== null) parts.push(`from ${from}\n`);
    const touched = c === 0 && from === null ? Array.from({ length: files }, (_, n) => n) : [c % files];
    for (const n of touched) {
      const body = `export const value${n} = ${c}; // ${words[n % words.length]} retry backoff ${c}\n`;
      parts.push(
        `M 100644 inline src/module-${Math.floor(n / 100)}/file-${n}.ts\ndata ${Buffer.byteLength(body)}\n${body}`,
      );
    }
    parts.push('\n');
  }
  execFileSync('git', ['fast-import', '--quiet'], { cwd: bare, input: parts.join(''), maxBuffer: 1024 ** 3 });
}

async function main(): Promise<void> {
  const loadBefore = loadavg();
  const data = join(testRunDirectory(), `bench-git-${randomBytes(3).toString('hex')}`);
  const [dav, git, service] = await Promise.all([
    startDavServer(),
    startGitServer(),
    startSourcesTestService({ sources: { allowedHosts: '127.0.0.1', concurrency: 0, git: { dir: data } } }),
  ]);
  const user = await service.signUp();
  try {
    // 1. The share.
    for (let n = 0; n < WEBDAV_FILES; n++)
      dav.write(`Folder-${Math.floor(n / 100)}/file-${n}.txt`, text(n, WEBDAV_FILE_KB));
    const share = await create(service, user, {
      kind: 'webdav',
      settings: { url: dav.url, username: dav.user },
      password: dav.password,
    });
    let start = performance.now();
    await syncNow(service, share);
    const shareSync = seconds(start);
    await extractAll(service);
    const shareSearchable = seconds(start);
    dav.write('Folder-0/fresh.txt', 'A fresh note about the observatory.');
    start = performance.now();
    await syncNow(service, share);
    await extractAll(service);
    const shareChangeFound = (await found(service, user, 'observatory')) > 0 ? seconds(start) : Number.NaN;

    // 2. The repository.
    git.commit('big', { 'README.md': '# Big\n' }, 'Start', {
      name: 'Ann Lee',
      email: 'ann@example.com',
      date: '2026-11-01T10:00:00Z',
    });
    const reposRoot = git.bare('big');
    const head = execFileSync('git', ['rev-parse', 'main'], { cwd: reposRoot }).toString().trim();
    fastImport(reposRoot, GIT_FILES, GIT_COMMITS, head);
    const repository = await create(service, user, {
      kind: 'git',
      settings: { url: git.url('big') },
      password: '',
    });
    start = performance.now();
    await syncNow(service, repository);
    const repoSync = seconds(start);
    await extractAll(service);
    const repoSearchable = seconds(start);
    const tip = execFileSync('git', ['rev-parse', 'main'], { cwd: reposRoot }).toString().trim();
    fastImport(reposRoot, GIT_FILES, 10, tip);
    start = performance.now();
    await syncNow(service, repository);
    const deltaSync = seconds(start);
    await extractAll(service);
    const deltaSearchable = seconds(start);
    console.log(`
| figure | goal | measured |
|---|---|---|
| WebDAV ${WEBDAV_FILES} files × ${WEBDAV_FILE_KB} KB, first sync (walked, read, stored) | ≥ 50 files/s | ${(WEBDAV_FILES / shareSync).toFixed(0)} files/s (${shareSync.toFixed(1)} s) |
| … searchable (every extraction job, one worker in this process) | — | ${shareSearchable.toFixed(1)} s (${(WEBDAV_FILES / shareSearchable).toFixed(0)} files/s) |
| a new file on the share → found after the next sync | ≤ 2 s | ${shareChangeFound.toFixed(2)} s |
| Git ${GIT_FILES} files and ${GIT_COMMITS} commits, first sync | — | ${repoSync.toFixed(1)} s |
| … searchable | ≤ 60 s | ${repoSearchable.toFixed(1)} s |
| a 10-commit delta: sync / searchable | ≤ 3 s | ${deltaSync.toFixed(2)} s / ${deltaSearchable.toFixed(2)} s |
| peak resident memory of this process (service, extraction, bench) | within the cap | ${(peakRss / 1024 / 1024).toFixed(0)} MB |

load average before ${loadBefore.map((n) => n.toFixed(1)).join(' ')}, after ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`);
  } finally {
    clearInterval(sampler);
    await Promise.all([service.close(), dav.stop(), git.stop()]);
    execFileSync('rm', ['-rf', data]);
  }
}

await main();
