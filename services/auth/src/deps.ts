import type { DatabaseHandle, Logger, TrustedProxies } from '@trove/service-core';
import type { CodeSettings } from './codes/codes.service';
import type { AuthEnv } from './env';
import type { SigningKeys } from './keys/signing-keys';
import type { RateLimits } from './limits/rate-limits';
import type { SessionSettings } from './sessions/sessions.service';

/** Everything the auth routes and services need, built once in createAuthApp. */
export interface AuthDeps {
  db: DatabaseHandle;
  logger: Logger;
  env: AuthEnv;
  keys: SigningKeys;
  limits: RateLimits;
  trustedProxies: TrustedProxies;
  codes: CodeSettings;
  sessions: SessionSettings;
  /** Called after a transaction queued mail, so the outbox worker sends it without waiting for its poll. */
  mailQueued: () => void;
}
