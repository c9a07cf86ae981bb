import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, type Socket } from 'node:net';
import { join } from 'node:path';
import { freePort, serverDirectory, testRunDirectory, testTime } from '@trove/service-core/testing';

// An nginx per test run for the file-share and Git kinds (issue 43 item 5), like Dovecot and MariaDB: Debian's
// nginx (with libnginx-mod-http-dav-ext for WebDAV, and fcgiwrap in front of `git http-backend`, installed by
// infra/bin/ensure.mjs), started in the foreground from a config written to a folder of the run's, on a free
// port. The system's /etc/nginx and its service are never used. A watcher kills the server's process group when
// the test process goes, however it goes.

export const NGINX_BIN = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
export const DAV_EXT_MODULE = '/usr/lib/nginx/modules/ngx_http_dav_ext_module.so';

export interface TestNginx {
  dir: string;
  port: number;
  origin: string;
  stop(): Promise<void>;
  logTail(): string;
}

export function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Kills the group once this process's end closes the pipe. */
export function watchGroup(group: number): void {
  const watcher = spawn(
    'sh',
    ['-c', 'while read -r _; do :; done; kill -s KILL -- -"$1" 2>/dev/null', 'watch', String(group)],
    {
      stdio: ['pipe', 'ignore', 'ignore'],
    },
  );
  watcher.unref();
  (watcher.stdin as Socket | null)?.unref();
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts nginx with `server` as the body of its one server block; `modules` are loaded first. With `tls` (made in
 * the server's folder by `tls(dir)`) it listens with TLS, and its origin is https.
 */
export async function startNginx(
  name: string,
  server: (dir: string) => string,
  modules: string[] = [],
  tls?: (dir: string) => { certPath: string; keyPath: string },
): Promise<TestNginx> {
  if (!existsSync(NGINX_BIN))
    throw new Error(
      `nginx is not installed (${NGINX_BIN}): run \`npm test\` once or apt-get install nginx-light.`,
    );
  testRunDirectory();
  const dir = serverDirectory(name);
  const port = await freePort();
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(join(dir, 'temp', temp), { recursive: true });
  const config = join(dir, 'nginx.conf');
  const certificate = tls?.(dir);
  const listen =
    certificate === undefined
      ? `listen 127.0.0.1:${port};`
      : `listen 127.0.0.1:${port} ssl;
    ssl_certificate ${certificate.certPath};
    ssl_certificate_key ${certificate.keyPath};`;
  writeFileSync(
    config,
    `${modules.map((module) => `load_module ${module};`).join('\n')}
daemon off;
master_process off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/temp/body;
  proxy_temp_path ${dir}/temp/proxy;
  fastcgi_temp_path ${dir}/temp/fastcgi;
  uwsgi_temp_path ${dir}/temp/uwsgi;
  scgi_temp_path ${dir}/temp/scgi;
  types { text/plain txt; text/markdown md; text/html html; application/pdf pdf; text/csv csv; application/json json; text/calendar ics; }
  default_type application/octet-stream;
  server {
    ${listen}
${server(dir)}
  }
}
`,
  );
  const child: ChildProcess = spawn(NGINX_BIN, ['-p', dir, '-c', config], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  if (child.pid !== undefined) watchGroup(child.pid);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const logTail = () => {
    try {
      return `${stderr}\n${readFileSync(join(dir, 'error.log'), 'utf8').split('\n').slice(-20).join('\n')}`;
    } catch {
      return stderr;
    }
  };
  const started = Date.now();
  while (!(await listening(port))) {
    if (child.exitCode !== null || Date.now() - started > testTime(15_000)) {
      if (child.pid !== undefined) killGroup(child.pid);
      throw new Error(`nginx did not start: ${logTail()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    dir,
    port,
    origin: `${certificate === undefined ? 'http' : 'https'}://127.0.0.1:${port}`,
    logTail,
    async stop() {
      if (child.pid !== undefined && child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        killGroup(child.pid);
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
