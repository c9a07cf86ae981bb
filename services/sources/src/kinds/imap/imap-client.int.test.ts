import { testTime } from '@trove/service-core/testing/time';
import { randomBytes } from 'node:crypto';
import { lookup } from 'node:dns';
import { freePort } from '@trove/service-core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectImap,
  type ImapConnectionSettings,
  ImapError,
  type ImapMessage,
  type ImapSession,
  testImapConnection,
  uidsGone,
} from './imap-client';
import { type Dovecot, startDovecot } from './testing/dovecot';
import { corpusMessages } from './testing/spam-assassin';

// The IMAP client against a real Dovecot 2.3 started for this file (issue 21, "Real parts in tests").
// Ada's mailbox is read only; the tests that change a mailbox use Grace's.

const ADA = 'ada@example.test';
const GRACE = 'grace@example.test';

let dovecot: Dovecot;
let adaFolders: Record<string, number[]>;

beforeAll(async () => {
  dovecot = await startDovecot();
  adaFolders = await dovecot.fillMailbox(ADA);
  await dovecot.addMessages(GRACE, 'INBOX', corpusMessages('easy-ham', 12, 200));
}, testTime(120_000));
afterAll(async () => {
  await dovecot?.stop();
});

function settings(user: string, overrides: Partial<ImapConnectionSettings> = {}): ImapConnectionSettings {
  const account = dovecot.users.find((candidate) => candidate.name === user);
  return {
    host: dovecot.host,
    port: dovecot.implicitTlsPort,
    security: 'tls',
    username: user,
    password: account?.password ?? '',
    pinnedSha256: dovecot.certificateSha256,
    ...overrides,
  };
}

async function failure(attempt: Promise<unknown>): Promise<ImapError> {
  try {
    await attempt;
  } catch (error) {
    expect(error).toBeInstanceOf(ImapError);
    return error as ImapError;
  }
  throw new Error('expected the connection to fail');
}

/** Logins Dovecot has logged for a user, failed ones included. */
function logins(user: string): number {
  return dovecot
    .logTail(100_000)
    .split('\n')
    .filter((line) => line.includes(`user=<${user}>`)).length;
}

/**
 * {@link logins} once Dovecot has written what earlier tests' sessions left to log: a login process writes
 * its "Disconnected … user=<…>" line when it is done, which came between a count and the next under load
 * (CI: 13 against 12).
 */
async function settledLogins(user: string): Promise<number> {
  let count = logins(user);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const again = logins(user);
    if (again === count) return count;
    count = again;
  }
}

async function withSession<T>(user: string, work: (session: ImapSession) => Promise<T>): Promise<T> {
  const session = await connectImap(settings(user));
  try {
    return await work(session);
  } finally {
    await session.close();
  }
}

async function collect(messages: AsyncIterable<ImapMessage>): Promise<ImapMessage[]> {
  const all: ImapMessage[] = [];
  for await (const message of messages) all.push(message);
  return all;
}

