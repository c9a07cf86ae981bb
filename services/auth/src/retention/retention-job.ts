import {
  type DatabaseHandle,
  describeError,
  type Logger,
  type PurgedCounts,
  purgeExpiredAccountData,
} from '@trove/service-core';

// Issue 18 item 14: sent mail, used codes and dead sessions are kept RETENTION_DAYS, then purged. The auth
// service runs it (it owns those tables) at start and every RETENTION_INTERVAL_SECONDS; each DELETE is
// idempotent, so several instances running it at once only share the work.

export interface RetentionJob {
  runOnce(now?: Date): Promise<PurgedCounts>;
  start(): void;
  stop(): Promise<void>;
}

const DAY_MS = 86_400_000;

export function createRetentionJob(options: {
  db: DatabaseHandle;
  logger: Logger;
  retentionDays: number;
  intervalSeconds: number;
}): RetentionJob {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  const job: RetentionJob = {
    async runOnce(now = new Date()) {
      const purged = await purgeExpiredAccountData(
        options.db,
        new Date(now.getTime() - options.retentionDays * DAY_MS),
        now,
      );
      options.logger.info({ purged }, 'retention purge');
      return purged;
    },
    start() {
      const tick = () => {
        running = job.runOnce().catch((err) => {
          options.logger.warn({ err: describeError(err) }, 'retention purge failed; next run retries');
        });
      };
      tick();
      timer = setInterval(tick, options.intervalSeconds * 1000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
  return job;
}
