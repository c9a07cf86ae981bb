import { testTime } from '@trove/service-core/testing/time';
import { randomBytes } from 'node:crypto';
import { SourceResponseSchema } from '@trove/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SourcesTestService,
  startSourcesTestService,
  testDb,
} from '../../../../../infra/src/testing/sources-and-search';
import { connectImap } from './imap-client';
import { runImapSync as runImapSyncOnly } from './index';
import { ALL_MAIL_FOLDER, type Dovecot, startDovecot } from './testing/dovecot';

// Gmail's All Mail (issue 21, "Folders"): a folder flagged \All that shows every message of the others again.
// Read by default, each message would be found twice — and one in All Mail and INBOX moved back and forth between
// them on every sync. The default skips it by its flag, as it skips Trash, Junk and Drafts. A real Dovecot
// virtual folder, flagged \All, over the user's other folders.

const ADA = { name: 'ada@example.test', password: `app-password-ada-${randomBytes(4).toString('hex')}` };

let dovecot: Dovecot;
let service: SourcesTestService;

/** One sync run, then what it handed over taken into the index (the search service's drain). */
async function runImapSync(...args: Parameters<typeof runImapSyncOnly>) {
  const result = await runImapSyncOnly(...args);
  await service.search.drainIntake();
  return result;
}

beforeAll(async () => {
  [dovecot, service] = await Promise.all([
    startDovecot({ users: [ADA], allMail: true }),
    startSourcesTestService({ sources: { allowedHosts: '127.0.0.1', concurrency: 0 } }),
  ]);
}, testTime(120_000));
afterAll(async () => {
  await Promise.all([service?.close(), dovecot?.stop()]);
});

describe('All Mail (\\All)', () => {
  it('is listed with its flag, holds every message again, and is not read by default', async () => {
    const uids = await dovecot.fillMailbox(ADA.name, { INBOX: 8, Archive: 4, Sent: 2, Trash: 2 });
    const session = await connectImap({
      host: dovecot.host,
      port: dovecot.implicitTlsPort,
      security: 'tls',
      username: ADA.name,
      password: ADA.password,
      pinnedSha256: dovecot.certificateSha256,
    });
    try {
      const folders = await session.listFolders();
      expect(folders.find((folder) => folder.path === ALL_MAIL_FOLDER)).toMatchObject({
        specialUse: '\\All',
        selectedByDefault: false,
      });
      // The duplicates the default avoids: every message of every other folder, again.
      const everywhere = Object.values(uids).reduce((sum, list) => sum + list.length, 0);
      expect((await session.folderStatus(ALL_MAIL_FOLDER)).messages).toBe(everywhere);
    } finally {
      await session.close();
    }

    const user = await service.signUp();
    const created = await service.request(user, '/api/v1/sources', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        kind: 'imap',
        settings: {
          email: ADA.name,
          host: dovecot.host,
          port: dovecot.implicitTlsPort,
          security: 'tls',
          username: ADA.name,
          pinned_certificate_sha256: dovecot.certificateSha256,
        },
        password: ADA.password,
      }),
    });
    expect(created.status).toBe(201);
    const sourceId = SourceResponseSchema.parse(await created.json()).source.id;
    const deps = service.sources;
    if (deps === undefined) throw new Error('the test service runs without sources');
    const sync = () =>
      runImapSync(service.db, sourceId, {
        secrets: deps.deps.secrets,
        reach: deps.deps.reach,
        logger: service.logs.logger,
        intervalMinutes: 15,
      });
    expect(await sync()).toBe('done');
    // A second sync finds nothing to move: no message flips between a folder and All Mail.
    expect(await sync()).toBe('done');

    const stored = await testDb(service.db)
      .selectFrom('source_documents')
      .innerJoin('documents', 'documents.id', 'source_documents.document_id')
      .select(['source_documents.folder', 'documents.name'])
      .where('source_documents.source_id', '=', sourceId)
      .execute();
    const perFolder = (folder: string) => stored.filter((row) => row.folder === folder).length;
    expect(perFolder('INBOX')).toBe(8);
    expect(perFolder('Archive')).toBe(4);
    expect(perFolder('Sent')).toBe(2);
    expect(perFolder(ALL_MAIL_FOLDER)).toBe(0);
    expect(perFolder('Trash')).toBe(0);
    expect(stored).toHaveLength(14);
    expect(stored.every((row) => !row.name.startsWith(ALL_MAIL_FOLDER))).toBe(true);
  });
});
