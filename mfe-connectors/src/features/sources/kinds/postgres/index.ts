import { databaseKind } from '../database/database-kind';

// A PostgreSQL server (issue 22): a table, a view or one SELECT, read by a read-only role.
export const postgresKind = databaseKind('postgres', {
  title: 'Add a PostgreSQL server',
  choice: { label: 'PostgreSQL server', detail: 'A table, a view or a SELECT, read by a read-only role.' },
});
