// What `npm start`, `npm test` and `npm run bench` need before anything else runs.
// Plain Node with no dependencies: this file runs before `npm install` has.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function fail(line) {
  console.error(line);
  process.exit(1);
}

export function ensureNode() {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    fail(
      `Trove needs Node.js 20.19 or newer (this is ${process.versions.node}). Install a newer Node.js and try again.`,
    );
  }
}

/** npm dependencies: installed when node_modules is missing or older than the lockfile. */
export function ensureNpmDependencies() {
  const modules = join(root, 'node_modules');
  const marker = join(modules, '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  const fresh = existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs;
  if (fresh) return;
  // `npm install`, not `npm ci`: the lockfile holds only this platform's optional binaries (biome, rspack,
  // esbuild), which `npm ci` reports as out of sync. With the lockfile present, install still resolves
  // exactly the locked versions.
  console.log('Installing npm dependencies (npm install)…');
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) fail('npm install failed: see the output above.');
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Debian packages the stack needs (nginx; chromium for browser tests and the bench).
 * Installed with apt-get when missing and we are root; otherwise one line saying how.
 */
export function ensureDebianPackages({ chromium = false } = {}) {
  const wanted = [];
  if (!existsSync('/usr/sbin/nginx')) wanted.push('nginx-light');
  if (!existsSync('/usr/lib/nginx/modules/ngx_http_brotli_static_module.so')) {
    wanted.push('libnginx-mod-http-brotli-static');
  }
  if (chromium && !existsSync('/usr/bin/chromium')) wanted.push('chromium', 'fonts-noto-core');
  if (wanted.length === 0) return;
  if (!isRoot) {
    fail(`Missing tools: run \`sudo apt-get install -y ${wanted.join(' ')}\` and try again.`);
  }
  console.log(`Installing Debian packages: ${wanted.join(' ')}…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', ...wanted], { stdio: 'inherit', env });
  } catch {
    fail(`apt-get could not install ${wanted.join(' ')}: see the output above.`);
  }
}

export function tsx(args, options = {}) {
  return spawnSync(join(root, 'node_modules', '.bin', 'tsx'), args, {
    cwd: root,
    stdio: 'inherit',
    ...options,
  });
}
