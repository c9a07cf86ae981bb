import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, type Socket } from 'node:net';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort, serverDirectory, testTime } from '@trove/service-core/testing';
import { ImapFlow } from 'imapflow';
import { makeCertificate } from '@trove/service-core/testing';
import { corpusMessages } from './spam-assassin';

// A real IMAP server per test run (issue 21, "Real parts in tests"): Debian's Dovecot 2.3
// (`dovecot-imapd`, installed by infra/bin/ensure.mjs), started in the foreground from a config written to
// a temporary folder, on free ports, with a self-signed certificate made for the run. Nothing outside that
// folder is read or written except Dovecot's own binaries and /usr/share/dovecot/dh.pem: the system's
// /etc/dovecot and its service are never used (the installer disables the service).

const DOVECOT_BIN = process.env.DOVECOT_BIN ?? '/usr/sbin/dovecot';
const DH_PARAMS = '/usr/share/dovecot/dh.pem';

export interface DovecotUser {
  name: string;
  /** An app password, as Fastmail, iCloud or Gmail issue them: the only secret the source keeps. */
  password: string;
}

/**
 * Folders every user has, with their RFC 6154 special-use flag. Created by the server itself
 * (`auto = subscribe`), so they exist before anything is appended.
 */
export const SPECIAL_USE_FOLDERS = {
  Sent: '\\Sent',
  Trash: '\\Trash',
  Junk: '\\Junk',
  Drafts: '\\Drafts',
  Archive: '\\Archive',
} as const;

export interface Dovecot {
  host: '127.0.0.1';
  /** IMAPS: TLS from the first byte (the 993 of a real server). */
  implicitTlsPort: number;
  /** IMAP with STARTTLS (the 143 of a real server); login is refused before TLS (`ssl = required`). */
  starttlsPort: number;
  /** SHA-256 of the server's leaf certificate, colon-separated uppercase hex as Node's `fingerprint256`. */
  certificateSha256: string;
  /** The certificate in PEM, for a test client that verifies it as a CA. */
  certificatePem: string;
  /** The hostname the certificate names (it also names 127.0.0.1). */
  certificateHost: 'localhost';
  users: DovecotUser[];
  /** Appends messages over IMAP (so UIDs follow the order given) and returns their UIDs. */
  addMessages(user: string, folder: string, messages: Uint8Array[], flags?: string[]): Promise<number[]>;
  /**
   * Writes messages straight into the user's maildir (no IMAP), for mailboxes of thousands: Dovecot gives
   * them UIDs, in file-name order, when the folder is next opened. `folder` is INBOX or a folder that
   * exists (a special-use one, or one made by {@link createFolder}) with an ASCII name. Returns how many.
   */
  writeMessages(user: string, folder: string, messages: Uint8Array[]): Promise<number>;
  /** Creates a folder (Unicode name; IMAP carries it in modified UTF-7). */
  createFolder(user: string, path: string): Promise<void>;
  /**
   * The usual test mailbox, from the SpamAssassin archive: INBOX and Archive of ham, Junk of spam, a few
   * in Sent, Drafts, Trash, "Café" (modified UTF-7 "Caf&AOk-" on the wire) and "Spam" (a folder named
   * like junk but without the \Junk flag). Returns each folder's UIDs.
   */
  fillMailbox(user: string, counts?: Partial<Record<string, number>>): Promise<Record<string, number[]>>;
  /** Runs `work` on a session of `user`, for tests that change the mailbox (flags, expunge, move). */
  session<T>(user: string, work: (client: ImapFlow) => Promise<T>): Promise<T>;
  /** SIGKILL to the whole server, data kept: a crash mid-sync. {@link restart} brings it back. */
  kill(): Promise<void>;
  /** Starts the server again on the same ports with the same mail. */
  restart(): Promise<void>;
  /**
   * From now on the server presents a new self-signed certificate (a renewal, or someone in the way): restarted
   * with it, mail kept. Answers its SHA-256, which is also {@link certificateSha256} from then on.
   */
  renewCertificate(): Promise<string>;
  /** Stops the server (its whole process group) and removes the temporary folder. */
  stop(): Promise<void>;
  /** The end of Dovecot's log, for a failing test's message. */
  logTail(lines?: number): string;
}

export const DEFAULT_MAILBOX_COUNTS: Record<string, number> = {
  INBOX: 60,
  Archive: 10,
  Sent: 5,
  Drafts: 3,
  Trash: 4,
  Junk: 10,
  Café: 5,
  Spam: 3,
};

/** Where the Gmail-like All Mail folder is, when asked for (`allMail`). */
export const ALL_MAIL_FOLDER = 'Virtual/All';

