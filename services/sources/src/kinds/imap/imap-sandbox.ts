import { type ChildChannel, openChildChannel } from '../../database/child-channel';
import type { ChildScript } from '../../database/reader-pool';
import type { RunnerSettings } from '../../database/reader-sandbox';
import {
  type FolderCheckpoint,
  type FolderDelta,
  type FolderStatus,
  ImapError,
  type ImapFolder,
  type ImapMessage,
  type ImapSession,
  type PresentedCertificate,
} from './imap-client';
import {
  type ChildImapSettings,
  IMAP_CHILD_FLAG,
  type ImapCallBody,
  type ImapFailureReply,
} from './imap-protocol';

// Every IMAP session of a source — its test, its folder list, its sync — runs in a child process (issue 34 item 3;
// docs/decisions/200-imap-in-a-child-and-streamed-sqlite-files.md), as every database read does (ADR 082): the
// child has a V8 heap of SOURCE_RUN_MEMORY_MB and its resident memory is held to it; each call (connect, a
// folder's status, a batch of messages, a deletion check) has SOURCE_RUN_TIMEOUT_S. Past either the child is
// killed and the session fails as problem `limit`, in words. imapflow's own bounds (maxLiteralSize,
// maxLineLength, maxResponseSize, no compression, batches sized by RFC822.SIZE) still hold inside it.

export const IMAP_SCRIPT: ChildScript = {
  module: new URL('./imap-child.ts', import.meta.url),
  flag: IMAP_CHILD_FLAG,
  serialization: 'advanced',
};

/** What the sync's steps use of a session (imap-steps.ts): the client's, served by the child. */
export type MailboxSession = Pick<
  ImapSession,
  'capabilities' | 'listFolders' | 'folderStatus' | 'fetchSince' | 'vanishedSince' | 'listUids' | 'close'
>;

/** The child's failure as the client's error, with its certificate for a "trust it" answer. */
const failureOf = (reply: ImapFailureReply) =>
  new ImapError(reply.kind, reply.message, { code: reply.code, certificate: reply.certificate });

async function mailboxChannel(settings: ChildImapSettings, runner: RunnerSettings): Promise<ChildChannel> {
  const seconds = Math.round(runner.timeoutMs / 1000);
  const what = `The mailbox at ${settings.host}`;
  return openChildChannel(
    IMAP_SCRIPT,
    runner,
    {
      tooSlow: () =>
        new ImapError(
          'limit',
          `${what} took longer than ${seconds} s to answer, and reading it was stopped.`,
        ),
      tooMuchMemory: () =>
        new ImapError(
          'limit',
          `${what} sent more than ${runner.memoryMb} MB to hold at once, and reading it was stopped.`,
        ),
      stopped: () => new ImapError('protocol', `${what} could not be read: its reader stopped.`),
      notStarted: () => new ImapError('protocol', `${what} could not be read: its reader did not start.`),
      closed: () => new ImapError('protocol', `${what}: the session is closed.`),
    },
    (reply) => failureOf(reply as ImapFailureReply),
  );
}

/** A Buffer again, whichever way the structured clone gave the bytes back. */
const asBuffer = (bytes: Uint8Array) =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Connects and logs in, in a child; the session's every call is bounded by the runner. */
export async function connectSandboxedImap(
  settings: ChildImapSettings,
  runner: RunnerSettings,
): Promise<MailboxSession> {
  const channel = await mailboxChannel(settings, runner);
  const call = <T>(message: ImapCallBody) => channel.call<T>(message);
  const close = () => channel.close({ op: 'close' });
  const opened = await call<{ capabilities: { condstore: boolean; qresync: boolean } }>({
    op: 'connect',
    settings,
  }).catch(async (error: unknown) => {
    await close();
    throw error;
  });
  return {
    capabilities: opened.capabilities,
    listFolders: () => call<ImapFolder[]>({ op: 'listFolders' }),
    folderStatus: (path) => call<FolderStatus>({ op: 'folderStatus', path }),
    async *fetchSince(path, lastUid, batch, maxBytes = Number.POSITIVE_INFINITY) {
      const messages = await call<ImapMessage[]>({ op: 'fetch', path, lastUid, batch, maxBytes });
      for (const message of messages) yield { ...message, source: asBuffer(message.source) };
    },
    vanishedSince: (path: string, since: FolderCheckpoint) =>
      call<FolderDelta<number>>({ op: 'vanishedSince', path, since }),
    listUids: (path) => call<{ uidValidity: number; uids: number[] }>({ op: 'listUids', path }),
    close,
  };
}

/** "Test" in a child: connect, log in, list the folders, log out. */
export async function testSandboxedImap(
  settings: ChildImapSettings,
  runner: RunnerSettings,
): Promise<{ folders: ImapFolder[]; certificate: PresentedCertificate | undefined }> {
  const channel = await mailboxChannel(settings, runner);
  try {
    return await channel.call<{ folders: ImapFolder[]; certificate: PresentedCertificate | undefined }>({
      op: 'test',
      settings,
    } satisfies ImapCallBody);
  } finally {
    await channel.close({ op: 'close' });
  }
}
