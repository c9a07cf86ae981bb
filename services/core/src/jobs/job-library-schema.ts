import PgBoss from 'pg-boss';

// What the migrations need of the job library (docs/decisions/045-job-library.md), apart from the code that
// runs it, so the migrations list does not import the database module that imports it.

/** Where pg-boss keeps its tables (one schema per database, so each test database has its own queues). */
export const JOB_LIBRARY_SCHEMA = 'pgboss';

/**
 * pg-boss's install statements for {@link JOB_LIBRARY_SCHEMA}, without the transaction they come wrapped in:
 * a migration already runs inside one (kysely's migrator), where a COMMIT of their own would end it early.
 */
export function jobLibraryInstallStatements(): string {
  const plans = PgBoss.getConstructionPlans(JOB_LIBRARY_SCHEMA).trim();
  if (!plans.startsWith('BEGIN;') || !plans.endsWith('COMMIT;')) {
    throw new Error('pg-boss install plans are no longer wrapped in BEGIN … COMMIT: read them again');
  }
  return plans.slice('BEGIN;'.length, -'COMMIT;'.length);
}
