// What `npm test` sets up around the layers (issue 36): a folder the run owns, the machine's time scale, and
// where the time went. Plain Node: it runs before anything is built.
import { spawnSync } from 'node:child_process';
import {
  accessSync,
  chmodSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';

/**
 * The folder this run owns (issue 36 item 1): every server a test starts keeps its data, sockets and lock
 * files in a folder of its own in here (services/core/src/testing/run-directory.ts), and TMPDIR points here
 * too, so nothing writes to the shared temp folder — which on some machines is not world-writable. Made in
 * the temp folder when this user may write there (a short path: Unix socket paths hold 107 bytes), else
 * under .data. 0755: servers that run as their own users pass through it.
 */
export function makeRunDirectory(root) {
  let base = tmpdir();
  try {
    accessSync(base, constants.W_OK);
  } catch {
    base = join(root, '.data');
    mkdirSync(base, { recursive: true });
  }
  const dir = mkdtempSync(join(base, 'trove-run-'));
  chmodSync(dir, 0o755);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * CPU time (ms) the probe below took on the machine the tests' waits were chosen on, quiet. A machine whose
 * wall time for it is k times this — slower cores, or cores shared with other work — gets TEST_TIME_SCALE k.
 */
const REFERENCE_PROBE_MS = 45;

/**
 * Wall time (ms) of the probe's memory part — making and writing a fresh 64 MB buffer, on a thread per core at
 * once — that counts as 1 (docs/decisions/243). The compute part fits in the cores' caches and misses a machine
 * whose new memory is slow to come by: one such machine ran the compute part at 46–48 ms for 45, while its suite
 * ran 2.1× (integration), 2.2× (e2e) and 2.9× (unit) slower than on earlier machines of its kind and tests failed
 * at scale 1.6; its memory part took 76–91 ms, so 30 ms counts as 1 (~2.8 there).
 */
export const REFERENCE_MEMORY_MS = 30;

// Hashing and plain JavaScript, ten rounds, the median wall time of the last seven (the first three warm the
// compiler up: they take ~4× as long). It runs in one worker thread per core at once, and the slowest
// thread's median counts: a lone thread still gets a core of its own beside two CPU burners on two cores
// (ci5 measured 46 ms for 45), but a thread per core shares them the way the test lanes do.
const PROBE_ROUNDS = `
const { createHash } = require('node:crypto');
const block = Buffer.alloc(1 << 20, 7);
const times = [];
for (let round = 0; round < 10; round++) {
  const started = performance.now();
  const hash = createHash('sha256');
  for (let i = 0; i < 24; i++) hash.update(block);
  hash.digest();
  let x = 0;
  for (let i = 0; i < 2e7; i++) x = (x * 31 + i) | 0;
  if (round >= 3) times.push(performance.now() - started + (x === 0.5 ? 1 : 0));
}
times.sort((a, b) => a - b);
const memory = [];
for (let round = 0; round < 6; round++) {
  const started = performance.now();
  const fresh = Buffer.alloc(64 << 20, round + 1);
  if (round >= 2) memory.push(performance.now() - started + (fresh[0] === 0 ? 1 : 0));
}
memory.sort((a, b) => a - b);
require('node:worker_threads').parentPort.postMessage([times[3], memory[2]]);
`;
const PROBE = `
const { Worker } = require('node:worker_threads');
const threads = require('node:os').availableParallelism();
const runs = Array.from({ length: threads }, () => new Promise((resolve, reject) => {
  const worker = new Worker(${JSON.stringify(PROBE_ROUNDS)}, { eval: true });
  worker.once('message', resolve);
  worker.once('error', reject);
}));
Promise.all(runs).then((medians) =>
  console.log(Math.max(...medians.map((m) => m[0])).toFixed(1), Math.max(...medians.map((m) => m[1])).toFixed(1)),
);
`;

/**
 * The load average's share of the run: work already running beside the tests (the 1-minute load over the
 * cores) is time the lanes will not get, so waits stretch by 1 + that share. Catches what started long
 * enough ago to show in the average; the probe catches what started just now.
 */
export function loadShare(load1, cores) {
  return Math.max(0, load1) / Math.max(1, cores);
}

/**
 * TEST_TIME_SCALE (issue 36 item 2): every test timeout and wait is its base value times this. Set, it is
 * taken as it is; unset, it is measured: the larger of the probe's wall time here over its time on the
 * reference machine and 1 + the load already on the machine per core, at least 1 and at most 10, so a
 * slower machine — or one with other work beside the tests — waits proportionally longer instead of
 * failing where a wait was tight.
 */
export function timeScale(env, load = loadavg()[0], cores = availableParallelism()) {
  if (env.TEST_TIME_SCALE !== undefined && env.TEST_TIME_SCALE !== '')
    return { scale: env.TEST_TIME_SCALE, how: 'set' };
  const probe = spawnSync(process.execPath, ['-e', PROBE], { encoding: 'utf8' });
  const [probeMs, memoryMs] = probe.stdout.trim().split(/\s+/).map(Number);
  if (probe.status !== 0 || !Number.isFinite(probeMs) || !Number.isFinite(memoryMs))
    return { scale: '1', how: 'the probe failed' };
  return {
    scale: String(scaleFrom(probeMs, load, cores, memoryMs)),
    how: `measured: ${probeMs.toFixed(0)} ms for ${REFERENCE_PROBE_MS} ms of work and ${memoryMs.toFixed(0)} ms for ${REFERENCE_MEMORY_MS} ms of memory writes on each of ${cores} threads, load ${load.toFixed(1)} on ${cores} cores`,
  };
}

/**
 * The scale from the probe's times and the load: the largest of the three, a tenth at a time, from 1 to 10. A
 * run without the memory part's time (older callers) leaves it out.
 */
export function scaleFrom(probeMs, load, cores, memoryMs = 0) {
  const measured = Math.max(
    probeMs / REFERENCE_PROBE_MS,
    memoryMs / REFERENCE_MEMORY_MS,
    1 + loadShare(load, cores),
  );
  return Math.min(10, Math.max(1, Math.round(measured * 10) / 10));
}

/** Each test file's wall time from the steps' vitest JSON reports, longest first. */
export function slowestFiles(root, reports, count = 10) {
  const files = [];
  for (const { name, report } of reports) {
    if (!report || !existsSync(report)) continue;
    try {
      const json = JSON.parse(readFileSync(report, 'utf8'));
      for (const suite of json.testResults ?? []) {
        if (suite.startTime === undefined || suite.endTime === undefined) continue;
        files.push({
          step: name,
          file: relative(root, suite.name ?? ''),
          seconds: (suite.endTime - suite.startTime) / 1000,
        });
      }
    } catch {
      // A report cut short by a crash: its step already says so.
    }
  }
  return files.sort((a, b) => b.seconds - a.seconds).slice(0, count);
}
