import type { LookupFunction } from 'node:net';
import { READER_READY } from '../../database/reader-protocol';
import {
  classifyImapError,
  connectImap,
  ImapError,
  type ImapMessage,
  type ImapSession,
  testImapConnection,
} from './imap-client';
import { type ChildImapSettings, IMAP_CHILD_FLAG, type ImapCall, type ImapReply } from './imap-protocol';

// The child side of a mailbox session (issue 34 item 3; docs/decisions/200-imap-in-a-child-and-streamed-sqlite-files.md):
// one session at a time, opened by "connect" (or a whole "test"), driven call by call until "close"; then the
// next (reader-pool.ts). It holds nothing of the service's: no database, no secrets key; the password comes in
// the connect message and lives as long as the session. The parent resolved and checked the host; this dials
// that address only, while TLS still names the host.

function withLookup(settings: ChildImapSettings) {
  const { address, family, ...rest } = settings;
  const lookup = ((_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as LookupFunction;
  return { ...rest, lookup };
}

async function fetchBatch(
  session: ImapSession,
  call: Extract<ImapCall, { op: 'fetch' }>,
): Promise<ImapMessage[]> {
  const batch: ImapMessage[] = [];
  for await (const message of session.fetchSince(call.path, call.lastUid, call.batch, call.maxBytes))
    batch.push(message);
  return batch;
}

async function answer(session: ImapSession | undefined, call: ImapCall): Promise<unknown> {
  if (session === undefined) throw new ImapError('protocol', 'The mailbox session is not open.');
  switch (call.op) {
    case 'listFolders':
      return session.listFolders();
    case 'folderStatus':
      return session.folderStatus(call.path);
    case 'fetch':
      return fetchBatch(session, call);
    case 'vanishedSince':
      return session.vanishedSince(call.path, call.since);
    case 'listUids':
      return session.listUids(call.path);
    default:
      throw new ImapError('protocol', `Unknown call ${call.op}.`);
  }
}

function runImapChild(): void {
  let session: Promise<ImapSession> | undefined;
  const reply = (message: ImapReply) => process.send?.(message);
  const fail = (id: number, error: unknown) => {
    const failure = error instanceof ImapError ? error : classifyImapError(error);
    reply({
      id,
      ok: false,
      kind: failure.kind,
      message: failure.message,
      code: failure.code,
      certificate: failure.certificate,
    });
  };
  const closeSession = async () => {
    const open = session;
    session = undefined;
    await (await open?.catch(() => undefined))?.close().catch(() => undefined);
  };
  process.on('message', (call: ImapCall) => {
    if (call.op === 'close') {
      void closeSession().then(() => reply({ id: call.id, ok: true, value: null }));
      return;
    }
    if (call.op === 'test') {
      void closeSession()
        .then(() => testImapConnection(withLookup(call.settings)))
        .then(
          (value) => reply({ id: call.id, ok: true, value }),
          (error: unknown) => fail(call.id, error),
        );
      return;
    }
    if (call.op === 'connect') {
      const opening = closeSession().then(() => connectImap(withLookup(call.settings)));
      session = opening;
      opening.then(
        (opened) => reply({ id: call.id, ok: true, value: { capabilities: opened.capabilities } }),
        (error: unknown) => fail(call.id, error),
      );
      return;
    }
    const open = session;
    if (open === undefined)
      return fail(call.id, new ImapError('protocol', 'The mailbox session is not open.'));
    open
      .then((opened) => answer(opened, call))
      .then(
        (value) => reply({ id: call.id, ok: true, value }),
        (error: unknown) => fail(call.id, error),
      );
  });
  // The parent's signals are its own to act on; it stops this child by SIGKILL.
  process.on('SIGTERM', () => undefined);
  process.on('SIGINT', () => undefined);
  process.once('disconnect', () => void closeSession().then(() => process.exit(0)));
  process.send?.(READER_READY);
}

if (process.argv[2] === IMAP_CHILD_FLAG && process.send !== undefined) runImapChild();
