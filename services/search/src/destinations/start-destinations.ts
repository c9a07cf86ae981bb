import {
  type AllowedHosts,
  type DatabaseHandle,
  type JobLibrary,
  type Logger,
  type Lookup,
  parseAllowedHosts,
  type SecretBox,
} from '@trove/service-core';
import type { PostOptions } from './destination-post';
import type { DestinationTestSettings } from './destination-test';
import { type DestinationPostQueue, jobLibraryPostQueue, startPostWorkers } from './destination-jobs';
import { replaceUrlSecret, urlsSealedByOtherKeys } from './destinations.repository';
import { type DestinationsDeps, urlContext } from './destinations.service';
import { DESTINATION_POST_DEFAULTS, type DestinationPostLimit, destinationPostLimit } from './post-limit';

// Everything destinations need in a running service (issue 22 "Ship"): the secret box the sources use, the
// hosts allowed beyond the webhook domains (DESTINATION_ALLOWED_HOSTS), the post queue on the job library.

export interface DestinationsSettings {
  allowedHosts: string | undefined | AllowedHosts;
  linkOrigin: string;
  product: string;
  /** DESTINATION_POST_ATTEMPTS. */
  attempts: number;
  retryBaseSeconds?: number;
  /** Issue 35 item 2: DESTINATION_POST_WORKERS, DESTINATION_POST_DEADLINE_MS, DESTINATION_POSTS_PER_MINUTE, _PER_DAY. */
  workers?: number;
  deadlineMs?: number;
  postsPerMinute?: number;
  postsPerDay?: number;
  /** Tests: how often the worker looks for work, a DNS, the receiver's certificate authority. */
  pollingIntervalSeconds?: number;
  lookup?: Lookup;
  post?: PostOptions;
}

export interface RunningDestinations {
  deps: Omit<DestinationsDeps, 'db'> & {
    queue: DestinationPostQueue;
    postLimit: DestinationPostLimit;
    /** The Test button's post (issue 38 item 4). */
    test: DestinationTestSettings;
  };
  stop(): Promise<void>;
}

export async function startDestinations(options: {
  db: DatabaseHandle;
  logger: Logger;
  boss: JobLibrary;
  secrets: SecretBox;
  settings: DestinationsSettings;
}): Promise<RunningDestinations> {
  const { db, logger, boss, secrets, settings } = options;
  const allowedHosts =
    typeof settings.allowedHosts === 'object'
      ? settings.allowedHosts
      : parseAllowedHosts(settings.allowedHosts);
  const resealed = await resealUrls(db, secrets, logger);
  if (resealed > 0) logger.info({ resealed }, 'destination URLs re-sealed with the current key');
  const workers = await startPostWorkers(boss, {
    db,
    logger,
    secrets,
    allowedHosts,
    lookup: settings.lookup,
    linkOrigin: settings.linkOrigin,
    product: settings.product,
    attempts: settings.attempts,
    retryBaseSeconds: settings.retryBaseSeconds ?? 30,
    workers: settings.workers ?? DESTINATION_POST_DEFAULTS.workers,
    deadlineMs: settings.deadlineMs ?? DESTINATION_POST_DEFAULTS.deadlineMs,
    ...(settings.post === undefined ? {} : { post: settings.post }),
    ...(settings.pollingIntervalSeconds === undefined
      ? {}
      : { pollingIntervalSeconds: settings.pollingIntervalSeconds }),
  });
  return {
    deps: {
      secrets,
      allowedHosts,
      ...(settings.lookup === undefined ? {} : { lookup: settings.lookup }),
      queue: jobLibraryPostQueue(boss),
      test: {
        linkOrigin: settings.linkOrigin,
        product: settings.product,
        post: settings.post,
        deadlineMs: settings.deadlineMs ?? DESTINATION_POST_DEFAULTS.deadlineMs,
      },
      postLimit: destinationPostLimit(db, {
        perMinute: settings.postsPerMinute ?? DESTINATION_POST_DEFAULTS.postsPerMinute,
        perDay: settings.postsPerDay ?? DESTINATION_POST_DEFAULTS.postsPerDay,
      }),
    },
    stop: () => workers.stop(),
  };
}

/**
 * Key rotation (docs/decisions/048), as for sources' passwords: every URL a previous key sealed is sealed again
 * with the current key; one whose key is not configured is left (its posts fail, saying to add it again).
 */
export async function resealUrls(db: DatabaseHandle, secrets: SecretBox, logger: Logger): Promise<number> {
  let moved = 0;
  for (const row of await urlsSealedByOtherKeys(db, secrets.currentKeyId)) {
    let url: string;
    try {
      url = secrets.open(row.secret, urlContext(row.id));
    } catch (err) {
      logger.warn(
        { destinationId: row.id, err: (err as Error).message },
        'a destination URL cannot be re-sealed',
      );
      continue;
    }
    await replaceUrlSecret(db, row.id, row.secret, secrets.seal(url, urlContext(row.id)));
    moved += 1;
  }
  return moved;
}
