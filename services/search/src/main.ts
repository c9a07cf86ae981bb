import {
  createSecretBox,
  loadSecretKey,
  parseEnv,
  parseSecretKey,
  previousSecretsKeys,
  remoteVerificationKeys,
  runService,
  startJobLibrary,
} from '@trove/service-core';
import { createSearchApp } from './app';
import { chatSettingsFromEnv } from './chats/chat-settings';
import { SearchEnvSchema } from './env';
import { startIntake } from './intake/start-intake';
import { startExtractionProcess } from './jobs/extraction-thread';
import { startDestinations } from './destinations/start-destinations';
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
    // The job library: destinations' posts, workflows' runs and the sources' intake (docs/decisions/045, 170).
    const boss = await startJobLibrary({ db, logger });
    // What the sources service hands over (docs/decisions/170-sources-service.md): a synced batch's messages are
    // indexed now, not after the extraction child's next poll.
    const intake = await startIntake({ db, logger, boss, onQueued: () => extraction.wake() });
    // Destinations' webhook URLs are sealed with the key the sources service seals passwords with.
    const secrets = createSecretBox(
      loadSecretKey({ key: env.SECRETS_KEY, dir: env.SECRETS_KEY_DIR }),
      previousSecretsKeys(env).map((key) => parseSecretKey(key, 'SECRETS_PREVIOUS_KEYS')),
    );
    const chats = chatSettingsFromEnv(env);
    // Destinations (issue 22): posts to Slack, Teams and Google Chat on the same job library and secret box.
    const destinations = await startDestinations({
      db,
      logger,
      boss,
      secrets,
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
      boss,
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
        destinations: destinations.deps,
      }),
      // Stop taking jobs before the pool closes; a job cut short comes back when its lease runs out.
      onShutdown: async () => {
        await workflows.stop();
        await destinations.stop();
        await intake.stop();
        // Our pool is the service's: pg-boss has none of its own to close.
        await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
        await extraction.stop();
      },
    };
  },
});
