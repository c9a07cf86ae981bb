import { databaseKind } from '../database/database-kind';

// A MySQL 8 or MariaDB server (issue 22): the same form as PostgreSQL's.
export const mysqlKind = databaseKind('mysql', {
  title: 'Add a MySQL or MariaDB server',
  choice: { label: 'MySQL or MariaDB server', detail: 'The same, from MySQL 8 or MariaDB.' },
});
