// `npm test`: from a fresh clone, install what is missing, then typecheck, lint, build, and run the
// unit, integration and end-to-end layers. Prints a table of steps and one closing line of counts.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { ensureDebianPackages, ensureNode, ensureNpmDependencies, fail, root } from './ensure.mjs';
import { readCounts, readFailures, stepError } from './test-report.mjs';
import { makeRunDirectory, slowestFiles, timeScale } from './test-run.mjs';

ensureNode();
ensureNpmDependencies();
ensureDebianPackages({ chromium: true, dovecot: true, mariadb: true, radicale: true });

const testDatabaseUrl =
  process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
await assertReachable(testDatabaseUrl);

// Issue 23 item 5: a test run leaves the working tree as it found it (a clean clone stays clean).
const treeBefore = workingTree();

const bin = (name) => join(root, 'node_modules', '.bin', name);
const reports = join(root, '.data', 'test-reports');
mkdirSync(reports, { recursive: true });
const runDirectory = makeRunDirectory(root);
const scale = timeScale(process.env);
console.log(`TEST_TIME_SCALE=${scale.scale} (${scale.how}); the run's folder: ${runDirectory.dir}`);
// The services bundled once for the run (docs/decisions/247): the e2e stack runs them as `npm start` does, and every
// child a service forks (readers, mailboxes, extraction) starts from its bundle, not under tsx — ~0.15 s of CPU
// against ~1.5 s, for the few hundred children a run forks.
const serviceBundles = join(root, '.data', 'test-services');
const bundled = spawnSync(bin('tsx'), ['infra/src/stack/service-bundles.ts', '--out', serviceBundles], {
  cwd: root,
  stdio: 'inherit',
});
if (bundled.status !== 0) fail('Could not bundle the services (infra/src/stack/service-bundles.ts).');
const env = {
  ...process.env,
  TROVE_SERVICE_BUNDLES_DIR: serviceBundles,
  TEST_DATABASE_URL: testDatabaseUrl,
  FORCE_COLOR: process.env.FORCE_COLOR ?? '0',
  TEST_TIME_SCALE: scale.scale,
  TROVE_TEST_RUN_DIR: runDirectory.dir,
  TMPDIR: runDirectory.dir,
};

// Files at a time in the integration and browser layers. Three, not two: both layers mostly wait (on servers,
// children starting, mail, the browser), so two files at a time left the two cores ~70 % idle (a run's
// timeline: 100 s with no integration file running, 430 s with one; the layers' own processes used ~600 s of
// CPU in ~1,500 s of wall) (docs/decisions/077). A slower or busier machine can lower them.
const integrationWorkers = process.env.TEST_INTEGRATION_WORKERS ?? '3';
const e2eWorkers = process.env.TEST_E2E_WORKERS ?? '3';

