import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { dirname, join } from 'node:path';
import {
  freePort,
  serverDirectory,
  systemUser,
  testRunDirectory,
  testTime,
} from '@trove/service-core/testing';
import { killGroup, watchGroup } from '../../testing/nginx';

// A WebDAV share that sends ETags (docs/decisions/206): Apache's mod_dav with mod_dav_fs, as Nextcloud, ownCloud
// and Synology answer, where nginx's dav-ext (dav-server.ts) sends none. Debian's apache2-bin (installed by
// infra/bin/ensure.mjs: the binary and its modules, no service of its own), started in the foreground from a
// config written to a folder of the run's, on a free port; the system's /etc/apache2 is never read. Its ETag is
// the file's size and modification time in microseconds, so a change within the second that keeps the size — which
// a share without ETags cannot see (its version is the last change in whole seconds and the size) — moves it.

export const APACHE_BIN = process.env.APACHE_BIN ?? '/usr/sbin/apache2';
const MODULES = '/usr/lib/apache2/modules';

export interface ApacheDav {
  url: string;
  user: string;
  password: string;
  /** Writes a file into the share (folders made as needed); `modified` sets its time, to the millisecond. */
  write(path: string, content: string | Buffer, modified?: Date): void;
  stop(): Promise<void>;
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

function config(dir: string, port: number, asRoot: boolean): string {
  const modules = [
    'mpm_prefork',
    'authn_core',
    'authn_file',
    'authz_core',
    'authz_user',
    'auth_basic',
    'alias',
    'mime',
    'dav',
    'dav_fs',
  ];
  return `${modules.map((name) => `LoadModule ${name}_module ${MODULES}/mod_${name}.so`).join('\n')}
ServerRoot ${dir}
ServerName 127.0.0.1
Listen 127.0.0.1:${port}
PidFile ${dir}/httpd.pid
DefaultRuntimeDir ${dir}
Mutex file:${dir} default
ErrorLog ${dir}/error.log
LogLevel warn
${asRoot ? 'User www-data\nGroup www-data' : ''}
StartServers 2
MinSpareServers 1
MaxSpareServers 4
MaxRequestWorkers 8
TypesConfig /etc/mime.types
FileETag MTime Size
DAVLockDB ${dir}/lock/DAVLock
Alias /dav ${dir}/share
<Directory ${dir}/share>
  DAV On
  AuthType Basic
  AuthName "share"
  AuthUserFile ${dir}/htpasswd
  Require valid-user
</Directory>
`;
}

export async function startApacheDav(): Promise<ApacheDav> {
  if (!existsSync(APACHE_BIN) || !existsSync(join(MODULES, 'mod_dav_fs.so')))
    throw new Error(
      `Apache is not installed (${APACHE_BIN}): run \`npm test\` once or apt-get install apache2-bin.`,
    );
  testRunDirectory();
  const dir = serverDirectory('apache-dav');
  const port = await freePort();
  const user = 'ada';
  const password = 'app-password-ada-apache';
  mkdirSync(join(dir, 'share'), { recursive: true });
  // mod_dav_fs answers PROPFIND only with a lock database, which the server's user writes.
  mkdirSync(join(dir, 'lock'), { recursive: true });
  const asRoot = process.getuid?.() === 0;
  const web = asRoot ? systemUser('www-data') : undefined;
  if (web !== undefined) chownSync(join(dir, 'lock'), web.uid, web.gid);
  const hash = execFileSync('openssl', ['passwd', '-apr1', password]).toString().trim();
  writeFileSync(join(dir, 'htpasswd'), `${user}:${hash}\n`);
  writeFileSync(join(dir, 'httpd.conf'), config(dir, port, asRoot));
  const child: ChildProcess = spawn(APACHE_BIN, ['-f', join(dir, 'httpd.conf'), '-DFOREGROUND'], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  if (child.pid !== undefined) watchGroup(child.pid);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const started = Date.now();
  while (!(await listening(port))) {
    if (child.exitCode !== null || Date.now() - started > testTime(15_000)) {
      if (child.pid !== undefined) killGroup(child.pid);
      const log = existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '';
      throw new Error(`Apache did not start: ${stderr}\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const share = join(dir, 'share');
  return {
    url: `http://127.0.0.1:${port}/dav/`,
    user,
    password,
    write(path, content, modified) {
      const file = join(share, path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, content);
      if (modified !== undefined) utimesSync(file, modified, modified);
    },
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
