import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { GitError } from './git-error';

// The `git` binary in a child process (issue 43 item 3), bounded: a time limit (killed after it), a cap on what
// it prints, never a terminal prompt, no system or user configuration, no hooks, no credential helper, only
// http(s) as a transport, no redirects followed, and the host pinned to the address the host guard checked.
// The token reaches git through the environment and an askpass script, never its arguments (which `ps` shows).

export interface GitCall {
  /** The repository (bare) it runs in; absent for ls-remote. */
  cwd?: string | undefined;
  args: readonly string[];
  /** Where it may connect: the URL's host:port and the checked address (http.curloptResolve). */
  pin?: { host: string; port: number; address: string; family: 4 | 6 } | undefined;
  /** http: is allowed only for an address the user's network holds (a host on SOURCE_ALLOWED_HOSTS). */
  allowHttp?: boolean | undefined;
  credentials?: { username: string; password: string } | undefined;
  timeoutMs: number;
  maxStdoutBytes: number;
  input?: Buffer | undefined;
  /** Called every half second while it runs (a fetch's size watch); a throw stops it with that error. */
  watch?: (() => void) | undefined;
}

export interface GitResult {
  stdout: Buffer;
  stderr: string;
  code: number;
}

const ASKPASS = `#!/bin/sh
case "$1" in
  Username*) printf '%s\\n' "$TROVE_GIT_USERNAME" ;;
  *) printf '%s\\n' "$TROVE_GIT_PASSWORD" ;;
esac
`;

/** The askpass script in the data folder (made once): it answers from the child's environment alone. */
export function askpassScript(dir: string): string {
  const path = resolve(join(dir, 'askpass.sh'));
  if (!existsSync(path)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(path, ASKPASS, { mode: 0o700 });
    chmodSync(path, 0o700);
  }
  return path;
}

function configFlags(call: GitCall): string[] {
  const flags = [
    'protocol.allow=never',
    'protocol.https.allow=always',
    `protocol.http.allow=${call.allowHttp === true ? 'always' : 'never'}`,
    'http.followRedirects=false',
    'core.hooksPath=/dev/null',
    'credential.helper=',
    'core.fsmonitor=false',
    'gc.auto=0',
    'fetch.unpackLimit=1',
    // A server that trickles: dropped after 60 s under 1 KB/s.
    'http.lowSpeedLimit=1000',
    'http.lowSpeedTime=60',
  ];
  if (call.pin !== undefined) {
    const address = call.pin.family === 6 ? `[${call.pin.address}]` : call.pin.address;
    flags.push(`http.curloptResolve=${call.pin.host}:${call.pin.port}:${address}`);
  }
  return flags.flatMap((flag) => ['-c', flag]);
}

export function runGit(dataDir: string, call: GitCall): Promise<GitResult> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: resolve(dataDir),
    LANG: 'C',
    LC_ALL: 'C',
    GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_ASKPASS: askpassScript(dataDir),
    SSH_ASKPASS: '/bin/false',
    GIT_SSH_COMMAND: '/bin/false',
    TROVE_GIT_USERNAME: call.credentials?.username ?? '',
    TROVE_GIT_PASSWORD: call.credentials?.password ?? '',
  };
  return new Promise<GitResult>((done, fail) => {
    const child = spawn('git', [...configFlags(call), ...call.args], {
      cwd: call.cwd,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let stopped: Error | undefined;
    const stop = (error: Error) => {
      if (stopped !== undefined) return;
      stopped = error;
      // Its whole group: git's remote helper (git-remote-https) too.
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const timer = setTimeout(
      () =>
        stop(
          new GitError(
            'timeout',
            `git took longer than ${Math.round(call.timeoutMs / 1000)} s and was stopped.`,
          ),
        ),
      call.timeoutMs,
    );
    const watcher =
      call.watch === undefined
        ? undefined
        : setInterval(() => {
            try {
              call.watch?.();
            } catch (error) {
              stop(error as Error);
            }
          }, 500);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > call.maxStdoutBytes)
        stop(new GitError('limit', 'git answered more than Trove reads at once.'));
      else chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-8192);
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(call.input);
    child.on('error', (error) => {
      clearTimeout(timer);
      if (watcher !== undefined) clearInterval(watcher);
      fail(new GitError('server', `git could not be started: ${error.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (watcher !== undefined) clearInterval(watcher);
      if (stopped !== undefined) fail(stopped);
      else done({ stdout: Buffer.concat(chunks), stderr, code: code ?? 1 });
    });
  });
}