describe('connecting', () => {
  it('logs in over TLS from the first byte when the certificate is the pinned one', async () => {
    const session = await connectImap(settings(ADA));
    expect(session.certificate?.sha256).toBe(dovecot.certificateSha256);
    expect(session.certificate?.trusted).toBe(false);
    expect(session.capabilities).toEqual({ condstore: true, qresync: true });
    await session.close();
  });

  it('logs in over STARTTLS when the certificate is the pinned one', async () => {
    const session = await connectImap(settings(ADA, { port: dovecot.starttlsPort, security: 'starttls' }));
    expect(session.certificate?.sha256).toBe(dovecot.certificateSha256);
    await session.close();
  });

  it('accepts the pin written as plain lowercase hex', async () => {
    const hex = dovecot.certificateSha256.replaceAll(':', '').toLowerCase();
    const session = await connectImap(settings(ADA, { pinnedSha256: hex }));
    await session.close();
  });

  it.each([
    ['TLS', 'tls'],
    ['STARTTLS', 'starttls'],
  ] as const)(
    'refuses a self-signed certificate nobody accepted over %s, and reports its fingerprint',
    async (_, security) => {
      const port = security === 'tls' ? dovecot.implicitTlsPort : dovecot.starttlsPort;
      const loginsBefore = await settledLogins(ADA);
      const error = await failure(connectImap(settings(ADA, { port, security, pinnedSha256: undefined })));
      expect(error.kind).toBe('tls');
      expect(error.code).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
      expect(error.certificate?.sha256).toBe(dovecot.certificateSha256);
      expect(error.message).toContain(dovecot.certificateSha256);
      // Refused before login: the server never saw the password.
      expect(await settledLogins(ADA)).toBe(loginsBefore);
    },
  );

  it('refuses a certificate other than the pinned one', async () => {
    const other = 'AB:'.repeat(31).concat('AB');
    const error = await failure(connectImap(settings(ADA, { pinnedSha256: other })));
    expect(error.kind).toBe('tls');
    expect(error.message).toContain('not the one accepted');
    expect(error.certificate?.sha256).toBe(dovecot.certificateSha256);
  });

  it('says auth for a wrong password', async () => {
    const error = await failure(connectImap(settings(ADA, { password: 'not-the-app-password' })));
    expect(error.kind).toBe('auth');
    expect(error.code).toBe('AUTHENTICATIONFAILED');
    expect(error.message).not.toContain('not-the-app-password');
  });

  it('says tcp for a port nobody listens on', async () => {
    const error = await failure(connectImap(settings(ADA, { port: await freePort() })));
    expect(error.kind).toBe('tcp');
    expect(error.code).toBe('ECONNREFUSED');
  });

  it('says dns for a host that does not exist', async () => {
    // .invalid never resolves (RFC 6761 §6.4).
    const error = await failure(connectImap(settings(ADA, { host: 'imap.trove-test.invalid' })));
    expect(error.kind).toBe('dns');
  });

  it('says tls, and hints at STARTTLS, for TLS to the plain-text port', async () => {
    const error = await failure(connectImap(settings(ADA, { port: dovecot.starttlsPort, security: 'tls' })));
    expect(error.kind).toBe('tls');
    expect(error.message).toContain('STARTTLS');
  });

  it('dials the addresses the lookup hook gives, so an address policy sees every connect', async () => {
    const asked: string[] = [];
    const session = await connectImap(
      settings(ADA, {
        host: 'mail.ada.example.test',
        lookup: (hostname, options, callback) => {
          asked.push(hostname);
          lookup('127.0.0.1', options, callback);
        },
      }),
    );
    expect(asked).toEqual(['mail.ada.example.test']);
    await session.close();
  });

  it('the test run lists the folders and the certificate', async () => {
    const result = await testImapConnection(
      settings(ADA, { port: dovecot.starttlsPort, security: 'starttls' }),
    );
    expect(result.folders.map((folder) => folder.path)).toContain('INBOX');
    expect(result.certificate?.sha256).toBe(dovecot.certificateSha256);
  });
});

describe('folders', () => {
  it('lists every folder, selected by default unless flagged Trash, Junk or Drafts, with UTF-7 names decoded', async () => {
    const folders = await withSession(ADA, (session) => session.listFolders());
    const byPath = Object.fromEntries(
      folders.map((folder) => [folder.path, [folder.specialUse ?? null, folder.selectedByDefault]]),
    );
    expect(byPath).toEqual({
      INBOX: [null, true],
      Sent: ['\\Sent', true],
      Archive: ['\\Archive', true],
      Drafts: ['\\Drafts', false],
      Trash: ['\\Trash', false],
      Junk: ['\\Junk', false],
      // "Caf&AOk-" on the wire (RFC 3501 §5.1.3).
      Café: [null, true],
      // Named like junk, but the server does not flag it: the flag decides, not the name.
      Spam: [null, true],
    });
  });

  it('reports UIDVALIDITY, UIDNEXT, HIGHESTMODSEQ and the count, for a UTF-7 folder too', async () => {
    await withSession(ADA, async (session) => {
      const inbox = await session.folderStatus('INBOX');
      expect(inbox.messages).toBe(adaFolders.INBOX?.length);
      expect(inbox.uidNext).toBe((adaFolders.INBOX?.at(-1) ?? 0) + 1);
      expect(inbox.uidValidity).toBeGreaterThan(0);
      expect(inbox.highestModseq).toBeGreaterThan(0n);
      const cafe = await session.folderStatus('Café');
      expect(cafe.messages).toBe(5);
      expect(cafe.uidValidity).not.toBe(inbox.uidValidity);
    });
  });

  it('says protocol, code NONEXISTENT, for a folder that is gone', async () => {
    const error = await failure(withSession(ADA, (session) => collect(session.fetchSince('Gone', 0, 10))));
    expect(error.kind).toBe('protocol');
    expect(error.code).toBe('NONEXISTENT');
  });
});

