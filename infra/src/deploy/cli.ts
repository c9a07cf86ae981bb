// npm run deploy:remote -- <name> [--variant b] [--version <version>]
// npm run rollback:remote -- <name> [--variant b]
// npm run ab:weight -- <percent for B> [--runtime-dir <nginx runtime folder>]
//
// docs/decisions/009-deploy-story.md, "Independent deploys". deploy builds one remote (infra/src/build.ts,
// into a staging folder beside the site so nothing live changes while it builds), moves its immutable
// version folder into <site>/remotes/<name>/<version>/, then switches the runtime map to it. --version
// switches to a version already on disk without building. rollback returns to the version before.
// The site is BUILD_OUT_DIR (default dist/www), as for the build. --variant b works on the landing
// page's B map (config/remotes.b.json) instead of everyone's (docs/decisions/009, "A/B rollout").
// ab:weight rewrites the running nginx's split (default: the `npm start` one on HTTP_PORT) and reloads it.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  isRemoteName,
  mapFileName,
  REMOTE_NAMES,
  type RemoteName,
  readRuntimeMap,
  recordDeploy,
  rollbackRemote,
  switchRemote,
  versionInEntry,
} from './runtime-map';

// The repository's root, worked out here rather than imported from the stack module: importing that (and the
// proxy's) took a CLI call from ~1.6 s to ~7.7 s on a loaded machine, and the deploy tests make many calls.
const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

function fail(line: string): never {
  console.error(line);
  process.exit(1);
}

function runBuild(name: RemoteName, outDir: string): Promise<number> {
  return new Promise((done) => {
    const child = spawn(
      join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
      [join(REPO_ROOT, 'infra', 'src', 'build.ts'), name],
      { cwd: REPO_ROOT, env: { ...process.env, BUILD_OUT_DIR: outDir }, stdio: 'inherit' },
    );
    child.once('error', (err) => fail(`Cannot run the build: ${err.message}`));
    child.once('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

/** Builds `name` beside the site and moves its version folder in; resolves with the version. */
async function buildVersion(wwwRoot: string, name: RemoteName): Promise<string> {
  // Same filesystem as the site, so moving the finished folder in is one rename.
  const staging = await mkdtemp(join(dirname(wwwRoot), `.${basename(wwwRoot)}-deploy-${name}-`));
  try {
    if ((await runBuild(name, staging)) !== 0) fail(`The build of ${name} failed: see the output above.`);
    const versions = await readdir(join(staging, 'remotes', name));
    const version = versions[0];
    if (version === undefined || versions.length !== 1) fail(`The build left no single version of ${name}.`);
    const target = join(wwwRoot, 'remotes', name, version);
    // Same version, same bytes (the name is a hash of them): an existing folder already is this build.
    if (!existsSync(target)) {
      await mkdir(dirname(target), { recursive: true });
      await rename(join(staging, 'remotes', name, version), target);
    }
    return version;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

function parseArgs(argv: readonly string[]) {
  const [command, name, ...rest] = argv;
  const usage = `usage: deploy <${REMOTE_NAMES.join('|')}> [--variant a|b] [--version <version>] | rollback <name> [--variant a|b]`;
  if ((command !== 'deploy' && command !== 'rollback') || name === undefined) fail(usage);
  if (!isRemoteName(name)) fail(`Unknown remote ${name}; expected one of: ${REMOTE_NAMES.join(', ')}`);
  let variant: 'a' | 'b' = 'a';
  let version: string | undefined;
  for (let index = 0; index < rest.length; index += 2) {
    const flag = rest[index];
    const value = rest[index + 1];
    if (flag === '--variant' && (value === 'a' || value === 'b')) variant = value;
    else if (flag === '--version' && value !== undefined && command === 'deploy') version = value;
    else fail(usage);
  }
  return { command, name, variant, version };
}

/** `ab-weight 30 [--runtime-dir dir]`: new weights for a running nginx, by a reload. */
async function setAbWeight(argv: readonly string[]): Promise<void> {
  const [weight, flag, dir] = argv;
  const usage = 'usage: ab-weight <percent for B, 0-100> [--runtime-dir <nginx runtime folder>]';
  if (
    weight === undefined ||
    !/^\d{1,3}(\.\d{1,2})?$/.test(weight) ||
    (flag !== undefined && (flag !== '--runtime-dir' || dir === undefined))
  )
    fail(usage);
  const port = process.env.HTTP_PORT || '8080';
  const runtimeDir = resolve(dir ?? join(REPO_ROOT, '.data', 'run', `nginx-${port}`));
  if (!existsSync(join(runtimeDir, 'ab-split.conf'))) {
    fail(
      `${runtimeDir} has no A/B split: start the stack with AB_WEIGHT_B set (npm start) to run a rollout.`,
    );
  }
  const { reloadNginx, writeAbSplit } = await import('@trove/proxy');
  writeAbSplit(runtimeDir, Number(weight));
  reloadNginx(runtimeDir);
  console.log(
    `A/B: B now gets ${Number(weight)}% of new visitors (nginx is reloading: new workers take it up within moments; returning visitors keep their bucket).`,
  );
}

async function main(): Promise<void> {
  if (process.argv[2] === 'ab-weight') return setAbWeight(process.argv.slice(3));
  const { command, name, variant, version: given } = parseArgs(process.argv.slice(2));
  const wwwRoot = resolve(process.env.BUILD_OUT_DIR ?? join(REPO_ROOT, 'dist', 'www'));
  const file = mapFileName(variant);
  if (!existsSync(join(wwwRoot, 'config', mapFileName()))) {
    fail(`${join(wwwRoot, 'config', mapFileName())} is missing: build the site first (npm run build).`);
  }
  if (command === 'rollback') {
    const { from, to } = await rollbackRemote(wwwRoot, name, file);
    console.log(`${name}: rolled back ${from ?? '(none)'} → ${to} (config/${file})`);
    return;
  }
  const before = await readRuntimeMap(
    wwwRoot,
    existsSync(join(wwwRoot, 'config', file)) ? file : mapFileName(),
  );
  const previous = versionInEntry(name, before.remotes[name]?.entry ?? '');
  const version = given ?? (await buildVersion(wwwRoot, name));
  await switchRemote(wwwRoot, name, version, file);
  await recordDeploy(wwwRoot, name, previous, version, file);
  console.log(`${name}: deployed ${previous ?? '(none)'} → ${version} (config/${file})`);
}

main().catch((err: unknown) => fail(err instanceof Error ? err.message : String(err)));
