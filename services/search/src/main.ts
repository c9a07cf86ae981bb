import { parseEnv, remoteVerificationKeys, runService } from '@trove/service-core';
import { createSearchApp } from './app';
import { chatSettingsFromEnv } from './chats/chat-settings';
import { SearchEnvSchema } from './env';
import { ExtractionError, extractDocument } from './extraction';
import { createExtractionWorker } from './jobs/extraction-worker';

await runService({
  name: 'search',
  env: parseEnv(SearchEnvSchema),
  portVariable: 'SEARCH_PORT',
  build: ({ env, db, logger }) => {
    const worker = createExtractionWorker({
      db,
      logger,
      extract: extractDocument,
      permanentFailure: (err) => (err instanceof ExtractionError ? err.reason : undefined),
      leaseMs: env.SEARCH_JOB_LEASE_MS,
      maxAttempts: env.SEARCH_JOB_MAX_ATTEMPTS,
      pollMs: env.SEARCH_JOB_POLL_MS,
      concurrency: env.SEARCH_JOB_CONCURRENCY,
    });
    worker.start();
    return {
      app: createSearchApp({
        db,
        logger,
        verificationKey: remoteVerificationKeys(env.AUTH_JWKS_URL),
        uploads: {
          maxFileBytes: env.UPLOAD_MAX_FILE_BYTES,
          maxFiles: env.UPLOAD_MAX_FILES,
          maxRequestBytes: env.UPLOAD_MAX_REQUEST_BYTES,
        },
        search: { minAllWordResults: env.SEARCH_MIN_AND_RESULTS },
        chats: chatSettingsFromEnv(env),
      }),
      // Stop taking jobs before the pool closes; a job cut short comes back when its lease runs out.
      onShutdown: () => worker.stop(),
    };
  },
});
