// `npm start` after infra/bin/start.mjs has made sure of Node, npm packages and nginx: build the
// front-ends (unless SKIP_BUILD=1), start the stack, print where it is, and stop it all on Ctrl-C.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { writeConnectorsConfig } from './rspack/site-files';
import { REPO_ROOT, type Stack, StackError, startStack } from './stack/index';
import { bundleServices, SERVICE_BUNDLES_DIR } from './stack/service-bundles';

function fail(line: string): never {
  console.error(line);
  process.exit(1);
}

/** Runs the build in a child so its output streams as it goes; resolves with the exit code. */
function build(): Promise<number> {
  const script = join(REPO_ROOT, 'infra', 'src', 'build.ts');
  if (!existsSync(script))
    fail('infra/src/build.ts is missing: cannot build the front-ends (SKIP_BUILD=1 skips it).');
  return new Promise((resolve) => {
    const child = spawn(join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), [script], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    });
    child.once('error', (err) => fail(`Cannot run the build: ${err.message}`));
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

let stack: Stack | undefined;
let stopRequested = false;

async function shutDown(code: number): Promise<never> {
  await stack?.stop();
  if (stack) console.log('Trove stopped.');
  process.exit(code);
}

// One Ctrl-C stops everything in order; a second one gives up waiting (the exit hooks still kill
// every process group we started).
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (stopRequested) {
      console.log('\nStopping now.');
      process.exit(130);
    }
    stopRequested = true;
    if (stack) {
      console.log('\nStopping Trove…');
      void shutDown(0);
    }
    // Still starting: main() stops what it started once startStack returns.
  });
}

async function main(): Promise<void> {
  const skipBuild = ['1', 'true', 'yes'].includes((process.env.SKIP_BUILD ?? '').toLowerCase());
  if (!skipBuild) {
    console.log('Building the front-ends… (SKIP_BUILD=1 skips this)');
    const code = await build();
    if (stopRequested) process.exit(0);
    if (code !== 0) fail('The build failed: see the output above.');
  }

  const started = Date.now();
  try {
    // docs/decisions/004: the connectors' client ids follow this run's environment, even with SKIP_BUILD.
    await writeConnectorsConfig(join(REPO_ROOT, 'dist', 'www'), process.env);
    // The services run as JavaScript bundled from this checkout's source, every start (about a second; a bundle
    // never lags the source): a node process without tsx's loader holds far less memory (docs/decisions/217).
    await bundleServices(SERVICE_BUNDLES_DIR);
    stack = await startStack({
      serviceBundles: SERVICE_BUNDLES_DIR,
      log: (line) => console.log(`  ${line}`),
      onUnexpectedExit: (message) => {
        if (stopRequested) return;
        stopRequested = true;
        console.error(`${message} Stopping Trove.`);
        void shutDown(1);
      },
    });
  } catch (err) {
    if (err instanceof StackError) fail(err.message);
    // Not one of ours: still one line, unless asked for the whole story.
    if (process.env.DEBUG) console.error(err);
    fail(`npm start failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (stopRequested) {
    console.log('Stopping Trove…');
    await shutDown(0);
  }

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`\nTrove is running: ${stack.url}`);
  // Behind a proxy of your own (docs/decisions/009): where users actually reach it.
  if (process.env.PUBLIC_URL) console.log(`Public URL: ${process.env.PUBLIC_URL} (PUBLIC_URL)`);
  console.log(`Mail inbox: ${stack.mailUrl}`);
  console.log(
    `(started in ${seconds} s; logs in ${relative(REPO_ROOT, stack.logDir)}/; Ctrl-C stops everything)`,
  );
}

await main();
