import { SOURCE_FOLDERS_MAX } from '@trove/contracts';
import { testTime } from '@trove/service-core/testing/time';
import { SourceResponseSchema } from '@trove/contracts';
import {
  type SourcesTestService,
  startSourcesTestService,
} from '../../../../../infra/src/testing/sources-and-search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectImap, type ImapConnectionSettings, ImapError, type ImapMessage } from './imap-client';
import { runImapSync as runImapSyncOnly } from './index';
import { type Dovecot, startDovecot } from './testing/dovecot';
import { corpusMessages } from './testing/spam-assassin';
import { type HostileImap, startHostileImap } from './testing/hostile-imap';

// Issue 34 item 3: an IMAP server's answers are bounded as they are read. A hostile server (testing/hostile-imap.ts)
// announces a 300 MB literal and offers compression; a real Dovecot holds large messages for the batch by bytes.

const GRACE = 'grace@example.test';
const mib = 1024 * 1024;

let hostile: HostileImap;
let polite: HostileImap;
let dovecot: Dovecot;
let service: SourcesTestService;

/** One sync run, then what it handed over taken into the index (the search service's drain). */
async function runImapSync(...args: Parameters<typeof runImapSyncOnly>) {
  const result = await runImapSyncOnly(...args);
  await service.search.drainIntake();
  return result;
}

const at = (
  server: HostileImap,
  overrides: Partial<ImapConnectionSettings> = {},
): ImapConnectionSettings => ({
  host: server.host,
  port: server.port,
  security: 'tls',
  username: 'ada',
  password: 'secret',
  pinnedSha256: server.certificateSha256,
  maxMessageBytes: mib,
  ...overrides,
});

beforeAll(async () => {
  [hostile, polite, dovecot, service] = await Promise.all([
    startHostileImap('huge-literal'),
    startHostileImap('polite', { folders: SOURCE_FOLDERS_MAX + 500 }),
    startDovecot(),
    startSourcesTestService({ sources: { allowedHosts: '127.0.0.1', concurrency: 0 } }),
  ]);
}, testTime(120_000));

afterAll(async () => {
  await Promise.all([hostile?.stop(), polite?.stop(), dovecot?.stop(), service?.close()]);
});

describe('a hostile server', () => {
  it('is dropped at a literal larger than a message can be, before it is read', async () => {
    const error = await connectImap(at(hostile)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImapError);
    expect((error as ImapError).kind).toBe('protocol');
    expect((error as Error).message).toMatch(/sent more than a message can hold/);
    // What was in flight when the client hung up; the literal was 300 MB.
    expect(hostile.literalBytesSent()).toBeLessThan(32 * mib);
  });

  it('is never asked for compression', async () => {
    const session = await connectImap(at(polite));
    await session.close();
    expect(polite.commands()).toContain('LOGIN');
    expect(polite.commands()).not.toContain('COMPRESS');
  });

  it('lists no more folders than a source can choose', async () => {
    const session = await connectImap(at(polite));
    try {
      const folders = await session.listFolders();
      expect(folders).toHaveLength(SOURCE_FOLDERS_MAX);
    } finally {
      await session.close();
    }
  });
});

describe('a batch', () => {
  it('is sized by the messages’ bytes before a body is read', async () => {
    const large = (n: number) =>
      Buffer.from(
        [
          'From: Grace <grace@example.test>',
          `Subject: Large ${n}`,
          `Message-ID: <large-${n}@example.test>`,
          '',
          ...Array.from({ length: (2 * mib) / 64 }, () => String(n).repeat(62)),
          '',
        ].join('\r\n'),
      );
    await dovecot.createFolder(GRACE, 'Heavy');
    const uids = await dovecot.addMessages(GRACE, 'Heavy', [large(1), large(2), large(3), large(4)]);
    const session = await connectImap({
      host: dovecot.host,
      port: dovecot.implicitTlsPort,
      security: 'tls',
      username: GRACE,
      password: dovecot.users.find((user) => user.name === GRACE)?.password ?? '',
      pinnedSha256: dovecot.certificateSha256,
    });
    const batch = async (after: number, bytes: number) => {
      const messages: ImapMessage[] = [];
      for await (const message of session.fetchSince('Heavy', after, 50, bytes)) messages.push(message);
      return messages.map((message) => message.uid);
    };
    try {
      // 2 MB each: 5 MB holds two, 1 MB still one (a batch always moves).
      expect(await batch(0, 5 * mib)).toEqual(uids.slice(0, 2));
      expect(await batch(0, mib)).toEqual(uids.slice(0, 1));
      expect(await batch(uids[1] ?? 0, 64 * mib)).toEqual(uids.slice(2));
    } finally {
      await session.close();
    }
  });
});

describe('documents per user', () => {
  it('stops a mailbox’s sync before the batch that would pass them, and says why', async () => {
    const ADA = 'ada@example.test';
    await dovecot.addMessages(ADA, 'INBOX', corpusMessages('easy-ham', 5, 300));
    const user = await service.signUp();
    const created = await service.request(user, '/api/v1/sources', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        kind: 'imap',
        settings: {
          email: ADA,
          host: dovecot.host,
          port: dovecot.implicitTlsPort,
          security: 'tls',
          username: ADA,
          pinned_certificate_sha256: dovecot.certificateSha256,
        },
        password: dovecot.users.find((candidate) => candidate.name === ADA)?.password ?? '',
      }),
    });
    expect(created.status).toBe(201);
    const { id } = SourceResponseSchema.parse(await created.json()).source;
    const sources = service.sources;
    if (sources === undefined) throw new Error('the test service runs without sources');
    const result = await runImapSync(service.db, id, {
      secrets: sources.deps.secrets,
      reach: sources.deps.reach,
      logger: service.logs.logger,
      intervalMinutes: 15,
      batchSize: 2,
      documentsPerUser: 3,
    });
    expect(result).toBe('done');
    const source = SourceResponseSchema.parse(
      await (await service.request(user, `/api/v1/sources/${id}`)).json(),
    ).source;
    // Batches of 2: the first is stored (2 of 3), the second (4) would pass the bound and is not.
    expect(source.documents).toBe(2);
    expect(source.status).toMatchObject({
      state: 'needs_attention',
      problem: 'limit',
      reason: expect.stringMatching(/^Your sources hold 3 documents, the most one account keeps\./),
    });
  });
});
