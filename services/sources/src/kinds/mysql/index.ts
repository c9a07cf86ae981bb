import { databaseServerKind } from '../../database/database-kind';

// A MySQL or MariaDB table or query (issue 22). Reads run in a child process (docs/decisions/082).
export const mysqlKind = databaseServerKind('mysql');
