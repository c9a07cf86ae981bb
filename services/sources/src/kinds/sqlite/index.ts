// An uploaded SQLite file (issue 22; docs/decisions/053-sqlite-source-files.md), read only, in a child process
// with trusted_schema off (docs/decisions/082).
export { sqliteKind } from '../../database/database-kind';
