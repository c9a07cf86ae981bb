import { type ImapSettings, ImapSettingsSchema } from '@trove/contracts';
import type { DatabaseHandle, Logger, SecretBox } from '@trove/service-core';
import type { ImapFolder } from './imap-client';
import { connectImapSource, describeFailure, testImapSource } from './imap-source';
import { RETRIED_PROBLEMS } from '../../source-status';
import { DATABASE_DEFAULTS, type SourceReach } from '../../source-settings';
import type { SyncRunResult } from '../../source-jobs';
import { runSourceSync, type SourceSyncOptions } from '../../source-sync';
import type { ImapTuning, SourceKind } from '../source-kind';
import { imapSteps } from './imap-steps';

// A mailbox over IMAP (issue 21): the kind object the registry holds. The client, its bounds and its words are
// here too (imap-client.ts, imap-source.ts); the sync's steps in imap-steps.ts.

export const imapKind: SourceKind<ImapSettings, never, ImapFolder, 'imap'> = {
  name: 'imap',
  settings: ImapSettingsSchema,
  itemNoun: { one: 'message', many: 'messages' },
  password: 'required',
  connectionFields: { host: 'host', port: 'port', security: 'security', username: 'user name' },
  // A new folder list reads the new folders from the start and forgets the others; nothing else starts over.
  restartFields: [],
  host: (settings) => settings.host,
  fileId: () => null,
  defaultName: (settings) => settings.email,
  describe: (base, settings) => ({ ...base, kind: 'imap', settings }),
  test: {
    answer: 'test',
    run: (context, settings, password) =>
      testImapSource(ImapSettingsSchema.parse(settings), password, context),
  },
  async discover(context, settings, password) {
    const session = await connectImapSource(settings, password, context);
    try {
      // Cut to SOURCE_FOLDERS_MAX by the client (docs/decisions/081-bounded-database-reads.md, "IMAP").
      return await session.listFolders();
    } finally {
      await session.close();
    }
  },
  sync: imapSteps,
  // Deletions come from QRESYNC's VANISHED or a per-folder UID compare, as steps (imap-steps.ts).
  describeFailure: (error, settings) => describeFailure(error, settings),
  retried: RETRIED_PROBLEMS,
};

/** A mailbox's sync options, as the tests and start-sources.ts give them. */
export interface ImapSyncOptions extends ImapTuning {
  secrets: SecretBox;
  reach: SourceReach;
  logger: Logger;
  intervalMinutes: number;
  syncsPerUser?: number;
  documentsPerUser?: number;
  now?: () => Date;
  onStored?: () => void;
  afterBatch?: SourceSyncOptions['afterBatch'];
}

/** One run of a mailbox's sync through the life cycle (tests run it without the queue). */
export function runImapSync(
  db: DatabaseHandle,
  sourceId: string,
  options: ImapSyncOptions,
): Promise<SyncRunResult> {
  const { batchSize, uidCompareMinutes, qresync, reach, ...rest } = options;
  return runSourceSync(
    db,
    sourceId,
    { imap: imapKind },
    {
      ...rest,
      context: { reach, databases: DATABASE_DEFAULTS, imap: { batchSize, uidCompareMinutes, qresync } },
    },
  );
}
