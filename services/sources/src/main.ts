import { parseEnv, previousSecretsKeys, remoteVerificationKeys, runService } from '@trove/service-core';
import { createSourcesApp } from './app';
import { SourcesEnvSchema } from './env';
import { startSources } from './start-sources';

// The sources service (issue 34 item 1; docs/decisions/170-sources-service.md): /api/v1/sources, the syncs on the
// job library, and the reader children. What it reads goes to the search service through the intake.

await runService({
  name: 'sources',
  env: parseEnv(SourcesEnvSchema),
  portVariable: 'SOURCES_PORT',
  build: async ({ env, db, logger }) => {
    const sources = await startSources({
      db,
      logger,
      settings: {
        secretsKey: env.SECRETS_KEY,
        previousSecretsKeys: previousSecretsKeys(env),
        secretsKeyDir: env.SECRETS_KEY_DIR,
        allowedHosts: env.SOURCE_ALLOWED_HOSTS,
        intervalMinutes: env.SOURCE_SYNC_INTERVAL_MINUTES,
        stuckMinutes: env.SOURCE_SYNC_STUCK_MINUTES,
        concurrency: env.SOURCE_SYNC_CONCURRENCY,
        limits: {
          sourcesPerUser: env.SOURCES_PER_USER,
          checksPerUser: env.SOURCE_CHECKS_PER_USER,
          syncsPerUser: env.SOURCE_SYNCS_PER_USER,
          documentsPerUser: env.SOURCE_DOCUMENTS_PER_USER,
          checksPerMinute: env.SOURCE_CHECKS_PER_MINUTE,
          filesPerMinute: env.SOURCE_FILES_PER_MINUTE,
          syncNowPerMinute: env.SOURCE_SYNC_NOW_PER_MINUTE,
        },
        databases: {
          statementTimeoutMs: env.SOURCE_DB_STATEMENT_TIMEOUT_MS,
          connectTimeoutMs: env.SOURCE_DB_CONNECT_TIMEOUT_MS,
          batchRows: env.SOURCE_DB_BATCH_ROWS,
          idScanMinutes: env.SOURCE_DB_ID_SCAN_MINUTES,
          sqliteMaxBytes: env.SOURCE_SQLITE_MAX_BYTES,
          rowMaxBytes: env.SOURCE_DB_ROW_MAX_BYTES,
          batchMaxBytes: env.SOURCE_DB_BATCH_MAX_BYTES,
          runner: {
            timeoutMs: env.SOURCE_RUN_TIMEOUT_S * 1000,
            memoryMb: env.SOURCE_RUN_MEMORY_MB,
            idleMs: env.SOURCE_RUN_IDLE_S * 1000,
            prewarm: env.SOURCE_RUN_PREWARM === 'true',
          },
        },
        webdav: {
          fileMaxBytes: env.SOURCE_WEBDAV_FILE_MAX_BYTES,
          requestTimeoutMs: env.SOURCE_WEBDAV_TIMEOUT_MS,
          entriesMax: env.SOURCE_WEBDAV_ENTRIES_MAX,
        },
        git: {
          dir: env.SOURCE_GIT_DIR,
          fileMaxBytes: env.SOURCE_GIT_FILE_MAX_BYTES,
          repoMaxBytes: env.SOURCE_GIT_REPO_MAX_MB * 1024 * 1024,
          timeoutMs: env.SOURCE_GIT_TIMEOUT_S * 1000,
          commitsMax: env.SOURCE_GIT_COMMITS_MAX,
        },
      },
    });
    return {
      app: createSourcesApp({
        db,
        logger,
        verificationKey: remoteVerificationKeys(env.AUTH_JWKS_URL),
        ...sources.deps,
      }),
      // Stop taking jobs before the pool closes; a job cut short comes back when its lease runs out.
      onShutdown: () => sources.stop(),
    };
  },
});
