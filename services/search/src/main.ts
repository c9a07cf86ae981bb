import { parseEnv, remoteVerificationKeys, runService } from '@trove/service-core';
import { createSearchApp } from './app';
import { chatSettingsFromEnv } from './chats/chat-settings';
import { previousSecretsKeys, SearchEnvSchema } from './env';
import { startExtractionProcess } from './jobs/extraction-thread';
import { startDestinations } from './destinations/start-destinations';
import { startSources } from './sources/start-sources';
import { CHAT_DEFAULTS } from './chats/chat-settings';
import { startWorkflowScheduler } from './workflows/workflow-scheduler';
import { WORKFLOW_DEFAULTS } from './workflows/workflows.service';

await runService({
  name: 'search',
  env: parseEnv(SearchEnvSchema),
  portVariable: 'SEARCH_PORT',
  build: async ({ env, db, logger }) => {
    // Extraction jobs in a child process with a bounded heap, so reading a large file (or a bomb) never
    // stalls or kills the API.
    const extraction = startExtractionProcess(logger, {
      memoryMb: env.SEARCH_JOB_MEMORY_MB,
      timeoutSeconds: env.SEARCH_JOB_TIMEOUT_S,
    });
    // Sources (issue 21): their syncs run here, on the job library; their passwords open only in this process.
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
        // A synced batch's messages are indexed now, not after the extraction child's next poll.
        onStored: () => extraction.wake(),
        concurrency: env.SOURCE_SYNC_CONCURRENCY,
        limits: {
          sourcesPerUser: env.SOURCES_PER_USER,
          checksPerUser: env.SOURCE_CHECKS_PER_USER,
          syncsPerUser: env.SOURCE_SYNCS_PER_USER,
          documentsPerUser: env.SOURCE_DOCUMENTS_PER_USER,
        },
        databases: {
          statementTimeoutMs: env.SOURCE_DB_STATEMENT_TIMEOUT_MS,
          connectTimeoutMs: env.SOURCE_DB_CONNECT_TIMEOUT_MS,
          batchRows: env.SOURCE_DB_BATCH_ROWS,
          idScanMinutes: env.SOURCE_DB_ID_SCAN_MINUTES,
          sqliteMaxBytes: env.SOURCE_SQLITE_MAX_BYTES,
          rowMaxBytes: env.SOURCE_DB_ROW_MAX_BYTES,
          batchMaxBytes: env.SOURCE_DB_BATCH_MAX_BYTES,
          runner: { timeoutMs: env.SOURCE_RUN_TIMEOUT_S * 1000, memoryMb: env.SOURCE_RUN_MEMORY_MB },
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
    const chats = chatSettingsFromEnv(env);
    // Destinations (issue 22): posts to Slack, Teams and Google Chat on the same job library and secret box.
    const destinations = await startDestinations({
      db,
      logger,
      boss: sources.boss,
      secrets: sources.deps.secrets,
      settings: {
        allowedHosts: env.DESTINATION_ALLOWED_HOSTS,
        linkOrigin: chats.linkOrigin,
        product: env.APP_NAME,
        attempts: env.DESTINATION_POST_ATTEMPTS,
        workers: env.DESTINATION_POST_WORKERS,
        deadlineMs: env.DESTINATION_POST_DEADLINE_MS,
        postsPerMinute: env.DESTINATION_POSTS_PER_MINUTE,
        postsPerDay: env.DESTINATION_POSTS_PER_DAY,
      },
    });
    const search = {
      minAllWordResults: env.SEARCH_MIN_AND_RESULTS,
      maxCandidates: env.SEARCH_MAX_CANDIDATES,
      requestsPerMinute: env.SEARCH_REQUESTS_PER_MINUTE,
    };
    const workflowLimits = {
      ...WORKFLOW_DEFAULTS,
      workflowsPerUser: env.WORKFLOWS_PER_USER,
      runsPerHour: env.WORKFLOW_RUNS_PER_HOUR,
    };
    // Workflows (issue 40): scheduled runs on the same job library; a slot missed while the stack was down runs
    // once now, at start (docs/decisions/160-workflows.md).
    const workflows = await startWorkflowScheduler(
      sources.boss,
      {
        db,
        limits: workflowLimits,
        chats: {
          ...CHAT_DEFAULTS,
          ...chats,
          product: env.APP_NAME,
          search,
          destinationQueue: destinations.deps.queue,
          destinationPostLimit: destinations.deps.postLimit,
        },
      },
      {
        attempts: env.WORKFLOW_RUN_ATTEMPTS,
        retryBaseSeconds: env.WORKFLOW_RETRY_BASE_SECONDS,
        workers: env.WORKFLOW_RUN_WORKERS,
        logger,
      },
    );
    await workflows.sweepNow();
    return {
      app: createSearchApp({
        db,
        logger,
        verificationKey: remoteVerificationKeys(env.AUTH_JWKS_URL),
        product: env.APP_NAME,
        uploads: {
          maxFileBytes: env.UPLOAD_MAX_FILE_BYTES,
          maxFiles: env.UPLOAD_MAX_FILES,
          quotaBytes: env.UPLOAD_QUOTA_BYTES,
          requestsPerMinute: env.UPLOAD_REQUESTS_PER_MINUTE,
          concurrencyPerUser: env.UPLOAD_CONCURRENCY_PER_USER,
          maxRequestBytes: env.UPLOAD_MAX_REQUEST_BYTES,
          stagingDir: env.UPLOAD_STAGING_DIR,
        },
        search,
        documents: { passages: env.DOCUMENT_VIEW_PASSAGES, attachments: env.DOCUMENT_VIEW_ATTACHMENTS },
        chats,
        workflows: workflowLimits,
        sources: sources.deps,
        destinations: destinations.deps,
      }),
      // Stop taking jobs before the pool closes; a job cut short comes back when its lease runs out.
      onShutdown: async () => {
        await workflows.stop();
        await destinations.stop();
        await sources.stop();
        await extraction.stop();
      },
    };
  },
});
