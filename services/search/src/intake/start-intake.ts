import {
  type DatabaseHandle,
  describeError,
  type JobLibrary,
  type Logger,
  listenForIntake,
  prepareIntakeQueue,
  SOURCE_INTAKE_QUEUE,
} from '@trove/service-core';
import { drainIntake, INTAKE_DEFAULTS, type IntakeSettings } from './intake-consumer';
import { intakeWaiting } from './intake.repository';

// The intake's worker in a running search service (docs/decisions/170-sources-service.md): a job on the intake's
// queue (sent by the sources service after each batch it hands over) drains it, and a sweep drains what a lost
// notice left (the sources service committed, then died before it could send it).

export interface RunningIntake {
  /** Drains now (one drain at a time in this process: a call during one waits for it and drains again). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

export async function startIntake(options: {
  db: DatabaseHandle;
  logger: Logger;
  boss: JobLibrary;
  settings?: Partial<IntakeSettings> & { sweepMs?: number; pollingIntervalSeconds?: number };
  /** A drained batch queued extraction jobs (the extraction worker wakes). */
  onQueued?: () => void;
}): Promise<RunningIntake> {
  const { db, logger, boss } = options;
  const settings: IntakeSettings = { ...INTAKE_DEFAULTS, ...options.settings };
  let running: Promise<void> | undefined;
  let again = false;
  const drainOnce = async () => {
    const started = Date.now();
    const drained = await drainIntake(db, settings, options.onQueued);
    if (drained.rows > 0) logger.info({ ...drained, ms: Date.now() - started }, 'source intake taken');
  };
  const drain = (): Promise<void> => {
    if (running !== undefined) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await drainOnce();
        } while (again);
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
  await prepareIntakeQueue(db, boss);
  await boss.work(
    SOURCE_INTAKE_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: options.settings?.pollingIntervalSeconds ?? 1 },
    async () => {
      try {
        await drain();
      } catch (err) {
        // pg-boss tries the job again with back-off; the rows stay until a drain applies them.
        logger.warn({ error: describeError(err) }, 'source intake failed');
        throw err;
      }
    },
  );
  // A notice on the intake's channel drains at once; the queue's job (polled) and the sweep catch a lost one.
  const listener = listenForIntake(
    db,
    () =>
      void drain().catch((err: unknown) =>
        logger.warn({ error: describeError(err) }, 'source intake failed'),
      ),
    { logger },
  );
  const sweep = setInterval(() => {
    intakeWaiting(db)
      .then((waiting) => (waiting ? drain() : undefined))
      .catch((err: unknown) => logger.warn({ error: describeError(err) }, 'source intake sweep failed'));
  }, options.settings?.sweepMs ?? 10_000);
  sweep.unref();
  return {
    drain,
    async stop() {
      clearInterval(sweep);
      await listener.stop();
      await boss.offWork(SOURCE_INTAKE_QUEUE);
      await running?.catch(() => undefined);
    },
  };
}