describe('reading messages', () => {
  it('fetches 50 messages in UID order with their sizes, Message-IDs and sources', async () => {
    const sent = corpusMessages('easy-ham', 50);
    const messages = await withSession(ADA, (session) => collect(session.fetchSince('INBOX', 0, 50)));
    expect(messages.map((message) => message.uid)).toEqual(adaFolders.INBOX?.slice(0, 50));
    messages.forEach((message, index) => {
      const eml = sent[index] ?? Buffer.alloc(0);
      expect(message.size).toBe(eml.length);
      expect(message.source.equals(eml)).toBe(true);
      expect(message.truncated).toBe(false);
      const header = /^message-id:\s*(<[^>]+>)/im.exec(eml.toString('latin1'))?.[1];
      expect(message.messageId).toBe(header);
      expect(message.flags).toEqual([]);
      expect(message.internalDate).toBeInstanceOf(Date);
    });
  });

  it('continues after the last UID it was given, a batch at a time', async () => {
    await withSession(ADA, async (session) => {
      const first = await collect(session.fetchSince('INBOX', 0, 25));
      const lastUid = first.at(-1)?.uid ?? 0;
      const next = await collect(session.fetchSince('INBOX', lastUid, 1000));
      expect([...first, ...next].map((message) => message.uid)).toEqual(adaFolders.INBOX);
      expect(await collect(session.fetchSince('INBOX', adaFolders.INBOX?.at(-1) ?? 0, 10))).toEqual([]);
    });
  });

  it('reading does not mark mail as read', async () => {
    await withSession(ADA, async (session) => {
      await collect(session.fetchSince('Café', 0, 10));
      const again = await collect(session.fetchSince('Café', 0, 10));
      expect(again.every((message) => !message.flags.includes('\\Seen'))).toBe(true);
    });
  });
});

