import type { DatabaseHandle } from '../database';
import { describeError } from '../errors';
import type { Logger } from '../logger';
import type { Mailer } from '../mailer';
import { lockDueMails, markMailFailed, markMailSent } from './outbox.repository';

export interface OutboxWorker {
  /** Delivers what is due now; resolves with how many mails were sent. */
  runOnce(): Promise<number>;
  /** Asks for a run as soon as possible (a mail was just queued). */
  kick(): void;
  start(): void;
  stop(): Promise<void>;
}

const BATCH = 20;
const MAX_RETRY_SECONDS = 300;

/**
 * Delivers the mail outbox (docs/architecture.md#mail). The auth service runs it; it lives here beside the
 * outbox's repository so a test of another service (chats mail answers) can run the very same worker
 * without importing the auth service (ADR 038). Each run locks due rows with FOR UPDATE SKIP LOCKED,
 * so instances share the queue; a failed send is retried with exponential back-off, so a code queued
 * while SMTP is down goes out once it is back.
 */
export function createOutboxWorker(options: {
  db: DatabaseHandle;
  mailer: Mailer;
  logger: Logger;
  pollMs: number;
  retrySeconds: number;
}): OutboxWorker {
  const { db, mailer, logger } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;
  let again = false;

  const runOnce = async (): Promise<number> => {
    let sent = 0;
    await db.transaction().execute(async (tx) => {
      for (const mail of await lockDueMails(tx, BATCH)) {
        try {
          await mailer.sendMail(mail);
          await markMailSent(tx, mail.id);
          sent += 1;
        } catch (err) {
          const retry = Math.min(MAX_RETRY_SECONDS, options.retrySeconds * 2 ** mail.attempts);
          // The address and body stay out of the log: they hold a code.
          logger.warn(
            { mailId: mail.id, attempt: mail.attempts + 1, retryInSeconds: retry, error: describeError(err) },
            'mail not sent',
          );
          await markMailFailed(tx, mail.id, describeError(err), retry);
        }
      }
    });
    return sent;
  };

  const tick = () => {
    if (running) {
      again = true;
      return;
    }
    running = runOnce()
      .catch((err: unknown) => {
        logger.warn({ error: describeError(err) }, 'mail outbox run failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          tick();
        }
      });
  };

  return {
    runOnce,
    kick() {
      if (!stopped) tick();
    },
    start() {
      stopped = false;
      timer = setInterval(tick, options.pollMs);
      timer.unref();
      tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
