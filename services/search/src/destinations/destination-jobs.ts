import type { DestinationKind } from '@trove/contracts';
import {
  ApiError,
  type AllowedHosts,
  type DatabaseHandle,
  type JobLibrary,
  type Logger,
  type Lookup,
  type SecretBox,
  withJobLibrarySetupLock,
  workEagerly,
} from '@trove/service-core';
import { answerDigest } from '../chats/chats.service';
import { type PostOptions, postJson } from './destination-post';
import { kindLabel, payloadFor } from './destination-payloads';
import { unreachedWords } from './destination-test';
import type { StoredAnswer } from '../chats/chats.repository';
import {
  claimDestination,
  type DestinationWithSecret,
  destinationWithSecret,
  markDestination,
  releaseDestination,
} from './destinations.repository';
import { checkWebhookUrl, openWebhookUrl } from './destinations.service';
import { findPostDelivery, type PostDeliveryJob, recordPostAttempt } from './post-deliveries.repository';

// Posts to destinations on the job library (docs/decisions/050-destinations.md). A queued delivery is one
// pg-boss job; a try that can be retried (a 5xx, a 429, the network) records the attempt on the delivery and
// sends the job again after the back-off — base · 2^(n−1), or the service's Retry-After — until `attempts`
// tries have failed; then, as for any 4xx, the delivery is failed with the reason, shown in the thread.

export const DESTINATION_POST_QUEUE = 'destination-post';

export interface DestinationPostJob {
  deliveryId: string;
}

/** Queues a delivery's post; the service's job library behind it. */
export interface DestinationPostQueue {
  postSoon(deliveryId: string): Promise<void>;
}

export interface PostSettings {
  db: DatabaseHandle;
  logger: Logger;
  secrets: SecretBox;
  allowedHosts: AllowedHosts;
  lookup?: Lookup | undefined;
  /** Where links point (PUBLIC_URL) and the product's name, as in mailed answers. */
  linkOrigin: string;
  product: string;
  /** Tries before a delivery fails. */
  attempts: number;
  /** The first retry's delay in seconds; each later one doubles, up to an hour. */
  retryBaseSeconds: number;
  /** DESTINATION_POST_DEADLINE_MS: the longest one try may take in all (issue 35 item 2). */
  deadlineMs: number;
  post?: PostOptions;
  now?: () => Date;
}

const RETRY_MAX_SECONDS = 3_600;
/** A delivery whose destination another try holds is looked at again this much later, no try spent. */
export const BUSY_RETRY_SECONDS = 2;

export function jobLibraryPostQueue(boss: JobLibrary): DestinationPostQueue {
  return {
    async postSoon(deliveryId) {
      await boss.send(DESTINATION_POST_QUEUE, { deliveryId } satisfies DestinationPostJob);
    },
  };
}

type TryOutcome =
  | { result: 'sent' }
  | { result: 'retry'; error: string; afterSeconds?: number | undefined }
  | { result: 'failed'; error: string; broken?: string };

/** One try of a delivery's post: what happened, in words for the thread (never the URL). */
async function tryPost(settings: PostSettings, deliveryId: string): Promise<TryOutcome | 'gone' | 'busy'> {
  const delivery = await findPostDelivery(settings.db, deliveryId);
  if (delivery === undefined || delivery.status !== 'queued' || delivery.answer === null) return 'gone';
  if (delivery.destinationId === null) {
    return { result: 'failed', error: 'The destination was removed before the answer could be posted.' };
  }
  const destination = await destinationWithSecret(settings.db, delivery.destinationId);
  if (destination === undefined || destination.user_id !== delivery.userId) {
    return { result: 'failed', error: 'The destination was removed before the answer could be posted.' };
  }
  // One post at a time to a destination (issue 35 item 2): a slow endpoint holds its own queue, not the workers.
  const holdSeconds = Math.ceil(settings.deadlineMs / 1000) + 30;
  if (!(await claimDestination(settings.db, destination.id, holdSeconds))) return 'busy';
  try {
    return await postTo(settings, { ...delivery, answer: delivery.answer }, destination);
  } finally {
    await releaseDestination(settings.db, destination.id);
  }
}

