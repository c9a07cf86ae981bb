// What `npm start`, `npm test` and `npm run bench` need before anything else runs.
// Plain Node with no dependencies: this file runs before `npm install` has.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
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
  // `npm ci`, not `npm install` (issue 23 item 5): the lockfile holds every platform's optional binaries
  // (infra/src/lockfile-platforms.test.ts), so it installs exactly what is locked and never rewrites
  // package-lock.json — `npm install` on a clean clone did, leaving `git status` dirty after `npm start`.
  console.log('Installing npm dependencies (npm ci)…');
  const addon = compiledAddon();
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
    env: addon ? { ...process.env, [addon.setting]: addon.folder } : process.env,
    // Windows runs npm through its .cmd shim, which spawn finds only in a shell.
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) fail('npm ci failed: see the output above.');
  if (addon) keepCompiledAddon(addon);
}

/**
 * better-sqlite3's prebuilt binaries live on GitHub, which an install may not reach (this workplace's
 * machines reach only the npm registry), and then `npm ci` compiles SQLite: ~100 s of CPU on two cores,
 * each time. So the addon it compiled is kept in the user's cache under the name of the prebuilt binary
 * for this version, Node ABI and platform, and the next install on this machine unpacks it from there
 * (prebuild-install's "local prebuilds" setting) instead of compiling again (docs/decisions/064).
 */
function compiledAddon() {
  if (process.platform !== 'linux') return undefined;
  let version;
  try {
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
    version = lock.packages?.['node_modules/better-sqlite3']?.version;
  } catch {
    return undefined;
  }
  if (typeof version !== 'string') return undefined;
  const cache = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  const folder = join(cache, 'trove', 'prebuilds');
  // prebuild-install's name for the binary; its libc part is empty on glibc, the only Linux Debian has.
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-linux-${process.arch}.tar.gz`;
  return { folder, file: join(folder, name), setting: 'npm_config_better_sqlite3_local_prebuilds' };
}

function keepCompiledAddon({ folder, file }) {
  const built = join(root, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node');
  if (existsSync(file) || !existsSync(built)) return;
  try {
    mkdirSync(folder, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    execFileSync('tar', [
      '-czf',
      partial,
      '-C',
      join(root, 'node_modules', 'better-sqlite3'),
      'build/Release/better_sqlite3.node',
    ]);
    renameSync(partial, file);
  } catch {
    // Only a cache: the next install compiles again.
  }
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Debian packages the stack needs (nginx; tesseract and pdftoppm for OCR; chromium for browser tests and the bench; Dovecot, the real IMAP
 * server the mail source's tests start per run; MariaDB, the real MySQL-protocol server the database
 * source's tests start per run). Installed with apt-get when missing and we are root; otherwise one line
 * saying how.
 */
export function ensureDebianPackages({
  chromium = false,
  dovecot = false,
  mariadb = false,
  radicale = false,
} = {}) {
  const wanted = [];
  if (!existsSync('/usr/sbin/nginx')) wanted.push('nginx-light');
  if (!existsSync('/usr/lib/nginx/modules/ngx_http_brotli_static_module.so')) {
    wanted.push('libnginx-mod-http-brotli-static');
  }
  // Issue 43: the file-share and Git sources' tests start nginx with its WebDAV module, and git http-backend
  // behind fcgiwrap (no service of theirs is started: fcgiwrap's socket unit is disabled below).
  if (!existsSync('/usr/lib/nginx/modules/ngx_http_dav_ext_module.so'))
    wanted.push('libnginx-mod-http-dav-ext');
  const installFcgiwrap = !existsSync('/usr/sbin/fcgiwrap');
  if (installFcgiwrap) wanted.push('fcgiwrap');
  // A WebDAV share that sends ETags (docs/decisions/206): Apache's binary and modules only — apache2-bin has no
  // service of its own; the tests start it from their own config on a free port.
  if (!existsSync('/usr/lib/apache2/modules/mod_dav_fs.so')) wanted.push('apache2-bin');
  // OCR of pictures and scanned pages (docs/decisions/122): tesseract with its English data, and poppler's
  // pdftoppm to render a PDF's pages. The extraction process runs them; no service of theirs starts.
  if (!existsSync('/usr/bin/tesseract')) wanted.push('tesseract-ocr');
  if (!existsSync('/usr/share/tesseract-ocr/5/tessdata/eng.traineddata')) wanted.push('tesseract-ocr-eng');
  if (!existsSync('/usr/bin/pdftoppm')) wanted.push('poppler-utils');
  if (chromium && !existsSync('/usr/bin/chromium')) wanted.push('chromium', 'fonts-noto-core');
  const installDovecot = dovecot && !existsSync('/usr/sbin/dovecot');
  if (installDovecot) wanted.push('dovecot-imapd');
  const installMariadb = mariadb && !existsSync('/usr/sbin/mariadbd');
  if (installMariadb) wanted.push('mariadb-server');
  // Radicale, the real CalDAV server the calendar source's tests start per run (issue 43 item 5).
  const installRadicale = radicale && !existsSync('/usr/bin/radicale');
  if (installRadicale) wanted.push('radicale');
  if (wanted.length === 0) return;
  if (!isRoot) {
    const stops = [
      installDovecot ? 'dovecot' : null,
      installMariadb ? 'mariadb' : null,
      installRadicale ? 'radicale' : null,
    ].filter(Boolean);
    const andStop = stops.length > 0 ? ` && sudo systemctl disable --now ${stops.join(' ')}` : '';
    fail(`Missing tools: run \`sudo apt-get install -y ${wanted.join(' ')}${andStop}\` and try again.`);
  }
  console.log(`Installing Debian packages: ${wanted.join(' ')}…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', ...wanted], { stdio: 'inherit', env });
  } catch {
    fail(`apt-get could not install ${wanted.join(' ')}: see the output above.`);
  }
  if (installDovecot) disableService('dovecot', ['dovecot.service', 'dovecot.socket']);
  if (installMariadb) disableService('mariadb', ['mariadb.service']);
  if (installFcgiwrap) disableService('fcgiwrap', ['fcgiwrap.socket', 'fcgiwrap.service']);
  if (installRadicale) disableService('radicale', ['radicale.service']);
}

/**
 * The packages start Dovecot (ports 143 and 993) and MariaDB (3306) as system services. Trove never uses
 * them (each test run starts its own server from a temporary folder on free ports), so a service we just
 * installed is stopped and kept from starting at boot. Each way is tried, since a container may run without
 * systemd; a Dovecot or MariaDB that was already installed is someone's server and is left alone.
 */
function disableService(name, units) {
  const quietly = (command, args) => spawnSync(command, args, { stdio: 'ignore' });
  if (existsSync('/run/systemd/system')) {
    quietly('systemctl', ['disable', '--now', ...units]);
  } else {
    quietly(`/etc/init.d/${name}`, ['stop']);
    quietly('update-rc.d', [name, 'disable']);
    quietly('systemctl', ['disable', ...units]);
  }
}

export function tsx(args, options = {}) {
  return spawnSync(join(root, 'node_modules', '.bin', 'tsx'), args, {
    cwd: root,
    stdio: 'inherit',
    ...options,
  });
}
