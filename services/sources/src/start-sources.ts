import {
  type AllowedHosts,
  createSecretBox,
  type DatabaseHandle,
  type JobLibrary,
  type Logger,
  loadSecretKey,
  announceIntake,
  notifyIntake,
  parseAllowedHosts,
  prepareIntakeQueue,
  parseSecretKey,
  type SecretBox,
  startJobLibrary,
} from '@trove/service-core';
import { deleteUnusedSourceFiles } from './database/database-sources.repository';
import { prewarmReaderChild, stopReaderChildren } from './database/reader-pool';
import { KIND_SCRIPT } from './kinds/sandbox/kind-sandbox';
import { IMAP_SCRIPT } from './kinds/imap/imap-sandbox';
import { kindOf, SOURCE_KIND_REGISTRY } from './kinds/registry';
import type { ImapTuning, SourceContext } from './kinds/source-kind';
import { jobLibraryQueue, type RemovalRetry, type SyncRunResult, startSourceWorkers } from './source-jobs';
import { passwordContext } from './source-secrets';
import {
  DATABASE_DEFAULTS,
  type DatabaseSettings,
  SOURCE_LIMIT_DEFAULTS,
  type SourceLimits,
  type SourceReach,
} from './source-settings';
import { runSourceSync, type SourceSyncOptions } from './source-sync';
import { replaceSecret, secretsSealedByOtherKeys } from './sources.repository';
import { type RemovalOptions, removeSourceContent, type SourcesDeps } from './sources.service';

// Everything sources need in a running service (issue 21): the secret box (SECRETS_KEY, else a key file made
// once), where sources may connect (SOURCE_ALLOWED_HOSTS), the job library and the sync workers on it.

export interface SourcesSettings {
  secretsKey?: string | undefined;
  /** SECRETS_PREVIOUS_KEYS: keys that only open (rotation); what they sealed is re-sealed at start. */
  previousSecretsKeys?: readonly string[] | undefined;
  secretsKeyDir: string;
  allowedHosts: string | undefined | AllowedHosts;
  intervalMinutes: number;
  /** SOURCE_SYNC_STUCK_MINUTES: no progress for this long shows a sync as stuck (the default unless set). */
  stuckMinutes?: number;
  concurrency: number;
  /** Tests: how often idle workers and the cron clock look for work. */
  pollingIntervalSeconds?: number;
  cronMonitorIntervalSeconds?: number;
  /** Tests: a DNS for the host guard, the IMAP connect timeout, hooks into a run. */
  reach?: Partial<SourceReach>;
  sync?: ImapTuning & Pick<SourceSyncOptions, 'afterBatch'>;
  /** Tests: after a sync handed rows to the intake (the search service is told too). */
  onStored?: () => void;
  /** Tests: the removal's batch size, a hook after each batch, and quicker retries. */
  removal?: RemovalOptions & RemovalRetry;
  /** Per-user bounds (issue 34): SOURCES_PER_USER, SOURCE_CHECKS_PER_USER. */
  limits?: Partial<SourceLimits>;
  /** Database sources (issue 22): the SOURCE_DB_* settings. */
  databases?: Partial<DatabaseSettings>;
  /** File shares and Git repositories (issue 43): the SOURCE_WEBDAV_* and SOURCE_GIT_* settings. */
  webdav?: SourceContext['webdav'];
  git?: SourceContext['git'];
}

/** Uploaded SQLite files no source took within this many hours are deleted by the minute sweep. */
const UNUSED_FILE_HOURS = 24;

export interface RunningSources {
  /** What the routes need (createSourcesApp's). */
  deps: Omit<SourcesDeps, 'db'>;
  boss: JobLibrary;
  /** One run of a source's sync now, outside the queue (tests): 'busy' when another run holds the source. */
  syncNow(sourceId: string): Promise<SyncRunResult>;
  stop(): Promise<void>;
}

