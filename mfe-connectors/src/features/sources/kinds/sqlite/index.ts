import { databaseKind } from '../database/database-kind';

// An uploaded SQLite file (issue 22): "Add file", then its table.
export const sqliteKind = databaseKind('sqlite', {
  title: 'Add a SQLite file',
  choice: { label: 'SQLite file', detail: 'Upload a .sqlite or .db file and pick its table.' },
});