export async function startDovecot(
  options: {
    users?: DovecotUser[];
    /**
     * Gmail's All Mail: a virtual folder (Dovecot's virtual plugin) flagged \All that shows every message of the
     * user's other folders again, under {@link ALL_MAIL_FOLDER}.
     */
    allMail?: boolean;
  } = {},
): Promise<Dovecot> {
  if (!existsSync(DOVECOT_BIN)) {
    throw new Error(
      `Dovecot is not installed (${DOVECOT_BIN}): run \`npm test\` once (it installs dovecot-imapd) or \`sudo apt-get install -y dovecot-imapd\`.`,
    );
  }
  // The config below is 2.3's; 2.4 renamed most settings (https://doc.dovecot.org/2.4.0/installation/upgrade/2.3-to-2.4.html).
  const version = execFileSync(DOVECOT_BIN, ['--version']).toString().trim();
  if (!version.startsWith('2.3.'))
    throw new Error(`this harness writes a Dovecot 2.3 config; ${DOVECOT_BIN} is ${version}`);
  const users = options.users ?? [
    { name: 'ada@example.test', password: 'app-password-ada-0001' },
    { name: 'grace@example.test', password: 'app-password-grace-0002' },
  ];
  // Dovecot's login and mail processes run as other users and must reach their folders in here (0755).
  const dir = serverDirectory('dovecot');
  const implicitTlsPort = await freePort();
  const starttlsPort = await freePort();
  const certificate = makeServerCertificate(dir);
  const config = writeConfig(dir, users, implicitTlsPort, starttlsPort, options.allMail === true);

  let child: ChildProcess | undefined;
  const exitOnQuit = () => {
    if (child?.pid !== undefined && child.exitCode === null) killGroup(child.pid, 'SIGKILL');
  };
  process.once('exit', exitOnQuit);

  let watcher: ChildProcess | undefined;

  async function start(): Promise<void> {
    // Its own process group, so one signal reaches the master and every process it forked.
    child = spawn(DOVECOT_BIN, ['-F', '-c', config], {
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    if (child.pid !== undefined) watcher = watch(child.pid);
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const started = Date.now();
    while (!(await listening(implicitTlsPort)) || !(await listening(starttlsPort))) {
      if (child.exitCode !== null || Date.now() - started > testTime(15_000)) {
        const reason =
          child.exitCode !== null
            ? `exited with ${child.exitCode}`
            : `did not listen within ${testTime(15)} s`;
        await stopProcess();
        throw new Error(`Dovecot ${reason}: ${stderr.trim()}\n${tail(join(dir, 'dovecot.log'), 20)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function stopProcess(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const running = child;
    if (running?.pid === undefined) return;
    const pid = running.pid;
    if (running.exitCode === null && running.signalCode === null) {
      const exited = new Promise((resolve) => running.once('exit', resolve));
      killGroup(pid, signal);
      const forced = setTimeout(() => killGroup(pid, 'SIGKILL'), 5_000);
      await exited;
      clearTimeout(forced);
    }
    // The master is gone; make sure nothing it forked outlives it.
    killGroup(pid, 'SIGKILL');
    watcher?.kill('SIGKILL');
  }

  async function session<T>(user: string, work: (client: ImapFlow) => Promise<T>): Promise<T> {
    const account = users.find((candidate) => candidate.name === user);
    if (account === undefined) throw new Error(`no test user ${user}`);
    const client = new ImapFlow({
      host: '127.0.0.1',
      port: implicitTlsPort,
      secure: true,
      servername: 'localhost',
      tls: { ca: certificate.pem },
      auth: { user: account.name, pass: account.password },
      logger: false,
      disableAutoIdle: true,
    });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.logout().catch(() => client.close());
    }
  }

  async function addMessages(
    user: string,
    folder: string,
    messages: Uint8Array[],
    flags: string[] = [],
  ): Promise<number[]> {
    return session(user, async (client) => {
      const uids: number[] = [];
      for (const message of messages) {
        const appended = await client.append(folder, Buffer.from(message), flags);
        if (appended === false || appended.uid === undefined) throw new Error(`APPEND to ${folder} failed`);
        uids.push(appended.uid);
      }
      return uids;
    });
  }

  // APPEND is one round trip and one maildir save per message (~17 ms each here): 6,046 messages would take
  // minutes. The maildir is plain files, so the bench's mailbox is written directly: one file a message
  // in new/ (Maildir++: INBOX is the user's folder, "Archive" is .Archive), owned by the mail user.
  async function writeMessages(user: string, folder: string, messages: Uint8Array[]): Promise<number> {
    if (!users.some((candidate) => candidate.name === user)) throw new Error(`no test user ${user}`);
    if (!/^[\x20-\x7e]+$/.test(folder) || folder.includes('.')) {
      throw new Error(`writeMessages takes an ASCII folder name without dots, not ${folder}`);
    }
    // A session first: Dovecot makes the user's maildir and its auto folders as the mail user.
    await session(user, async (client) => {
      await client.status(folder, { messages: true });
    });
    const home = join(dir, 'mail', user);
    const box = folder === 'INBOX' ? home : join(home, `.${folder}`);
    const owner = mailOwner();
    for (const made of [box, ...['cur', 'new', 'tmp'].map((sub) => join(box, sub))]) {
      if (existsSync(made)) continue;
      mkdirSync(made);
      if (owner !== undefined) chownSync(made, owner.uid, owner.gid);
    }
    const stamp = Math.floor(Date.now() / 1000);
    for (const [index, message] of messages.entries()) {
      // <time>.<unique>.<host>,S=<size>: the size in the name spares Dovecot a stat; the zero-padded
      // counter keeps the order given.
      const name = `${stamp}.M${String(index).padStart(7, '0')}P${process.pid}.trove,S=${message.byteLength}`;
      const file = join(box, 'new', name);
      writeFileSync(file, message);
      if (owner !== undefined) chownSync(file, owner.uid, owner.gid);
    }
    // Dovecot reads new/ and numbers the files when the folder is next opened: now, so the UIDs exist.
    await session(user, async (client) => {
      await client.status(folder, { messages: true });
    });
    return messages.length;
  }

  async function createFolder(user: string, path: string): Promise<void> {
    await session(user, async (client) => {
      await client.mailboxCreate(path);
    });
  }

  async function fillMailbox(
    user: string,
    counts: Partial<Record<string, number>> = DEFAULT_MAILBOX_COUNTS,
  ): Promise<Record<string, number[]>> {
    const uids: Record<string, number[]> = {};
    let ham = 0;
    let spam = 0;
    for (const [folder, count = 0] of Object.entries(counts)) {
      const isJunk = folder === 'Junk' || folder === 'Spam';
      const messages = isJunk ? corpusMessages('spam', count, spam) : corpusMessages('easy-ham', count, ham);
      if (isJunk) spam += count;
      else ham += count;
      if (folder !== 'INBOX' && !(folder in SPECIAL_USE_FOLDERS)) await createFolder(user, folder);
      uids[folder] = await addMessages(user, folder, messages, folder === 'Drafts' ? ['\\Draft'] : []);
    }
    return uids;
  }

  try {
    await start();
  } catch (error) {
    process.off('exit', exitOnQuit);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const dovecot: Dovecot = {
    host: '127.0.0.1',
    implicitTlsPort,
    starttlsPort,
    certificateSha256: certificate.sha256,
    certificatePem: certificate.pem,
    certificateHost: 'localhost',
    users,
    addMessages,
    writeMessages,
    createFolder,
    fillMailbox,
    session,
    kill: () => stopProcess('SIGKILL'),
    restart: start,
    async renewCertificate() {
      await stopProcess();
      const renewed = makeServerCertificate(dir);
      dovecot.certificateSha256 = renewed.sha256;
      dovecot.certificatePem = renewed.pem;
      await start();
      return renewed.sha256;
    },
    async stop() {
      await stopProcess();
      process.off('exit', exitOnQuit);
      rmSync(dir, { recursive: true, force: true });
    },
    logTail: (lines = 40) => tail(join(dir, 'dovecot.log'), lines),
  };
  return dovecot;
}

/**
 * A shell that holds the read end of a pipe from this process and kills Dovecot's process group when it
 * closes: when this test process dies without running its 'exit' handlers (a SIGTERM from a timeout, a
 * crash), no server outlives its run. Unreferenced, so it never keeps this process alive.
 */
function watch(group: number): ChildProcess {
  const watcher = spawn(
    'sh',
    ['-c', 'while read -r _; do :; done; kill -s KILL -- -"$1" 2>/dev/null', 'dovecot-watch', String(group)],
    {
      stdio: ['pipe', 'ignore', 'ignore'],
    },
  );
  watcher.unref();
  (watcher.stdin as Socket | null)?.unref();
  return watcher;
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
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

function tail(file: string, lines: number): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** A self-signed certificate for "localhost" and 127.0.0.1 (the server's own, in `dir`). */
function makeServerCertificate(dir: string): { pem: string; sha256: string } {
  return makeCertificate(dir, {
    organisation: 'Trove test IMAP',
    altNames: ['DNS:localhost', 'IP:127.0.0.1'],
  });
}

/** The owner of the mail files as root runs the server ("dovecot"); undefined when we are that user. */
function mailOwner(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  return {
    uid: Number(execFileSync('id', ['-u', 'dovecot']).toString().trim()),
    gid: Number(execFileSync('id', ['-g', 'dovecot']).toString().trim()),
  };
}

/** Who the server's processes run as: Dovecot refuses root for them, and runs as one user when not root. */
function processUsers(): {
  login: string;
  internal: string;
  group: string;
  mailUid: string;
  mailGid: string;
} {
  if (process.getuid?.() !== 0) {
    const me = userInfo();
    const group = execFileSync('id', ['-gn']).toString().trim();
    return {
      login: me.username,
      internal: me.username,
      group,
      mailUid: String(me.uid),
      mailGid: String(me.gid),
    };
  }
  return { login: 'dovenull', internal: 'dovecot', group: 'dovecot', mailUid: 'dovecot', mailGid: 'dovecot' };
}

function writeConfig(
  dir: string,
  users: DovecotUser[],
  implicitTlsPort: number,
  starttlsPort: number,
  allMail: boolean,
): string {
  const mail = join(dir, 'mail');
  mkdirSync(mail);
  // Every folder of the inbox namespace, each message again (https://doc.dovecot.org/2.3/configuration_manual/virtual_plugin/).
  const virtual = join(dir, 'virtual');
  if (allMail) {
    mkdirSync(join(virtual, 'All'), { recursive: true });
    writeFileSync(join(virtual, 'All', 'dovecot-virtual'), '*\n  all\n');
  }
  const allMailNamespace = allMail
    ? `mail_plugins = $mail_plugins virtual

namespace virtual {
  prefix = Virtual/
  separator = /
  location = virtual:${virtual}:INDEX=~/virtual-index
  mailbox All {
    special_use = \\All
    auto = subscribe
  }
}
`
    : '';
  const who = processUsers();
  const passwords = join(dir, 'users');
  // passwd-file: user:{scheme}password:uid:gid::home — uid/gid come from default_fields below.
  writeFileSync(
    passwords,
    users
      .map((user) => `${user.name}:{PLAIN}${user.password}::::::`)
      .join('\n')
      .concat('\n'),
    { mode: 0o600 },
  );
  const owner = mailOwner();
  if (owner !== undefined) {
    // The auth process reads the passwords and the mail processes write the maildirs, both as "dovecot".
    chownSync(mail, owner.uid, owner.gid);
    chownSync(passwords, owner.uid, owner.gid);
  }
  const specialUse = Object.entries(SPECIAL_USE_FOLDERS)
    .map(([name, flag]) => `  mailbox ${name} {\n    special_use = ${flag}\n    auto = subscribe\n  }`)
    .join('\n');
  // Without root no process can chroot, so none is asked to (https://wiki2.dovecot.org/HowTo/Rootless).
  const rootless = process.getuid?.() === 0 ? '' : '  chroot =\n';
  const text = `# Written for one test run by services/sources/src/kinds/imap/testing/dovecot.ts.
base_dir = ${dir}/run
state_dir = ${dir}/state
instance_name = trove-test-${implicitTlsPort}
protocols = imap
listen = 127.0.0.1
log_path = ${dir}/dovecot.log
info_log_path = ${dir}/dovecot.log
auth_verbose = yes
auth_failure_delay = 0
default_login_user = ${who.login}
default_internal_user = ${who.internal}
default_internal_group = ${who.group}
first_valid_uid = 1
mail_location = maildir:${mail}/%u
mail_fsync = never
ssl = required
ssl_cert = <${dir}/cert.pem
ssl_key = <${dir}/key.pem
${existsSync(DH_PARAMS) ? `ssl_dh = <${DH_PARAMS}` : ''}
ssl_min_protocol = TLSv1.2
auth_mechanisms = plain login

passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users
}
userdb {
  driver = passwd-file
  args = username_format=%u ${dir}/users
  default_fields = uid=${who.mailUid} gid=${who.mailGid} home=${mail}/%u
}

namespace inbox {
  inbox = yes
  separator = /
${specialUse}
}
${allMailNamespace}
protocol imap {
  mail_max_userip_connections = 100
}

# No brute-force penalty: after a test's wrong password, every later login from 127.0.0.1 would wait
# 2 to 15 s (https://doc.dovecot.org/2.3/configuration_manual/authentication/auth_penalty/;
# login_trusted_networks does not lift it in 2.3.19).
service anvil {
  unix_listener anvil-auth-penalty {
    mode = 0
  }
${rootless}}


service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${starttlsPort}
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = ${implicitTlsPort}
    ssl = yes
  }
${rootless}}
`;
  const file = join(dir, 'dovecot.conf');
  writeFileSync(file, text);
  return file;
}