export async function startSources(options: {
  db: DatabaseHandle;
  logger: Logger;
  settings: SourcesSettings;
}): Promise<RunningSources> {
  const { db, logger, settings } = options;
  const secrets = createSecretBox(
    loadSecretKey({ key: settings.secretsKey, dir: settings.secretsKeyDir }),
    (settings.previousSecretsKeys ?? []).map((key) => parseSecretKey(key, 'SECRETS_PREVIOUS_KEYS')),
  );
  const resealed = await resealSecrets(db, secrets, logger);
  if (resealed > 0) logger.info({ resealed }, 'source passwords re-sealed with the current key');
  const reach: SourceReach = {
    ...settings.reach,
    allowedHosts:
      typeof settings.allowedHosts === 'object'
        ? settings.allowedHosts
        : parseAllowedHosts(settings.allowedHosts),
  };
  const boss = await startJobLibrary({
    db,
    logger,
    ...(settings.cronMonitorIntervalSeconds === undefined
      ? {}
      : { cronMonitorIntervalSeconds: settings.cronMonitorIntervalSeconds }),
  });
  await prepareIntakeQueue(db, boss);
  // A committed step's intake rows: the search service is told they wait (a lost notice is caught by its sweep).
  const handedOver = () => {
    notifyIntake(boss).catch((err: unknown) =>
      logger.warn({ err: (err as Error).message }, 'the search service could not be told of new intake rows'),
    );
    // At once, where the queue's job waits for the search service's next poll (docs/decisions/234).
    announceIntake(db).catch((err: unknown) =>
      logger.warn({ err: (err as Error).message }, 'the intake notice could not be sent'),
    );
    settings.onStored?.();
  };
  const limits: SourceLimits = { ...SOURCE_LIMIT_DEFAULTS, ...settings.limits };
  const databases: DatabaseSettings = { ...DATABASE_DEFAULTS, ...settings.databases };
  // A reader child waits warm, so the first preview or sync does not pay its start (reader-pool.ts), unless
  // SOURCE_RUN_PREWARM is off (docs/decisions/229).
  prewarmReaderChild(databases.runner);
  // And a mailbox's (docs/decisions/200): every IMAP session runs in one too.
  prewarmReaderChild(databases.runner, IMAP_SCRIPT);
  // And a file share's and a repository's (docs/decisions/218): under load a child's start took 20–35 s, most of
  // a Test's minute. Like the others it ends after SOURCE_RUN_IDLE_S unused (docs/decisions/217).
  prewarmReaderChild(databases.runner, KIND_SCRIPT);
  const { afterBatch, ...imap } = settings.sync ?? {};
  const syncOptions: SourceSyncOptions = {
    syncsPerUser: limits.syncsPerUser,
    documentsPerUser: limits.documentsPerUser,
    secrets,
    logger,
    context: { reach, databases, imap, webdav: settings.webdav, git: settings.git },
    intervalMinutes: settings.intervalMinutes,
    onStored: handedOver,
    afterBatch,
  };
  // The source's row names its kind; the life cycle runs that kind's steps (source-sync.ts).
  const run = async (sourceId: string) => {
    // Files uploaded for a source never made go with the syncs' rhythm (a cheap indexed delete).
    await deleteUnusedSourceFiles(db, UNUSED_FILE_HOURS).catch(() => undefined);
    return runSourceSync(db, sourceId, SOURCE_KIND_REGISTRY, syncOptions);
  };
  const workers = await startSourceWorkers({
    boss,
    db,
    logger,
    concurrency: settings.concurrency,
    run,
    remove: async (sourceId) => {
      const removed = await removeSourceContent(db, sourceId, {
        ...settings.removal,
        forget: async (kind, id) => kindOf(kind)?.forget?.(id, syncOptions.context),
      });
      handedOver();
      return removed;
    },
    ...(settings.removal === undefined ? {} : { removal: settings.removal }),
    ...(settings.pollingIntervalSeconds === undefined
      ? {}
      : { pollingIntervalSeconds: settings.pollingIntervalSeconds }),
  });
  return {
    deps: {
      secrets,
      reach,
      queue: jobLibraryQueue(boss, db),
      databases,
      webdav: settings.webdav,
      git: settings.git,
      limits,
      stuckMinutes: settings.stuckMinutes,
    },
    boss,
    syncNow: run,
    async stop() {
      await workers.stop();
      // Our pool is the service's: pg-boss has none of its own to close.
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
      stopReaderChildren();
    },
  };
}

/**
 * Key rotation (docs/decisions/048): every password sealed by a key other than the current one is opened with
 * the key that sealed it (one of SECRETS_PREVIOUS_KEYS) and sealed again with the current key. One whose key
 * is not configured is left as it is: its sync says it needs the password again. Answers how many moved.
 */
export async function resealSecrets(db: DatabaseHandle, secrets: SecretBox, logger: Logger): Promise<number> {
  let moved = 0;
  for (const row of await secretsSealedByOtherKeys(db, secrets.currentKeyId)) {
    let password: string;
    try {
      password = secrets.open(row.secret, passwordContext(row.id));
    } catch (err) {
      logger.warn({ sourceId: row.id, err: (err as Error).message }, 'a source password cannot be re-sealed');
      continue;
    }
    await replaceSecret(db, row.id, row.secret, secrets.seal(password, passwordContext(row.id)));
    moved += 1;
  }
  return moved;
}
