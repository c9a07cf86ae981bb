import type { DatabaseConnection, DatabaseProblem, DatabaseServerKind } from '@trove/contracts';
import type { PageRequest } from './bounded-rows';
import type { DatabaseLimits, RowPosition, RowSource } from './database-reader';

// The messages between a sandboxed reader and its child (reader-sandbox.ts, reader-child.ts).

/** argv[2] of the child, so importing its module elsewhere never starts a loop. */
export const READER_CHILD_FLAG = '--trove-source-reader';

/** The child's first message: its code is loaded and it listens (the wall clock starts after it). */
export const READER_READY = 'ready';

/** What a sandboxed reader opens: a server with its password, or a SQLite file on disk. */
export type SandboxTarget =
  | { kind: DatabaseServerKind; connection: DatabaseConnection; password: string }
  | { kind: 'sqlite'; path: string };

/** The open message: a server at the address the parent checked, or a file. */
export interface ReaderOpen {
  id: number;
  op: 'open';
  limits: DatabaseLimits;
  target:
    | { kind: DatabaseServerKind; connection: DatabaseConnection; password: string; address: string }
    | { kind: 'sqlite'; path: string };
}

/** A reader's call, without the id that pairs it with its reply. */
export type ReaderCallBody =
  | { op: 'listTables' }
  | { op: 'columns'; from: RowSource }
  | { op: 'rows'; from: RowSource; request: PageRequest }
  | { op: 'count'; from: RowSource; position: RowPosition }
  | { op: 'ids'; from: RowSource; idColumn: string; after: string | null; limit: number };

export type ReaderCall = { id: number } & ReaderCallBody;

export type ReaderReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; problem: DatabaseProblem; message: string };
