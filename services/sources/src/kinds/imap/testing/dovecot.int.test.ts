import { testTime } from '@trove/service-core/testing/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectImap, type ImapConnectionSettings, ImapError } from '../imap-client';
import { type Dovecot, startDovecot } from './dovecot';
import { corpusMessages } from './spam-assassin';

// The harness itself, for the sync tests that lean on it: a crash keeps the mail, a restart serves it on
// the same ports, and stop leaves no process behind.

const ADA = 'ada@example.test';

let dovecot: Dovecot;

beforeAll(async () => {
  dovecot = await startDovecot();
}, testTime(60_000));
afterAll(async () => {
  await dovecot?.stop();
});

function settings(): ImapConnectionSettings {
  return {
    host: dovecot.host,
    port: dovecot.implicitTlsPort,
    security: 'tls',
    username: ADA,
    password: dovecot.users[0]?.password ?? '',
    pinnedSha256: dovecot.certificateSha256,
  };
}

describe('the Dovecot harness', () => {
  it('appends in the order given and says which UIDs the messages got', async () => {
    const uids = await dovecot.addMessages(ADA, 'Archive', corpusMessages('hard-ham', 3));
    expect(uids).toEqual([1, 2, 3]);
  });

  it('after a kill the server is down, and a restart serves the same mail on the same ports', async () => {
    const session = await connectImap(settings());
    const before = await session.folderStatus('Archive');
    await session.close();

    await dovecot.kill();
    const down = await connectImap(settings()).catch((error: unknown) => error);
    expect(down).toBeInstanceOf(ImapError);
    expect((down as ImapError).kind).toBe('tcp');

    await dovecot.restart();
    const again = await connectImap(settings());
    expect(await again.folderStatus('Archive')).toEqual(before);
    await again.close();
  });
});