/** A step that runs vitest projects; named after the first, its report holds them all. */
const vitest = (projects, options = []) => ({
  name: projects[0],
  cmd: bin('vitest'),
  args: [
    'run',
    ...projects.flatMap((name) => ['--project', name]),
    ...options,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(reports, `${projects[0]}.json`)}`,
  ],
  report: join(reports, `${projects[0]}.json`),
});

// Two lanes run side by side: the checks and the integration layer in one, the build and the browser layer in
// the other. Each layer has its own database, ports and stack, so they do not meet; on two
// cores this takes the wall time from their sum to about the longer lane (docs/decisions/002). The steps
// share the two cores: integration starts as soon as the build is there, and the unit layer (~1 min) goes to
// the lane that ends first (docs/decisions/064, 077). Each step's output goes to its log
// and is printed whole when the step ends, so two lanes never interleave lines.
const lanes = [
  [
    { name: 'typecheck', cmd: bin('tsc'), args: ['-p', 'tsconfig.json', '--noEmit'] },
    { name: 'lint', cmd: bin('biome'), args: ['check', '.'] },
    // The stack's integration test serves dist/www, so it waits for the build of the other lane. Several
    // files at a time (vitest's default here is one: two cores less one): its files often wait on servers,
    // and each has its own database and ports. The files that replace modules with vi.mock run in
    // projects of their own (vitest.config.ts), here and in the unit layer.
    {
      ...vitest(['integration', 'integration-isolated'], [`--maxWorkers=${integrationWorkers}`]),
      after: 'build',
    },
  ],
  [
    { name: 'build', cmd: bin('tsx'), args: ['infra/src/build.ts'], required: true },
    // Each public page's first-load JS against infra/bundle-sizes.json (issue 41): > 5 % over fails.
    { name: 'bundle-size', cmd: bin('tsx'), args: ['infra/src/bundle-size.ts'], needsBuild: true },
    // Several specs at a time; the ones that change what the whole site serves run first, alone (e2e-site).
    { ...vitest(['e2e', 'e2e-site'], [`--maxWorkers=${e2eWorkers}`]), needsBuild: true },
  ],
];
// The unit layer (~1 min) goes to whichever lane ends first, so it never lengthens the longer one.
const floating = [vitest(['unit', 'unit-isolated'])];
const allSteps = [...lanes.flat(), ...floating];
const order = allSteps.map((step) => step.name);

const results = [];
const finished = new Map(order.map((name) => [name, deferred()]));
await Promise.all(lanes.map((lane) => runLane(lane)));
results.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
results.push(cleanTreeResult(treeBefore, workingTree()));

let passed = 0;
let failed = 0;
let skipped = 0;
const rows = [];
for (const r of results) {
  const c = r.counts;
  if (c) {
    passed += c.passed;
    failed += c.failed;
    skipped += c.skipped;
  }
  const tests = c ? `${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}` : '';
  rows.push(
    `| ${r.name} | ${r.ok ? 'ok' : `FAILED${r.note ? ` (${r.note})` : ''}`} | ${tests} | ${r.seconds.toFixed(1)} |`,
  );
}
const allOk = results.every((r) => r.ok);
runDirectory.remove();
// The end of the output is what a CI log keeps (issue 36 item 4): the failures in full first, then the ten
// slowest files, the table, and last one line per failure naming its file and first error.
printFailures(results);
printSlowestFiles();
console.log(`\n| step | result | tests | seconds |\n|---|---|---|---|\n${rows.join('\n')}`);
console.log(`TEST_TIME_SCALE=${scale.scale} (${scale.how})`);
printFailureLines(results);
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(allOk && failed === 0 && passed > 0 ? 0 : 1);

async function runLane(lane) {
  let buildFailed = false;
  for (let step = lane[0], at = 0; step !== undefined; step = lane[++at] ?? floating.shift()) {
    if (step.after) await finished.get(step.after)?.promise;
    if (buildFailed && step.needsBuild) {
      results.push({ name: step.name, ok: false, seconds: 0, note: 'not run: the build failed' });
      finished.get(step.name)?.resolve();
      continue;
    }
    console.log(`── ${step.name}: started`);
    const started = Date.now();
    const log = join(reports, `${step.name}.log`);
    const status = await runLogged(step, log);
    const seconds = (Date.now() - started) / 1000;
    const ok = status === 0;
    if (!ok && step.required) buildFailed = true;
    console.log(`\n── ${step.name}: ${ok ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s ──`);
    process.stdout.write(readFileSync(log, 'utf8'));
    const counts = step.report ? readCounts(step.report) : undefined;
    const failures = step.report && !ok ? readFailures(root, step.report, log) : [];
    // A step can fail with every test passed: an unhandled error, a crashed worker, a hook. Say why.
    if (!ok && failures.length === 0) failures.push(stepError(step.name, log));
    results.push({ name: step.name, ok, seconds, counts, failures });
    finished.get(step.name)?.resolve();
  }
}

function deferred() {
  let resolve = () => {};
  const promise = new Promise((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Runs one step with its stdout and stderr in one log file; resolves with the exit code. */
function runLogged(step, log) {
  return new Promise((resolve) => {
    const out = openSync(log, 'w');
    const child = spawn(step.cmd, step.args, { cwd: root, stdio: ['ignore', out, out], env });
    child.once('error', (err) => {
      closeSync(out);
      writeFileSync(log, `could not start ${step.cmd}: ${err.message}\n`);
      resolve(1);
    });
    child.once('close', (code) => {
      closeSync(out);
      resolve(code ?? 1);
    });
  });
}

/**
 * `git status --porcelain` with a hash of each listed file, or null outside a git checkout. Hashes, so a
 * file someone was already editing still counts as changed when the run writes to it again.
 */
function workingTree() {
  const status = spawnSync('git', ['status', '--porcelain', '--untracked-files=all', '-z'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (status.status !== 0) return null;
  const tree = new Map();
  const entries = status.stdout.split('\0');
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    if (entry.length < 4) continue;
    // A rename or copy is followed by its original path, which is not an entry of its own.
    if (/^[RC]/.test(entry)) i++;
    const path = entry.slice(3);
    const file = join(root, path);
    let digest = 'gone';
    try {
      digest = createHash('sha1').update(readFileSync(file)).digest('hex');
    } catch {
      // Deleted, or a folder (a submodule): the status letters say enough.
    }
    tree.set(path, `${entry.slice(0, 2)} ${digest}`);
  }
  return tree;
}

/** The last row of the table: what the run added, changed or deleted in the working tree, by path. */
function cleanTreeResult(before, after) {
  const name = 'clean tree';
  if (!before || !after) return { name, ok: true, seconds: 0, note: 'not a git checkout' };
  const changed = [...new Set([...before.keys(), ...after.keys()])]
    .filter((path) => before.get(path) !== after.get(path))
    .sort();
  if (changed.length === 0) {
    console.log('\n── clean tree: ok (the run left `git status` as it found it) ──');
    return { name, ok: true, seconds: 0 };
  }
  console.log(
    '\n── clean tree: FAILED — the run changed files git sees (ignore them in .gitignore or stop writing them):',
  );
  for (const path of changed) {
    const now = after.get(path);
    console.log(`   ${now ? now.slice(0, 2) : '  '} ${path}${now ? '' : ' (as committed again)'}`);
  }
  return { name, ok: false, seconds: 0, note: `${changed.length} file(s) changed` };
}

/**
 * The failed tests again with their first lines, after every step's log: a step's log scrolls past in CI.
 */
function printFailures(stepResults) {
  const lines = [];
  for (const r of stepResults) {
    for (const f of r.failures ?? []) lines.push(`- ${r.name}: ${f.file} › ${f.title}\n    ${f.message}`);
  }
  if (lines.length === 0) return;
  console.log(`\nfailed tests:\n${lines.join('\n')}`);
}

/** One line per failure, at most 20: its step, file and first error line. The last lines of the output. */
function printFailureLines(stepResults) {
  const lines = stepResults.flatMap((r) =>
    (r.failures ?? []).map((f) => {
      const first = f.message.split('\n').find((line) => line.trim() !== '') ?? '';
      return `- ${r.name}: ${f.file} › ${f.title} — ${first.trim()}`.slice(0, 300);
    }),
  );
  if (lines.length === 0) return;
  const more = lines.length > 20 ? `\n  and ${lines.length - 20} more (above)` : '';
  console.log(`\nFAILED (${lines.length}):\n${lines.slice(0, 20).join('\n')}${more}`);
}

/** The ten slowest test files of the run (issue 36 item 3), so the next slowdown is visible. */
function printSlowestFiles() {
  const files = slowestFiles(
    root,
    allSteps.map((step) => ({ name: step.name, report: step.report })),
  );
  if (files.length === 0) return;
  console.log('\nslowest files:');
  for (const f of files) console.log(`  ${f.seconds.toFixed(1).padStart(6)} s  ${f.step}  ${f.file}`);
}

/**
 * Whether the test server takes a TCP connection, tried for up to 30 s: a loaded machine can take seconds to
 * answer (a CI run once failed here with the server up, when a check's idle timer outlived its connect).
 */
async function assertReachable(url) {
  const { hostname, port } = new URL(url);
  const deadline = Date.now() + 30_000;
  while (!(await connects(hostname, Number(port || 5432)))) {
    if (Date.now() > deadline)
      fail(
        `PostgreSQL is not reachable at ${hostname}:${port || 5432}. Start it (Debian: pg_ctlcluster <version> main start) or set TEST_DATABASE_URL to a server the tests may create databases on.`,
      );
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

function connects(host, port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    const settle = (ok) => {
      socket.removeAllListeners();
      socket.on('error', () => undefined);
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(5000);
    socket.once('connect', () => settle(true));
    socket.once('error', () => settle(false));
    socket.once('timeout', () => settle(false));
  });
}
