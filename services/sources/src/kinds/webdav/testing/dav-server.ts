import { existsSync, mkdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DAV_EXT_MODULE, startNginx } from '../../testing/nginx';

// A real WebDAV share per test run (issue 43 item 5): nginx with its dav and dav-ext modules, a user with a
// password (basic authentication), the share a folder of the run's. Beside it, a page that is not WebDAV and a
// redirect to a private address, the bad inputs the card must word.

export interface DavServer {
  /** The share's address (what a person pastes). */
  url: string;
  /** A plain page: a server that is not WebDAV. */
  notDavUrl: string;
  /** Sends the client to the cloud metadata address. */
  redirectUrl: string;
  user: string;
  password: string;
  /** Writes a file into the share (folders made as needed); `modified` sets its time (nginx's ETag-less change). */
  write(path: string, content: string | Buffer, modified?: Date): void;
  remove(path: string): void;
  /** A folder that links back to its parent: a loop for a server that follows links. */
  loop(path: string): void;
  stop(): Promise<void>;
}

export async function startDavServer(): Promise<DavServer> {
  if (!existsSync(DAV_EXT_MODULE))
    throw new Error(
      `nginx's WebDAV module is missing (${DAV_EXT_MODULE}): apt-get install libnginx-mod-http-dav-ext.`,
    );
  const user = 'ada';
  const password = 'app-password-ada-webdav';
  const nginx = await startNginx(
    'webdav',
    (dir) => {
      mkdirSync(join(dir, 'share'), { recursive: true });
      writeFileSync(join(dir, 'htpasswd'), `${user}:{PLAIN}${password}\n`);
      return `
    location /dav/ {
      alias ${dir}/share/;
      auth_basic "share";
      auth_basic_user_file ${dir}/htpasswd;
      dav_ext_methods PROPFIND OPTIONS;
    }
    location /plain/ { return 200 "<html>Just a page</html>"; }
    location /moved/ { return 302 http://169.254.169.254/latest/; }`;
    },
    [DAV_EXT_MODULE],
  );
  const share = join(nginx.dir, 'share');
  return {
    url: `${nginx.origin}/dav/`,
    notDavUrl: `${nginx.origin}/plain/`,
    redirectUrl: `${nginx.origin}/moved/`,
    user,
    password,
    write(path, content, modified) {
      const file = join(share, path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, content);
      if (modified !== undefined) utimesSync(file, modified, modified);
    },
    remove(path) {
      rmSync(join(share, path), { recursive: true, force: true });
    },
    loop(path) {
      mkdirSync(join(share, dirname(path)), { recursive: true });
      symlinkSync('.', join(share, path));
    },
    stop: () => nginx.stop(),
  };
}
