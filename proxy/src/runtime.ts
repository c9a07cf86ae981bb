import { constants, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { type ProxySettings, renderAbSplit, renderNginxConfig } from './render-config';

/** Debian's nginx; `NGINX_BIN` or the PATH otherwise. */
export function findNginx(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.NGINX_BIN) return existsSync(env.NGINX_BIN) ? env.NGINX_BIN : undefined;
  if (existsSync('/usr/sbin/nginx')) return '/usr/sbin/nginx';
  for (const dir of (env.PATH ?? '').split(':')) {
    if (dir !== '' && existsSync(join(dir, 'nginx'))) return join(dir, 'nginx');
  }
  return undefined;
}

function listsName(file: string, name: string): boolean {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .some((line) => line.startsWith(`${name}:`));
  } catch {
    return false;
  }
}

/** Every folder from `/` down to `path` can be entered by others, and `path` itself read. */
function readableByOthers(path: string): boolean {
  let current = resolve(path);
  try {
    if ((statSync(current).mode & constants.S_IROTH) === 0) return false;
    for (;;) {
      if ((statSync(current).mode & constants.S_IXOTH) === 0) return false;
      const parent = dirname(current);
      if (parent === current) return true;
      current = parent;
    }
  } catch {
    return false;
  }
}

/**
 * The `user` directive for the workers, or undefined when nginx does not start as root (then the
 * workers simply run as us). As root, workers drop to `nobody` when the site is readable by everyone;
 * when it is not (a checkout under /root, a 0700 temp folder) they stay root, because a local stack
 * that cannot read its own files is useless and the listener is loopback-only by default.
 */
export function defaultWorkerUser(wwwRoot: string): string | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const group = listsName('/etc/group', 'nogroup')
    ? 'nogroup'
    : listsName('/etc/group', 'nobody')
      ? 'nobody'
      : undefined;
  if (group && listsName('/etc/passwd', 'nobody') && readableByOthers(wwwRoot)) return `nobody ${group}`;
  return 'root';
}

export interface NginxRuntime {
  confPath: string;
  errorLogPath: string;
  accessLogPath: string;
  pidPath: string;
  /** Arguments for the nginx binary: runs in the foreground with our prefix and config. */
  args: string[];
}

/**
 * Writes nginx.conf into `settings.runtimeDir` and creates the folders nginx expects to exist.
 * `workerUser` defaults to {@link defaultWorkerUser}.
 */
export function prepareNginxRuntime(settings: ProxySettings): NginxRuntime {
  const logDir = settings.logDir ?? join(settings.runtimeDir, 'logs');
  const full: ProxySettings = {
    ...settings,
    logDir,
    workerUser: settings.workerUser ?? defaultWorkerUser(settings.wwwRoot),
  };
  mkdirSync(join(settings.runtimeDir, 'tmp'), { recursive: true });
  mkdirSync(logDir, { recursive: true });
  const confPath = join(settings.runtimeDir, 'nginx.conf');
  writeFileSync(confPath, renderNginxConfig(full));
  if (settings.abTest !== undefined) writeAbSplit(settings.runtimeDir, settings.abTest.weightB);
  const errorLogPath = join(logDir, 'nginx-error.log');
  return {
    confPath,
    errorLogPath,
    accessLogPath: join(logDir, 'nginx-access.log'),
    pidPath: join(settings.runtimeDir, 'nginx.pid'),
    // -e: the log for messages before the config is read (the compiled-in path may not be writable).
    args: ['-p', `${settings.runtimeDir}/`, '-c', confPath, '-e', errorLogPath, '-g', 'daemon off;'],
  };
}

/** Arguments for `nginx -t` on a prepared runtime. */
export function testArgs(runtime: NginxRuntime): string[] {
  return [...runtime.args.filter((arg, index, all) => arg !== '-g' && all[index - 1] !== '-g'), '-t', '-q'];
}

/**
 * Writes the A/B split file a running nginx includes (whole, then renamed). nginx reads it on its next
 * reload: {@link reloadNginx}.
 */
export function writeAbSplit(runtimeDir: string, weightB: number): void {
  const file = join(runtimeDir, 'ab-split.conf');
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, renderAbSplit(weightB));
  renameSync(temp, file);
}

/** Asks the nginx whose pid file is in `runtimeDir` to reload its config (SIGHUP). */
export function reloadNginx(runtimeDir: string): void {
  const pid = Number(readFileSync(join(runtimeDir, 'nginx.pid'), 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) throw new Error(`No nginx pid in ${runtimeDir}/nginx.pid`);
  process.kill(pid, 'SIGHUP');
}
