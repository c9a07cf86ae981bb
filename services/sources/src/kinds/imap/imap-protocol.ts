import type {
  FolderCheckpoint,
  ImapConnectionSettings,
  ImapErrorKind,
  PresentedCertificate,
} from './imap-client';

// The messages between a mailbox session in the service and its child (imap-sandbox.ts, imap-child.ts;
// docs/decisions/200-imap-in-a-child-and-streamed-sqlite-files.md). They travel with V8's structured clone
// ('advanced'): a message's bytes as bytes, a modseq as a bigint, a date as a date.

/** argv[2] of the child, so importing its module elsewhere never starts a loop. */
export const IMAP_CHILD_FLAG = '--trove-source-mailbox';

/** Where and as whom the child connects: the address the service checked, never a name to resolve again. */
export type ChildImapSettings = Omit<ImapConnectionSettings, 'lookup'> & { address: string; family: number };

/** A session's call, without the id that pairs it with its reply. */
export type ImapCallBody =
  | { op: 'connect'; settings: ChildImapSettings }
  | { op: 'test'; settings: ChildImapSettings }
  | { op: 'listFolders' }
  | { op: 'folderStatus'; path: string }
  | { op: 'fetch'; path: string; lastUid: number; batch: number; maxBytes: number }
  | { op: 'vanishedSince'; path: string; since: FolderCheckpoint }
  | { op: 'listUids'; path: string }
  | { op: 'close' };

export type ImapCall = { id: number } & ImapCallBody;

/** A failure in the child, as the client classified it. */
export interface ImapFailureReply {
  id: number;
  ok: false;
  kind: ImapErrorKind;
  message: string;
  code?: string | undefined;
  certificate?: PresentedCertificate | undefined;
}

export type ImapReply = { id: number; ok: true; value: unknown } | ImapFailureReply;
