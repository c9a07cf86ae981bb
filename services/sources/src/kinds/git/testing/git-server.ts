import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { testTime } from '@trove/service-core/testing';
import { killGroup, startNginx, watchGroup } from '../../testing/nginx';

// Real Git hosting per test run (issue 43 item 5): `git http-backend` behind nginx through fcgiwrap, the smart
// HTTP protocol GitHub and GitLab speak. /git/ serves every repository without a password, /private/ the same
// ones behind basic authentication (a token as the password). Beside them, a page that is not Git and a
// redirect to the cloud metadata address. Tests write commits in a working copy and push them (force too).

const FCGIWRAP_BIN = process.env.FCGIWRAP_BIN ?? '/usr/sbin/fcgiwrap';
const HTTP_BACKEND = '/usr/lib/git-core/git-http-backend';

export interface GitAuthor {
  name: string;
  email: string;
  /** ISO date. */
  date: string;
}

export interface GitServer {
  /** A public repository's address. */
  url(name: string): string;
  /** The same repository behind basic authentication. */
  privateUrl(name: string): string;
  token: string;
  notGitUrl: string;
  redirectUrl: string;
  /**
   * Writes (or with null deletes) files in the repository's working copy, commits and pushes. Answers the commit.
   * `{ link }` makes a symbolic link to that target (a loop, a path out of the repository).
   */
  commit(
    name: string,
    files: Record<string, string | Buffer | null | { link: string }>,
    message: string,
    author: GitAuthor,
    branch?: string,
  ): string;
  /** The bare repository the server serves (a bench writes history into it with git fast-import). */
  bare(name: string): string;
  /**
   * Pushes a commit whose tree holds an entry named `entry` (a path with `..` or `/` in it, which git itself never
   * writes, as a hostile server could serve) beside `files`, on top of the branch. Answers the commit.
   */
  commitHostileTree(name: string, entry: string, content: string, files: Record<string, string>): string;
  /** Moves the branch back `count` commits (to be committed over and force-pushed). */
  resetBack(name: string, count: number, branch?: string): void;
  stop(): Promise<void>;
}

