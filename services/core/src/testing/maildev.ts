import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port';
import { testTime } from './test-time';

const MAILDEV_BIN = fileURLToPath(new URL('../../../../node_modules/.bin/maildev', import.meta.url));

export interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: { address: string }[];
  from: { address: string; name: string }[];
  date: string;
}

/**
 * The mails maildev caught for one address, oldest first. maildev filters on its side (`?to.address=`): the
 * whole inbox of a browser run grows to hundreds of mails with their HTML, and every poll of every waiting test
 * serialising, gzipping and parsing all of them was CPU the two cores of CI did not have.
 */
export async function caughtMailTo(webUrl: string, address: string): Promise<CaughtMail[]> {
  const wanted = address.toLowerCase();
  const response = await fetch(`${webUrl}/email?${new URLSearchParams({ 'to.address': wanted })}`);
  const mails = (await response.json()) as CaughtMail[];
  return mails.filter((mail) => mail.to.some((to) => to.address.toLowerCase() === wanted));
}

/** maildev ended before it listened. */
class MaildevExited extends Error {
  constructor(code: number, said: string) {
    const lines = said.split('\n').map((line) => line.trim());
    const why = lines.find((line) => /Error|EADDR/.test(line));
    super(`maildev exited with ${code}${why ? `: ${why}` : ''}`);
  }
}

/** A real SMTP receiver (maildev 2.2) with its REST inbox, for tests that read mailed codes. */
export class Maildev {
  #process: ChildProcess | undefined;

  private constructor(
    readonly smtpPort: number,
    readonly webPort: number,
  ) {}

  /** Ports chosen now; the server starts with {@link start} (a test can queue mail before it is up). */
  static async reserve(): Promise<Maildev> {
    return new Maildev(await freePort(), await freePort());
  }

  /**
   * Started on two free ports. A port found free can be taken by another lane before maildev binds it (ci42:
   * "maildev exited with 1"): one that exits at start is tried again on new ports, twice.
   */
  static async start(): Promise<Maildev> {
    for (let attempt = 1; ; attempt++) {
      const maildev = await Maildev.reserve();
      try {
        await maildev.start();
        return maildev;
      } catch (err) {
        if (!(err instanceof MaildevExited) || attempt === 3) throw err;
      }
    }
  }

  get smtpUrl(): string {
    return `smtp://127.0.0.1:${this.smtpPort}`;
  }

  get webUrl(): string {
    return `http://127.0.0.1:${this.webPort}`;
  }

  async start(): Promise<void> {
    const child = spawn(
      MAILDEV_BIN,
      ['--smtp', String(this.smtpPort), '--web', String(this.webPort), '--ip', '127.0.0.1', '--silent'],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    this.#process = child;
    // Why it exited, when it does (a port in use): the tail of what it said.
    let said = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      said = (said + chunk.toString('utf8')).slice(-2_000);
    });
    // Up to a minute: on a machine busy with the other test lanes it once took more than 10 s to listen.
    for (const deadline = Date.now() + testTime(60_000); Date.now() < deadline; ) {
      if (child.exitCode !== null) throw new MaildevExited(child.exitCode, said);
      try {
        if ((await fetch(`${this.webUrl}/email`)).ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('maildev did not start');
  }

  async stop(): Promise<void> {
    const child = this.#process;
    if (child === undefined || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }

  async inbox(): Promise<CaughtMail[]> {
    return (await (await fetch(`${this.webUrl}/email`)).json()) as CaughtMail[];
  }

  async mailsTo(address: string): Promise<CaughtMail[]> {
    return caughtMailTo(this.webUrl, address);
  }

  /**
   * The newest mail to `address` once there are at least `count`. maildev answers SMTP's 250 before
   * it has stored the message, so a read straight after sending can still miss it.
   */
  async waitForMail(address: string, count = 1): Promise<CaughtMail> {
    const deadline = Date.now() + testTime(10_000);
    for (;;) {
      const mails = await this.mailsTo(address);
      const newest = mails[mails.length - 1];
      if (mails.length >= count && newest !== undefined) return newest;
      if (Date.now() > deadline) throw new Error(`no mail #${count} to ${address}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** The 6-digit code in a code mail's text. */
export function codeIn(mail: CaughtMail): string {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no code in mail "${mail.subject}"`);
  return match[1];
}
