import { databaseServerKind } from '../../database/database-kind';

// A PostgreSQL table or query (issue 22). Reads run in a child process (docs/decisions/082), each in its own
// read-only transaction with a statement timeout (docs/decisions/081).
export const postgresKind = databaseServerKind('postgres');
