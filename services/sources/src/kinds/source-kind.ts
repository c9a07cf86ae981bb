import type {
  DatabasePreviewResult,
  DocumentKind,
  Source,
  SourceKind as SourceKindName,
  SourceProblem,
  SourceTestResult,
} from '@trove/contracts';
import type { DatabaseHandle } from '@trove/service-core';
import type { z } from 'zod';
import type { SourceFileRow } from '../database/database-sources.repository';
import type { DatabaseSettings, SourceReach } from '../source-settings';
import type { AttentionDetail } from '../source-status';
import type { GitTuning } from './git/git-settings';
import type { WebdavTuning } from './webdav/webdav-settings';

// One connector interface (issue 34 item 2; docs/decisions/084-one-source-kind-interface.md). A source kind is
// one folder, `kinds/<kind>/`, exporting one object checked against `SourceKind`; the registry
// (`kinds/registry.ts`) is a Record over contracts' kind names, so a kind the wire knows and the service does not
// is a type error. Everything around a kind — the lock, the card's status, the back-off, each batch's
// transaction with its checkpoint, deletions, pause and removal, the user's documents bound — is the sync life
// cycle's (`source-sync.ts`), written once.

export type { SourceKindName };

/** What a kind may use to reach its system: the host guard's settings and every kind's tuning. */
export interface SourceContext {
  /** SOURCE_ALLOWED_HOSTS, the guard's DNS and the connect timeout: every connection goes through them. */
  reach: SourceReach;
  /** The SOURCE_DB_* and SOURCE_RUN_* settings. */
  databases: DatabaseSettings;
  /** A mailbox's tuning (tests set smaller batches, or turn QRESYNC off). */
  imap: ImapTuning;
  /** A file share's and a Git repository's bounds (issue 43): each kind's defaults where unset. */
  webdav?: Partial<WebdavTuning> | undefined;
  git?: Partial<GitTuning> | undefined;
  /** The service's database: files a kind reads (an uploaded SQLite file), never another user's rows. */
  db: DatabaseHandle;
  now(): Date;
}

export interface ImapTuning {
  /** Messages a batch starts with (each batch is one transaction); fewer when messages are large. */
  batchSize?: number | undefined;
  /** Without QRESYNC, how often a folder's UIDs are compared with the server's to find deletions. */
  uidCompareMinutes?: number | undefined;
  /** Use QRESYNC where the server has it (default); false finds deletions by the UID compare alone. */
  qresync?: boolean | undefined;
}

/** A saved source as its kind sees it: settings parsed by the kind's schema, the password opened. */
export interface SavedSource<Settings> {
  id: string;
  userId: string;
  settings: Settings;
  /** '' for a kind without one. */
  password: string;
}

/** One run of a sync, handed to the kind. */
export interface SyncRun<Settings, Checkpoint> {
  source: SavedSource<Settings>;
  /** What the last stored batch's `checkpoint` was (sources.checkpoint); null on a first sync. */
  checkpoint: Checkpoint | null;
  context: SourceContext;
  /**
   * Reads on the sync's own connection (it holds the source's lock): identities and the kind's own tables. Writes
   * belong in a step's `write`, which runs inside the batch's transaction.
   */
  db: DatabaseHandle;
  /** What the run opened (a reader, a session) is closed by the life cycle once `listIds` has run too. */
  closeAfter(close: () => Promise<void>): void;
}

/**
 * An item as a kind hands it over, raw: its key in the source (a calendar event's UID, a file's path, a commit's
 * hash), its bytes and what they are. The life cycle hands it to the index through the intake (the search
 * service makes it a document with an extraction job), skips it when the same key came with the same bytes
 * before, and hands it over again when they changed (the index replaces it).
 */
export interface RawItem {
  key: string;
  /** The document's name: where the item is in its source ("Calendar/standup.ics"). */
  name: string;
  mediaType: string;
  /** The extraction's format ('eml', 'html', 'txt', 'pdf'…). */
  format: DocumentKind;
  bytes: Buffer;
  /** A place within the source (a folder, a calendar), kept with the identity. */
  folder?: string | undefined;
}

/**
 * What a kind's sync yields: a batch, stored in one transaction with the checkpoint after it. Every field is
 * optional; a step with none records nothing but moves the card (`total`).
 */
export interface SyncStep<Checkpoint> {
  /** Items this step handled: the card's "done" moves by it once the step is stored. */
  count?: number;
  /** Items the source holds that this run will handle, when it becomes known: the card's "of N". */
  total?: number;
  /**
   * New documents this step adds, counted against the user's bound before it is written (default: its raw
   * items, every one counted as new: the bound errs on the safe side).
   */
  fresh?: number;
  /** Raw items stored by the life cycle (kinds without tables of their own). */
  items?: readonly RawItem[];
  /**
   * Keys of items gone from the source (each step at most a few hundred): their identities go, and the index is
   * told through the intake.
   */
  gone?: readonly string[];
  /**
   * The kind's own writes (its identities, its tables, its items handed to the intake), in the step's
   * transaction. Answers how many intake rows it wrote.
   */
  write?: (tx: DatabaseHandle) => Promise<{ queued: number } | undefined>;
  /** The checkpoint after this step, saved in its transaction (undefined: unchanged). */
  checkpoint?: Checkpoint;
}

