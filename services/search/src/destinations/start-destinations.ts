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
import { type DestinationPostQueue, jobLibraryPostQueue, startPostWorkers } from './destination-jobs';
import type { DestinationsDeps } from './destinations.service';

// Everything destinations need in a running service (issue 22 "Ship"): the secret box the sources use, the
// hosts allowed beyond the webhook domains (DESTINATION_ALLOWED_HOSTS), the post queue on the job library.

export interface DestinationsSettings {
  allowedHosts: string | undefined | AllowedHosts;
  linkOrigin: string;
  product: string;
  /** DESTINATION_POST_ATTEMPTS. */
  attempts: number;
  retryBaseSeconds?: number;
  /** Tests: how often the worker looks for work, a DNS, the receiver's certificate authority. */
  pollingIntervalSeconds?: number;
  lookup?: Lookup;
  post?: PostOptions;
}

export interface RunningDestinations {
  deps: Omit<DestinationsDeps, 'db'> & { queue: DestinationPostQueue };
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
    },
    stop: () => workers.stop(),
  };
}