function git(cwd: string, args: string[], env: Record<string, string> = {}): string {
  return execFileSync('git', args, {
    cwd,
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', HOME: cwd, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
    .toString()
    .trim();
}

function backendParams(dir: string): string {
  return `
      fastcgi_pass unix:${dir}/fcgi.sock;
      fastcgi_param SCRIPT_FILENAME ${HTTP_BACKEND};
      fastcgi_param GIT_HTTP_EXPORT_ALL "";
      fastcgi_param GIT_PROJECT_ROOT ${dir}/repos;
      fastcgi_param PATH_INFO $1;
      fastcgi_param QUERY_STRING $query_string;
      fastcgi_param REQUEST_METHOD $request_method;
      fastcgi_param CONTENT_TYPE $content_type;
      fastcgi_param CONTENT_LENGTH $content_length;
      fastcgi_param GIT_PROTOCOL $http_git_protocol;
      fastcgi_param REMOTE_USER $remote_user;
      fastcgi_param REMOTE_ADDR $remote_addr;
      fastcgi_param SERVER_PROTOCOL $server_protocol;`;
}

export async function startGitServer(): Promise<GitServer> {
  if (!existsSync(FCGIWRAP_BIN))
    throw new Error(`fcgiwrap is not installed (${FCGIWRAP_BIN}): apt-get install fcgiwrap.`);
  const token = 'token-ada-0123456789';
  let fcgi: ChildProcess | undefined;
  const nginx = await startNginx('git', (dir) => {
    mkdirSync(join(dir, 'repos'), { recursive: true });
    mkdirSync(join(dir, 'work'), { recursive: true });
    // Hosts take any user name with a token; here the two the kind may send.
    writeFileSync(join(dir, 'htpasswd'), `ada:{PLAIN}${token}\nx-access-token:{PLAIN}${token}\n`);
    fcgi = spawn(FCGIWRAP_BIN, ['-s', `unix:${dir}/fcgi.sock`, '-c', '4'], {
      detached: true,
      stdio: 'ignore',
    });
    if (fcgi.pid !== undefined) watchGroup(fcgi.pid);
    return `
    location ~ ^/git(/.*)$ {${backendParams(dir)}
    }
    location ~ ^/private(/.*)$ {
      auth_basic "git";
      auth_basic_user_file ${dir}/htpasswd;${backendParams(dir)}
    }
    location /plain/ { return 200 "<html>Just a page</html>"; }
    location /moved/ { return 301 http://169.254.169.254/repo.git; }`;
  });
  const started = Date.now();
  while (!existsSync(join(nginx.dir, 'fcgi.sock'))) {
    if (Date.now() - started > testTime(10_000)) throw new Error('fcgiwrap did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const repos = join(nginx.dir, 'repos');
  const work = (name: string) => join(nginx.dir, 'work', name);
  const ensure = (name: string, branch: string) => {
    if (existsSync(join(repos, `${name}.git`))) return;
    git(nginx.dir, ['init', '--bare', '--quiet', '--initial-branch', 'main', join(repos, `${name}.git`)]);
    git(nginx.dir, ['init', '--quiet', '--initial-branch', branch, work(name)]);
    git(work(name), ['remote', 'add', 'origin', join(repos, `${name}.git`)]);
  };
  return {
    url: (name) => `${nginx.origin}/git/${name}.git`,
    privateUrl: (name) => `${nginx.origin}/private/${name}.git`,
    token,
    notGitUrl: `${nginx.origin}/plain/repo.git`,
    redirectUrl: `${nginx.origin}/moved/repo.git`,
    commit(name, files, message, author, branch = 'main') {
      ensure(name, branch);
      const cwd = work(name);
      // The working copy's own branch is the truth (a reset for a force-push stays); a new one starts from here.
      const known = git(cwd, ['branch', '--list', branch]) !== '';
      const empty = git(cwd, ['branch', '--list']) === '';
      if (!empty) git(cwd, known ? ['checkout', '--quiet', branch] : ['checkout', '--quiet', '-b', branch]);
      for (const [path, content] of Object.entries(files)) {
        const file = join(cwd, path);
        if (content === null) rmSync(file, { force: true });
        else {
          mkdirSync(dirname(file), { recursive: true });
          if (typeof content === 'object' && 'link' in content) symlinkSync(content.link, file);
          else writeFileSync(file, content);
        }
      }
      git(cwd, ['add', '--all']);
      const who = {
        GIT_AUTHOR_NAME: author.name,
        GIT_AUTHOR_EMAIL: author.email,
        GIT_AUTHOR_DATE: author.date,
      };
      git(cwd, ['commit', '--quiet', '--allow-empty', '-m', message], {
        ...who,
        GIT_COMMITTER_NAME: author.name,
        GIT_COMMITTER_EMAIL: author.email,
        GIT_COMMITTER_DATE: author.date,
      });
      git(cwd, ['push', '--quiet', '--force', 'origin', `HEAD:refs/heads/${branch}`]);
      return git(cwd, ['rev-parse', 'HEAD']);
    },
    commitHostileTree(name, entry, content, files) {
      const cwd = work(name);
      const blob = (text: string) =>
        execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd, input: text }).toString().trim();
      // A tree's raw form: "<mode> <name>\0<20-byte id>" per entry, in name order; written as it is.
      const entries = [
        [entry, blob(content)],
        ...Object.entries(files).map(([path, text]) => [path, blob(text)]),
      ]
        .sort(([a], [b]) => ((a ?? '') < (b ?? '') ? -1 : 1))
        .map(([path, id]) => Buffer.concat([Buffer.from(`100644 ${path}\0`), Buffer.from(id ?? '', 'hex')]));
      const tree = execFileSync('git', ['hash-object', '-t', 'tree', '--literally', '-w', '--stdin'], {
        cwd,
        input: Buffer.concat(entries),
      })
        .toString()
        .trim();
      const parent = git(cwd, ['rev-parse', 'HEAD']);
      const commit = git(cwd, ['commit-tree', tree, '-p', parent, '-m', 'A tree git would not write'], {
        GIT_AUTHOR_NAME: 'Mallory',
        GIT_AUTHOR_EMAIL: 'mallory@example.com',
        GIT_COMMITTER_NAME: 'Mallory',
        GIT_COMMITTER_EMAIL: 'mallory@example.com',
      });
      git(cwd, ['push', '--quiet', '--force', 'origin', `${commit}:refs/heads/main`]);
      return commit;
    },
    bare: (name) => join(repos, `${name}.git`),
    resetBack(name, count, branch = 'main') {
      const cwd = work(name);
      git(cwd, ['checkout', '--quiet', branch]);
      git(cwd, ['reset', '--quiet', '--hard', `HEAD~${count}`]);
    },
    async stop() {
      if (fcgi?.pid !== undefined) killGroup(fcgi.pid);
      await nginx.stop();
    },
  };
}
