export * from './accounts/index';
export { type SessionEnv, signedIn } from './accounts/session-middleware';
export {
  clientIp,
  type ClientIpInput,
  ipLimitKey,
  networkLimitKey,
  isHttpsRequest,
  resolveClientIp,
  TrustedProxies,
} from './client-ip';
export {
  checkDatabase,
  createDatabase,
  DATABASE_CHECK_TIMEOUT_MS,
  type Database,
  type DatabaseHandle,
  type DatabaseOptions,
  MigrationError,
  migrateToLatest,
  poolOf,
  queryPrepared,
  SERVICE_DATABASE_ROLES,
} from './database';
export { isDatabaseUnavailable } from './database-errors';
export type { CodePurpose } from './db/schema';
export { migrations } from './db/migrations/index';
export {
  allowedHostsSetting,
  baseEnvShape,
  DEFAULT_APP_NAME,
  passwordHashEnvShape,
  type EnvResult,
  type EnvSource,
  parseEnv,
  portSetting,
  readEnv,
  wholeNumberSetting,
} from './env';
export {
  ApiError,
  createErrorHandler,
  DATABASE_UNAVAILABLE,
  describeError,
  notFound,
  parseJson,
  tooManyRequests,
} from './errors';
export { createHealthRoutes } from './health';
export {
  JOB_LIBRARY_SCHEMA,
  type JobLibrary,
  type JobLibraryOptions,
  startJobLibrary,
  withJobLibrarySetupLock,
  workEagerly,
} from './jobs/job-library';
export type { ServiceEnv } from './hono-env';
export {
  createLogger,
  type Logger,
  type LoggerOptions,
  REQUEST_ID_HEADER,
  requestIdFrom,
  requestLogger,
} from './logger';
export { createServiceMetrics, type ServiceMetrics } from './metrics';
export { createMailer, type MailMessage, type Mailer, type MailerOptions } from './mailer';
export { type RunnableEnv, type RunServiceOptions, runService, StartupError } from './run-service';
export { type RunningServer, type Servable, type StartServerOptions, startServer } from './server';
export { createServiceApp, limitBody, type ServiceAppOptions } from './service-app';
export {
  CHANGE_CHANNELS,
  type ChangeCache,
  changeCacheOf,
  startChangeCache,
  useChangeCache,
} from './db/change-cache';
export { noStore } from './no-store';
export {
  type AllowedHosts,
  HostRefusedError,
  isListedHost,
  type Lookup,
  parseAllowedHosts,
  resolveAllowedHost,
} from './outbound/host-guard';
export {
  createSecretBox,
  loadSecretKey,
  parseSecretKey,
  resealOnRead,
  type SecretBox,
  SecretBoxError,
  type SecretKey,
  secretKey,
} from './secrets/secret-box';
export { typeScriptEntry } from './typescript-entry';
export { childEntry } from './child-entry';
export { type ChildStderr, watchChildStderr } from './child-stderr';
export {
  INTAKE_OPS,
  type IntakeOp,
  notifyIntake,
  prepareIntakeQueue,
  SOURCE_INTAKE_QUEUE,
  type SourceIntakeTable,
  type SourcesTable,
} from './intake/source-intake';
export {
  announceIntake,
  type IntakeListener,
  listenForIntake,
  SOURCE_INTAKE_CHANNEL,
} from './intake/intake-notices';
export {
  keyList,
  previousSecretsKeys,
  requireSecretsKeyInProduction,
  secretsEnvShape,
} from './secrets/secrets-env';
export { formatterFor, offsetAt } from './time-zone';