async function postTo(
  settings: PostSettings,
  delivery: PostDeliveryJob & { answer: StoredAnswer },
  destination: DestinationWithSecret,
): Promise<TryOutcome> {
  const kind = destination.kind as DestinationKind;
  const label = kindLabel(kind);
  let url: URL;
  try {
    url = new URL(await openWebhookUrl(settings.db, settings.secrets, destination));
  } catch {
    return {
      result: 'failed',
      error: `The webhook of ${destination.name} cannot be read — add it again on Connections.`,
    };
  }
  let resolved: { address: string; family: 4 | 6 };
  try {
    resolved = await checkWebhookUrl(kind, url, settings.allowedHosts, settings.lookup);
  } catch (err) {
    if (err instanceof ApiError && err.code === 'host_unresolved')
      return { result: 'retry', error: err.message };
    return { result: 'failed', error: err instanceof Error ? err.message : String(err) };
  }
  const digest = answerDigest({
    linkOrigin: settings.linkOrigin,
    product: settings.product,
    chatId: delivery.chatId,
    question: delivery.question,
    answer: delivery.answer,
  });
  let outcome: Awaited<ReturnType<typeof postJson>>;
  try {
    outcome = await postJson(url, payloadFor(kind, digest), resolved, {
      ...settings.post,
      deadlineMs: settings.deadlineMs,
      pinnedSha256: destination.pinned_sha256,
    });
  } catch (err) {
    const words = unreachedWords(label, url.hostname, err);
    // A certificate nobody vouches for does not change by waiting: said at once, not after 7.5 min of retries
    // (issue 38 item 4).
    if (words.startsWith('The certificate of')) return { result: 'failed', error: words };
    return { result: 'retry', error: words };
  }
  const said = outcome.body.trim() === '' ? '' : `: ${outcome.body.trim().slice(0, 120)}`;
  if (outcome.status >= 200 && outcome.status < 300) return { result: 'sent' };
  if (outcome.status === 429) {
    return {
      result: 'retry',
      error: `${label} asked to slow down (429).`,
      afterSeconds: outcome.retryAfterSeconds,
    };
  }
  if (outcome.status >= 500) return { result: 'retry', error: `${label} answered ${outcome.status}${said}.` };
  if (outcome.status === 404 || outcome.status === 410) {
    const broken = `${label} says this webhook no longer exists (${outcome.status}). Make a new one and add it again on Connections.`;
    return { result: 'failed', error: broken, broken };
  }
  return { result: 'failed', error: `${label} refused the post (${outcome.status}${said}).` };
}

/** Runs one try of a delivery and records it; answers the seconds until the next try, if there is one. */
export async function runPost(settings: PostSettings, deliveryId: string): Promise<number | undefined> {
  const now = settings.now?.() ?? new Date();
  const outcome = await tryPost(settings, deliveryId);
  if (outcome === 'gone') return undefined;
  if (outcome === 'busy') return BUSY_RETRY_SECONDS;
  const db = settings.db;
  if (outcome.result === 'sent') {
    await recordPostAttempt(db, deliveryId, { status: 'sent', error: null, now });
    return undefined;
  }
  const delivery = await findPostDelivery(db, deliveryId);
  const tries = (delivery?.attempts ?? 0) + 1;
  if (outcome.result === 'retry' && tries < settings.attempts) {
    const backoff = Math.min(settings.retryBaseSeconds * 2 ** (tries - 1), RETRY_MAX_SECONDS);
    const after = Math.min(
      Math.max(outcome.afterSeconds ?? backoff, settings.retryBaseSeconds),
      RETRY_MAX_SECONDS,
    );
    // The thread says why, when and which try comes next (issue 38 item 4: "retrying in 2 min, try 3 of 5").
    await recordPostAttempt(db, deliveryId, {
      status: 'queued',
      error: outcome.error,
      now,
      retryAt: new Date(now.getTime() + after * 1000),
      attemptsMax: settings.attempts,
    });
    settings.logger.info(
      { deliveryId, tries, retryInSeconds: after, reason: outcome.error },
      'destination post will be retried',
    );
    return after;
  }
  const error = outcome.result === 'retry' ? `${outcome.error} Gave up after ${tries} tries.` : outcome.error;
  await recordPostAttempt(db, deliveryId, { status: 'failed', error, now, attemptsMax: settings.attempts });
  if (outcome.result === 'failed' && outcome.broken !== undefined && delivery?.destinationId) {
    await markDestination(db, delivery.destinationId, 'broken', outcome.broken);
  }
  settings.logger.warn({ deliveryId, tries, reason: error }, 'destination post failed');
  return undefined;
}

export interface PostWorkers {
  stop(): Promise<void>;
}

/** The queue and its worker: each job one try; a retry is the same job sent again after its delay. */
export async function startPostWorkers(
  boss: JobLibrary,
  settings: PostSettings & { pollingIntervalSeconds?: number; workers: number },
): Promise<PostWorkers> {
  await withJobLibrarySetupLock(settings.db, () =>
    boss.createQueue(DESTINATION_POST_QUEUE, {
      name: DESTINATION_POST_QUEUE,
      policy: 'standard',
      // pg-boss's own retries are for a try that could not record itself (the database away).
      retryLimit: 3,
      retryDelay: 30,
      retryBackoff: true,
      expireInSeconds: 5 * 60,
    }),
  );
  // DESTINATION_POST_WORKERS workers, each its own poller taking one job at a time (issue 35 item 2): one endpoint
  // slow up to the deadline holds one of them, never everyone's posts.
  for (let worker = 0; worker < settings.workers; worker += 1) {
    await workEagerly<DestinationPostJob>(
      boss,
      DESTINATION_POST_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: settings.pollingIntervalSeconds ?? 2 },
      async (jobs) => {
        for (const job of jobs) {
          const { deliveryId } = job.data;
          const after = await runPost(settings, deliveryId);
          if (after !== undefined) {
            await boss.sendAfter(
              DESTINATION_POST_QUEUE,
              { deliveryId } satisfies DestinationPostJob,
              {},
              after,
            );
          }
        }
      },
    );
  }
  return {
    async stop() {
      await boss.offWork(DESTINATION_POST_QUEUE);
    },
  };
}
