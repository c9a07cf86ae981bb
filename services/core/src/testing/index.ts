// Helpers for integration tests. Never imported by service code (a separate entry point keeps them out
// of `@trove/service-core`).
export { freePort } from './free-port';
export { captureLogs, type LogCapture } from './log-capture';
export { createMigratedTestDatabase } from './migrated-database';
export { createTestDatabase, type TestDatabase } from './test-database';
export { CookieJar } from './cookie-jar';
export { type CaughtMail, caughtMailTo, codeIn, Maildev } from './maildev';
export { snapshotDatabase } from './snapshot';
export { serverDirectory, systemUser, testRunDirectory } from './run-directory';
export { startTestPostgres, type TestPostgres, type TestPostgresOptions } from './test-postgres';
export { parseTimeScale, TEST_TIME_SCALE, testTime, waitUntil, type WaitOptions } from './test-time';
export { makeCertificate, type TestCertificate } from './certificate';