describe('changes since a checkpoint', () => {
  it('sees a flag change through CONDSTORE', async () => {
    await withSession(GRACE, async (session) => {
      const before = await session.folderStatus('INBOX');
      const uids = (await session.listUids('INBOX')).uids;
      const flagged = uids[3] ?? 0;
      await dovecot.session(GRACE, async (client) => {
        await client.mailboxOpen('INBOX');
        await client.messageFlagsAdd(String(flagged), ['\\Flagged', '\\Seen'], { uid: true });
      });
      const delta = await session.changedSince('INBOX', {
        uidValidity: before.uidValidity,
        highestModseq: before.highestModseq ?? 0n,
      });
      expect(delta.uidValidityChanged).toBe(false);
      if (delta.uidValidityChanged) return;
      expect(delta.items.map((change) => [change.uid, change.flags])).toEqual([
        [flagged, ['\\Flagged', '\\Seen']],
      ]);
      expect(delta.highestModseq).toBeGreaterThan(before.highestModseq ?? 0n);
    });
  });

  it('sees an expunge through QRESYNC VANISHED and through the UID list compare', async () => {
    await withSession(GRACE, async (session) => {
      const before = await session.folderStatus('INBOX');
      const known = await session.listUids('INBOX');
      const expunged = known.uids[5] ?? 0;
      await dovecot.session(GRACE, async (client) => {
        await client.mailboxOpen('INBOX');
        await client.messageDelete(String(expunged), { uid: true });
      });
      const delta = await session.vanishedSince('INBOX', {
        uidValidity: before.uidValidity,
        highestModseq: before.highestModseq ?? 0n,
      });
      expect(delta).toMatchObject({ uidValidityChanged: false, items: [expunged] });
      const now = await session.listUids('INBOX');
      expect(now.uidValidity).toBe(known.uidValidity);
      expect(uidsGone(known.uids, now.uids)).toEqual([expunged]);
    });
  });

  it('says the UIDVALIDITY changed instead of giving a delta for a folder made anew', async () => {
    await dovecot.createFolder(GRACE, 'Projects');
    await dovecot.addMessages(GRACE, 'Projects', corpusMessages('hard-ham', 2));
    await withSession(GRACE, async (session) => {
      const before = await session.folderStatus('Projects');
      await dovecot.session(GRACE, async (client) => {
        await client.mailboxDelete('Projects');
        await client.mailboxCreate('Projects');
      });
      const since = { uidValidity: before.uidValidity, highestModseq: before.highestModseq ?? 0n };
      const changed = await session.changedSince('Projects', since);
      expect(changed.uidValidityChanged).toBe(true);
      expect(await session.vanishedSince('Projects', since)).toMatchObject({ uidValidityChanged: true });
    });
  });
});

describe('a 20 MB message', () => {
  const mib = 1024 * 1024;
  let large: Buffer;
  let uid: number;

  beforeAll(async () => {
    // 15 MiB of attachment is 20 MiB of base64, in 76-character lines (RFC 2045 §6.8).
    const attachment = randomBytes(15 * mib)
      .toString('base64')
      .replace(/.{76}/g, '$&\r\n');
    large = Buffer.from(
      [
        'From: Grace <grace@example.test>',
        'To: Ada <ada@example.test>',
        'Subject: The scans',
        'Message-ID: <scans-20mb@example.test>',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="b"',
        '',
        '--b',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'All the scans, attached.',
        '--b',
        'Content-Type: application/octet-stream; name="scans.bin"',
        'Content-Transfer-Encoding: base64',
        'Content-Disposition: attachment; filename="scans.bin"',
        '',
        attachment,
        '--b--',
        '',
      ].join('\r\n'),
    );
    await dovecot.createFolder(GRACE, 'Large');
    [uid = 0] = await dovecot.addMessages(GRACE, 'Large', [large]);
  }, testTime(60_000));
  it('is fetched whole into one buffer, with memory growing by about its size', async () => {
    expect(large.length).toBeGreaterThan(20 * mib);
    await withSession(GRACE, async (session) => {
      const before = process.memoryUsage();
      let peak = 0;
      let fetched: ImapMessage | undefined;
      for await (const message of session.fetchSince('Large', 0, 10)) {
        peak = Math.max(peak, process.memoryUsage().rss - before.rss);
        fetched = message;
      }
      expect(fetched?.uid).toBe(uid);
      expect(fetched?.size).toBe(large.length);
      expect(fetched?.messageId).toBe('<scans-20mb@example.test>');
      expect(fetched?.truncated).toBe(false);
      expect(fetched?.source.equals(large)).toBe(true);
      // Buffered, not streamed: the message plus the parser's chunks of it (44 MB of RSS for these 20.5 MB
      // when measured), well inside the sync worker's 300 MB (issue 21, "Bench").
      expect(peak).toBeLessThan(5 * large.length);
    });
  });

  it('is cut at maxMessageBytes and marked truncated', async () => {
    const session = await connectImap(settings(GRACE, { maxMessageBytes: mib }));
    try {
      const [message] = await collect(session.fetchSince('Large', 0, 10));
      expect(message?.size).toBe(large.length);
      expect(message?.source.length).toBe(mib);
      expect(message?.source.equals(large.subarray(0, mib))).toBe(true);
      expect(message?.truncated).toBe(true);
    } finally {
      await session.close();
    }
  });
});