/** What `listIds` found: every key the source holds now; `write` runs in the last deletion's transaction. */
export interface ListedIds {
  present: ReadonlySet<string>;
  write?: (tx: DatabaseHandle) => Promise<void>;
}

/** An uploaded file a kind reads (a SQLite database), shown on its card. */
export type AttachedFile = SourceFileRow;

/** The common part of every source on the wire; a kind adds its own. */
export type SourceBase = Pick<Source, 'id' | 'name' | 'status' | 'documents' | 'created_at' | 'updated_at'>;

/**
 * Settings as a check gets them: a new source's as its request gave them, or a saved one's with the changes
 * being edited over them (a preview may lack the mapping still). The kind parses what it needs.
 */
export type CheckedSettings = Readonly<Record<string, unknown>>;

/**
 * How a saved source is checked from the Connections page: a connection test (folders, the certificate), or a
 * preview of what it would bring in (rows). The route that answers the other says which to use.
 */
export type KindCheck =
  | {
      answer: 'test';
      run(context: SourceContext, settings: CheckedSettings, password: string): Promise<SourceTestResult>;
    }
  | {
      answer: 'preview';
      run(
        context: SourceContext,
        settings: CheckedSettings,
        password: string,
      ): Promise<DatabasePreviewResult>;
    };

export interface SourceKind<
  Settings = unknown,
  Checkpoint = unknown,
  Place = unknown,
  Name extends string = SourceKindName,
> {
  /** Its name on the wire (contracts' SOURCE_KINDS) and in sources.kind. */
  readonly name: Name;
  /** Its settings, from contracts: stored settings are parsed by it on every read, a change is checked whole. */
  readonly settings: z.ZodType<Settings> & { readonly shape: Readonly<Record<string, unknown>> };
  /** What its items are called on the card ("rows", "messages", "events"). */
  readonly itemNoun: { readonly one: string; readonly many: string };
  /** 'required': never empty; 'optional': may be '' (a server that asks none); 'none': no password is kept. */
  readonly password: 'required' | 'optional' | 'none';
  /**
   * The settings a saved password is bound to, with their words (docs/decisions/080): changing one needs the
   * password again.
   */
  readonly connectionFields: Readonly<Record<string, string>>;
  /** Settings whose change starts the source over (its checkpoint goes; unchanged items are still skipped). */
  readonly restartFields: readonly string[];
  /** The host it connects to (checked against SOURCE_ALLOWED_HOSTS when saved), or null. */
  host(settings: Settings): string | null;
  /** The uploaded file it reads (must be the user's), or null. */
  fileId(settings: Settings): string | null;
  /** The name a new source gets when none is given. */
  defaultName(settings: Settings, file: AttachedFile | undefined): string;
  /** The source as the API answers it (never the password). */
  describe(base: SourceBase, settings: Settings, file: AttachedFile | undefined): Source;
  readonly test: KindCheck;
  /** What there is to choose from: folders, tables, calendars, branches (capped by the kind). */
  discover(context: SourceContext, settings: Settings, password: string): Promise<readonly Place[]>;
  /** New and changed items after `run.checkpoint`, a batch at a time, each with the checkpoint after it. */
  sync(run: SyncRun<Settings, Checkpoint>): AsyncIterable<SyncStep<Checkpoint>>;
  /**
   * Every key the source holds now, after the batches (null: not due this run). Keys stored and not listed are
   * deletions. A kind that learns of deletions otherwise (IMAP's VANISHED) yields them as `gone` instead.
   */
  listIds?(run: SyncRun<Settings, Checkpoint>): Promise<ListedIds | null>;
  /**
   * What the kind keeps of a source outside the service's database (a Git repository's bare copy), removed once
   * the source's row is gone (the source-remove job).
   */
  forget?(sourceId: string, context: Omit<SourceContext, 'db' | 'now'>): Promise<void>;
  /**
   * Minutes to the next sync after one that succeeded, when the kind's settings say (an iCal address's polling
   * interval); null or absent: SOURCE_SYNC_INTERVAL_MINUTES.
   */
  intervalMinutes?(settings: Settings): number | null;
  /** A failure, in words for the card: what happened and what to do. */
  describeFailure(error: unknown, settings: Settings): AttentionDetail;
  /** Problems tried again by themselves (back-off); the rest wait for the user. */
  readonly retried: ReadonlySet<SourceProblem>;
  /**
   * Read the next step while this one is written (a database's CPU and PostgreSQL's overlap). Only for a kind
   * whose next step does not read what this one writes.
   */
  readonly readAhead?: boolean;
}

/** Any kind, as the registry and the life cycle hold it. */
// biome-ignore lint/suspicious/noExplicitAny: each kind's settings and checkpoint types are its own; the registry erases them.
export type AnySourceKind<Name extends string = string> = SourceKind<any, any, unknown, Name>;
