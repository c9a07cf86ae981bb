import { parseAllowedHosts } from '@trove/service-core';
import { classifyError, type DatabaseReader, openServerReader, openSqliteFile } from './database-reader';
import {
  READER_CHILD_FLAG,
  READER_READY,
  type ReaderCall,
  type ReaderOpen,
  type ReaderReply,
} from './reader-protocol';

// The child side of a sandboxed reader (reader-sandbox.ts; docs/decisions/082-sources-read-in-a-child.md): one
// reader at a time, opened by a message and driven call by call until "close"; then the next (reader-pool.ts). It
// holds nothing of the service's: no database pool, no secrets key, an environment of PATH alone; the password
// of a server comes in the open message and lives here only as long as the reader.

async function open(message: ReaderOpen): Promise<DatabaseReader> {
  if (message.target.kind === 'sqlite') return openSqliteFile(message.target.path, message.limits);
  const { address } = message.target;
  // The parent checked the host against SOURCE_ALLOWED_HOSTS and resolved it; the child dials that address only.
  const reach = {
    allowedHosts: parseAllowedHosts(address),
    lookup: async () => [{ address, family: address.includes(':') ? 6 : 4 }],
  };
  return openServerReader(
    message.target.kind,
    message.target.connection,
    message.target.password,
    reach,
    message.limits,
  );
}

async function answer(reader: DatabaseReader, call: ReaderCall): Promise<unknown> {
  switch (call.op) {
    case 'listTables':
      return reader.listTables();
    case 'columns':
      return reader.columns(call.from);
    case 'rows':
      return reader.rows(call.from, call.request);
    case 'count':
      return reader.count(call.from, call.position);
    case 'ids':
      return reader.ids(call.from, call.idColumn, call.after, call.limit);
  }
}

function runReaderChild(): void {
  let reader: Promise<DatabaseReader> | undefined;
  const reply = (message: ReaderReply) => process.send?.(message);
  const fail = (id: number, error: unknown) => {
    const failure = classifyError(error);
    reply({ id, ok: false, problem: failure.problem, message: failure.message });
  };
  /** Closes the reader open now, if any (its password goes with it). */
  const closeReader = async () => {
    const open = reader;
    reader = undefined;
    await (await open?.catch(() => undefined))?.close().catch(() => undefined);
  };
  process.on('message', (message: ReaderOpen | ReaderCall | { id: number; op: 'close' }) => {
    if (message.op === 'close') {
      void closeReader().then(() => reply({ id: message.id, ok: true, value: null }));
      return;
    }
    if (message.op === 'open') {
      // A child serves one reader at a time, one after another (reader-pool.ts).
      const opening = closeReader().then(() => open(message));
      reader = opening;
      opening.then(
        () => reply({ id: message.id, ok: true, value: null }),
        (error: unknown) => fail(message.id, error),
      );
      return;
    }
    const call = message;
    if (reader === undefined) return fail(call.id, new Error('The reader is not open.'));
    reader
      .then((opened) => answer(opened, call))
      .then(
        (value) => reply({ id: call.id, ok: true, value }),
        (error: unknown) => fail(call.id, error),
      );
  });
  // The parent's signals are its own to act on; it stops this child by SIGKILL.
  process.on('SIGTERM', () => undefined);
  process.on('SIGINT', () => undefined);
  // The parent went (or gave up on this child): nothing is left to serve.
  process.once('disconnect', () => void closeReader().then(() => process.exit(0)));
  process.send?.(READER_READY);
}

if (process.argv[2] === READER_CHILD_FLAG && process.send !== undefined) runReaderChild();
