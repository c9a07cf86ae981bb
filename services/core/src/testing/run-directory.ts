import { execFileSync } from 'node:child_process';
import { accessSync, chmodSync, chownSync, constants, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Issue 36 item 1: every server a test starts (PostgreSQL, MariaDB, Dovecot, nginx, the next ones) keeps its
// data, sockets and lock files in a folder of its own inside a folder this test run owns — never in a shared
// system folder, which on some machines is not world-writable (a PostgreSQL running as `postgres` then cannot
// make its socket's lock file there). `npm test` makes the run's folder and names it in TROVE_TEST_RUN_DIR
// (and TMPDIR, so what else a test writes goes there too) and removes it at the end.

const RUN_DIR_VARIABLE = 'TROVE_TEST_RUN_DIR';

/** The folder this run owns: TROVE_TEST_RUN_DIR, else one made once per process in the temp folder. */
export function testRunDirectory(): string {
  const named = process.env[RUN_DIR_VARIABLE];
  if (named !== undefined && named !== '') {
    mkdirSync(named, { recursive: true });
    return named;
  }
  process.env[RUN_DIR_VARIABLE] = mkdtempSync(join(tmpdir(), 'trove-run-'));
  // Servers that run as another user (postgres, dovecot's) must pass through it.
  chmodSync(process.env[RUN_DIR_VARIABLE], 0o755);
  return process.env[RUN_DIR_VARIABLE];
}

/** The uid and gid of a system user, or undefined when there is none. */
export function systemUser(name: string): { uid: number; gid: number } | undefined {
  try {
    const id = (flag: string) =>
      Number(execFileSync('id', [flag, name], { stdio: 'pipe' }).toString().trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined;
  }
}

/**
 * A new, empty folder for one server, inside the run's folder, that the server's own user may write
 * (`owner`: a system user the server runs as, when the test runs as root). Short on purpose: Unix socket
 * paths are limited to 107 bytes, and servers put theirs here.
 */
export function serverDirectory(name: string, options: { owner?: string } = {}): string {
  const dir = mkdtempSync(join(testRunDirectory(), `${name}-`));
  chmodSync(dir, 0o755);
  const owner = options.owner === undefined ? undefined : systemUser(options.owner);
  if (owner !== undefined && process.getuid?.() === 0) chownSync(dir, owner.uid, owner.gid);
  accessSync(dir, constants.W_OK);
  return dir;
}
