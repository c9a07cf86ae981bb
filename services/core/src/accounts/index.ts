export {
  type AccountChange,
  type AnswerDigest,
  accountChangedMail,
  type ChatAnswerMailOptions,
  chatAnswerMail,
  chatAnswerSubject,
  codeMail,
  type CodeMailPurpose,
  recipientConfirmMail,
} from './mail-templates';
export {
  enqueueMail,
  lockDueMails,
  markMailFailed,
  markMailSent,
  type OutboxMail,
} from './outbox.repository';
export { createOutboxWorker, type OutboxWorker } from './outbox-worker';
export { HASH_BUSY_MESSAGE, HashGate } from './hash-gate';
export {
  hashPassword,
  isCommonPassword,
  PASSWORD_HASH_DEFAULTS,
  setPasswordHashLimits,
  verifyPassword,
  verifyPasswordOrDummy,
} from './passwords';
export {
  type AccessSession,
  CLOCK_TOLERANCE_SECONDS,
  isStateChanging,
  NOT_SIGNED_IN,
  remoteVerificationKeys,
  requireAccessSession,
  type SessionClaims,
  safeEqual,
  TOKEN_ALGORITHM,
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
  type TokenType,
  type VerificationKey,
  verifySessionToken,
} from './session-tokens';
export { isFamilyActive, revokeFamily, revokeUserFamilies } from './sessions.repository';
export { type PurgedCounts, purgeExpiredAccountData } from './retention.repository';
export {
  consumePoint,
  createPasswordCheckLimit,
  limitKey,
  postgresLimiter,
  TOO_MANY_ATTEMPTS,
} from './rate-limiter';
