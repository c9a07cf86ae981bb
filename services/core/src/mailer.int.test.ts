import { testTime } from './testing/test-time';
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer';
import { freePort } from './testing/free-port';

const MAILDEV_BIN = fileURLToPath(new URL('../../../node_modules/.bin/maildev', import.meta.url));

interface CaughtMail {
  subject: string;
  text: string;
  html: string;
  from: { address: string; name: string }[];
  to: { address: string }[];
  envelope: { from: { address: string }; to: { address: string }[] };
}

let maildev: ChildProcess;
let webPort: number;
let smtpPort: number;

async function waitForInbox(): Promise<void> {
  // Up to a minute: on a machine busy with the other test lanes maildev once took more than 10 s to listen.
  for (const deadline = Date.now() + testTime(60_000); Date.now() < deadline; ) {
    if (maildev.exitCode !== null) throw new Error(`maildev exited with ${maildev.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${webPort}/email`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('maildev did not start');
}

/**
 * The inbox once it holds a message. maildev answers SMTP's 250 before it has parsed and stored the
 * message, so a read straight after sending can still see an empty inbox.
 */
async function readInbox(): Promise<CaughtMail[]> {
  const deadline = Date.now() + testTime(10_000);
  for (;;) {
    const inbox = (await (await fetch(`http://127.0.0.1:${webPort}/email`)).json()) as CaughtMail[];
    if (inbox.length > 0 || Date.now() > deadline) return inbox;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  [webPort, smtpPort] = [await freePort(), await freePort()];
  maildev = spawn(
    MAILDEV_BIN,
    ['--smtp', String(smtpPort), '--web', String(webPort), '--ip', '127.0.0.1', '--silent'],
    { stdio: 'ignore' },
  );
  await waitForInbox();
});

afterAll(async () => {
  if (maildev?.exitCode === null) {
    const exited = new Promise((resolve) => maildev.once('exit', resolve));
    maildev.kill('SIGTERM');
    await exited;
  }
});

describe('createMailer', () => {
  it('delivers a message over SMTP that the inbox can read back', async () => {
    const mailer = createMailer({
      url: `smtp://127.0.0.1:${smtpPort}`,
      from: '"Trove" <no-reply@trove.test>',
    });
    try {
      const { messageId } = await mailer.sendMail({
        to: 'ada@example.com',
        subject: 'Your Trove code',
        text: 'Your code is 123456',
        html: '<p>Your code is <b>123456</b></p>',
      });
      expect(messageId).toMatch(/@/);
    } finally {
      mailer.close();
    }

    const inbox = await readInbox();
    expect(inbox).toHaveLength(1);
    const [mail] = inbox;
    expect(mail?.subject).toBe('Your Trove code');
    expect(mail?.text.trim()).toBe('Your code is 123456');
    expect(mail?.html).toContain('<b>123456</b>');
    expect(mail?.from).toEqual([{ address: 'no-reply@trove.test', name: 'Trove' }]);
    expect(mail?.to.map((to) => to.address)).toEqual(['ada@example.com']);
    // Issue 35 item 1: the SMTP envelope is the one mailbox, set by us rather than read from headers.
    expect(mail?.envelope.from.address).toBe('no-reply@trove.test');
    expect(mail?.envelope.to.map((to) => to.address)).toEqual(['ada@example.com']);
  });

  it.each([['x1,me@mail.test'], ['<me@mail.test>'], ['g:me@mail.test;'], ['"a" <me@mail.test>']])(
    'a recipient in header syntax (%s) is refused before any SMTP',
    async (to) => {
      const mailer = createMailer({
        url: `smtp://127.0.0.1:${await freePort()}`,
        from: 'no-reply@trove.test',
      });
      try {
        await expect(mailer.sendMail({ to, subject: 'x', text: 'x' })).rejects.toThrow(/not one mailbox/);
      } finally {
        mailer.close();
      }
    },
  );

  it('a MAIL_FROM naming two senders stops the mailer from being made', () => {
    expect(() => createMailer({ url: 'smtp://127.0.0.1:1', from: 'a@trove.test, b@trove.test' })).toThrow(
      /MAIL_FROM/,
    );
  });

  it('fails, rather than hanging, when no SMTP server listens', async () => {
    const mailer = createMailer({ url: `smtp://127.0.0.1:${await freePort()}`, from: 'no-reply@trove.test' });
    try {
      await expect(mailer.sendMail({ to: 'ada@example.com', subject: 'x', text: 'x' })).rejects.toThrow(
        /ECONNREFUSED/,
      );
    } finally {
      mailer.close();
    }
  });
});
