import { testTime } from '@trove/service-core/testing/time';
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../free-port';
import { listFiles } from '../rspack/site-files';
import { REPO_ROOT } from '../stack/index';
import { startTestNginx, type TestNginx } from '../stack/testing/nginx';
import { historyPath, readRuntimeMap } from './runtime-map';

// docs/decisions/009-deploy-story.md, "Independent deploys": `npm run deploy:remote -- connectors` and
// `npm run rollback:remote -- connectors` against a site served by nginx with load running. The remote
// is built for real (rspack, infra/src/build.ts); the shell is a stand-in whose bytes must not change.
// connectors is the remote deployed because it is the one no other issue is changing at the moment.

const CLI = join(REPO_ROOT, 'infra', 'src', 'deploy', 'cli.ts');
const TSX = join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
const OLD_VERSION = 'aaaaaaaaaaaa';

let dir: string;
let www: string;
let nginx: TestNginx;

function write(path: string, content: string): void {
  const file = join(www, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

function cli(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(TSX, [CLI, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, BUILD_OUT_DIR: www, ...env },
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

/** sha256 of every file that is not a remote or the runtime config: the shell's bytes. */
async function shellFingerprint(): Promise<Record<string, string>> {
  const files = (await listFiles(www)).filter(
    (file) => !file.startsWith('remotes/') && !file.startsWith('config/'),
  );
  return Object.fromEntries(
    files.map((file) => [
      file,
      createHash('sha256')
        .update(readFileSync(join(www, file)))
        .digest('hex'),
    ]),
  );
}

/**
 * A visitor loading the page again and again, as a browser does on each visit: `/`, then the runtime map
 * (no-cache), then the manifest it names. Records every failure and the version each load got.
 */
function pageLoads(base: string) {
  let stopped = false;
  const failures: string[] = [];
  const loads: { at: number; version: string }[] = [];
  const loop = async () => {
    while (!stopped) {
      const page = await fetch(`${base}/`).catch(() => undefined);
      await page?.arrayBuffer();
      // When this load asked for the map: it gets whatever map was live at that moment.
      const mapAt = Date.now();
      const map = await fetch(`${base}/config/remotes.json`).catch(() => undefined);
      const text = (await map?.text()) ?? '';
      const entry = (JSON.parse(text || '{}') as { remotes?: Record<string, { entry: string }> }).remotes
        ?.connectors?.entry;
      const manifest = entry ? await fetch(`${base}${entry}`).catch(() => undefined) : undefined;
      const body = (await manifest?.text()) ?? '';
      if (
        page?.status !== 200 ||
        map?.status !== 200 ||
        manifest?.status !== 200 ||
        !body.includes('trove_connectors')
      ) {
        failures.push(`page ${page?.status} map ${map?.status} manifest ${entry} ${manifest?.status}`);
      } else {
        loads.push({
          at: mapAt,
          version: /\/connectors\/([0-9a-f]{12})\//.exec(entry ?? '')?.[1] ?? '',
        });
      }
      // A short pause, as between a person's visits: still ~40 loads a second each, and the deploy's own
      // build keeps the CPU that loading flat out took (6,000+ loads in a run, for no more coverage).
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const running = [loop(), loop()];
  return {
    failures,
    loads,
    async stop() {
      stopped = true;
      await Promise.all(running);
    },
  };
}

/** autocannon on `/` and the remote's manifest (both before and after the switch) until stopped. */
function cannon(base: string, manifests: readonly string[]) {
  let finish: (result: autocannon.Result) => void = () => undefined;
  let fail: (err: Error) => void = () => undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon(
    {
      url: base,
      connections: 4,
      // Light and steady: the deploy's own build shares the two cores.
      overallRate: 400,
      // A cap only; the test stops it once the deploy or rollback is done.
      duration: 120,
      requests: [{ path: '/' }, ...manifests.map((path) => ({ path })), { path: '/config/remotes.json' }],
    },
    (err, result) => (err ? fail(err) : finish(result)),
  );
  return {
    async stop() {
      instance.stop();
      return done;
    },
  };
}

beforeAll(async () => {
  dir = mkdtempSync(join(REPO_ROOT, 'dist', '.deploy-test-'));
  www = join(dir, 'www');
  write(
    'index.html',
    '<!doctype html><html><head><script src="/assets/main.1a2b3c4d5e.js"></script></head></html>',
  );
  write('assets/main.1a2b3c4d5e.js', 'console.log("shell");');
  write(
    `remotes/connectors/${OLD_VERSION}/mf-manifest.json`,
    '{"id":"trove_connectors","name":"trove_connectors"}',
  );
  write(`remotes/connectors/${OLD_VERSION}/remoteEntry.js`, 'var trove_connectors;');
  write(
    'config/remotes.json',
    `${JSON.stringify({ remotes: { connectors: { entry: `/remotes/connectors/${OLD_VERSION}/mf-manifest.json` } } })}\n`,
  );
  const httpPort = await freePort();
  nginx = await startTestNginx({
    httpPort,
    wwwRoot: www,
    runtimeDir: join(dir, 'run'),
    // No services here; nothing in this test calls the API.
    authUpstreams: ['127.0.0.1:9'],
    profileUpstreams: ['127.0.0.1:9'],
    searchUpstreams: ['127.0.0.1:9'],
    sourcesUpstreams: ['127.0.0.1:9'],
  });
});

afterAll(async () => {
  await nginx?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
  rmSync(historyPath(www), { force: true });
});

// Each test runs the deploy CLI as a process (tsx, then an rspack build of the remote): ~10–20 s on an idle
// machine, past a minute on two cores shared with the browser layer.
describe('independent deploys', { timeout: testTime(240_000) }, () => {
  it('a switch and a rollback under load fail no request, leave the shell byte-identical, and the next page load gets the new version', async () => {
    const shellBefore = await shellFingerprint();
    const oldManifest = `/remotes/connectors/${OLD_VERSION}/mf-manifest.json`;

    // Deploy: build a new version (a fresh build label makes its bytes, so its version, new) and switch.
    const visitors = pageLoads(nginx.base);
    const load = cannon(nginx.base, [oldManifest]);
    const deployed = await cli(['deploy', 'connectors'], {
      REMOTE_BUILD_LABEL: `deploy-${randomBytes(4).toString('hex')}`,
    });
    const switchedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const duringSwitch = await load.stop();
    expect(deployed.code, deployed.output).toBe(0);

    const map = await readRuntimeMap(www);
    const newEntry = map.remotes.connectors?.entry ?? '';
    const newVersion = /\/connectors\/([0-9a-f]{12})\//.exec(newEntry)?.[1] ?? '';
    expect(newVersion).toMatch(/^[0-9a-f]{12}$/);
    expect(newVersion).not.toBe(OLD_VERSION);
    expect(existsSync(join(www, 'remotes', 'connectors', newVersion, 'remoteEntry.js'))).toBe(true);

    // Rollback under load, now with both manifests in the load.
    const loadBack = cannon(nginx.base, [oldManifest, newEntry]);
    const rollingBackAt = Date.now();
    const rolledBack = await cli(['rollback', 'connectors']);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const duringRollback = await loadBack.stop();
    await visitors.stop();
    expect(rolledBack.code, rolledBack.output).toBe(0);

    console.log(
      `[deploy] switch to ${newVersion}: ${duringSwitch.requests.total} requests, ${duringSwitch.errors} errors, ` +
        `${duringSwitch.non2xx} non-2xx, ${duringSwitch.timeouts} timeouts; rollback to ${OLD_VERSION}: ` +
        `${duringRollback.requests.total} requests, ${duringRollback.errors} errors, ${duringRollback.non2xx} non-2xx, ` +
        `${duringRollback.timeouts} timeouts; page loads: ${visitors.loads.length} ok, ${visitors.failures.length} failed`,
    );

    for (const result of [duringSwitch, duringRollback]) {
      expect(result.requests.total).toBeGreaterThan(100);
      expect(result.errors).toBe(0);
      expect(result.timeouts).toBe(0);
      expect(result.non2xx).toBe(0);
    }
    expect(visitors.failures).toEqual([]);
    // Each load gets what was live when it started: the old version, then the new one, then the old again.
    const versions = visitors.loads.map((load) => load.version);
    expect(versions[0]).toBe(OLD_VERSION);
    expect(versions.at(-1)).toBe(OLD_VERSION);
    const afterSwitch = visitors.loads.filter((load) => load.at > switchedAt && load.at < rollingBackAt);
    expect(afterSwitch.length).toBeGreaterThan(0);
    expect(afterSwitch.every((load) => load.version === newVersion)).toBe(true);
    // The runtime map is revalidated on every load, so a page opened before the switch gets it next time.
    const mapResponse = await fetch(`${nginx.base}/config/remotes.json`);
    expect(mapResponse.headers.get('cache-control')).toBe('no-cache');
    expect(
      ((await mapResponse.json()) as { remotes: Record<string, { entry: string }> }).remotes.connectors
        ?.entry,
    ).toBe(oldManifest);

    expect(await shellFingerprint()).toEqual(shellBefore);
    // Both versions stay on disk (immutable; a page still running the new one keeps loading its chunks).
    expect(existsSync(join(www, 'remotes', 'connectors', OLD_VERSION, 'mf-manifest.json'))).toBe(true);
    expect(existsSync(join(www, 'remotes', 'connectors', newVersion, 'mf-manifest.json'))).toBe(true);
  });

  it('switches to a version already on disk with --version, and refuses a missing one or an empty history', async () => {
    const again = await cli(['deploy', 'connectors', '--version', OLD_VERSION]);
    expect(again.code, again.output).toBe(0);
    const missing = await cli(['deploy', 'connectors', '--version', 'bbbbbbbbbbbb']);
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('remotes/connectors/bbbbbbbbbbbb/mf-manifest.json is missing');
    const unknown = await cli(['deploy', 'nope']);
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('Unknown remote nope');
    // Roll back as far as the history goes, then one more: a clear refusal, the map unchanged.
    let result = await cli(['rollback', 'connectors']);
    while (result.code === 0) result = await cli(['rollback', 'connectors']);
    expect(result.output).toContain('No earlier version of connectors to roll back to');
    expect((await readRuntimeMap(www)).remotes.connectors?.entry).toMatch(
      /^\/remotes\/connectors\/[0-9a-f]{12}\//,
    );
  });
});
