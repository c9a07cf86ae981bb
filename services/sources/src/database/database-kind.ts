import {
  type DatabaseServerSettings,
  DatabaseServerSettingsSchema,
  type DatabaseTableInfo,
  databaseSyncMode,
  type SqliteSettings,
  SqliteSettingsSchema,
} from '@trove/contracts';
import type { SourceKind } from '../kinds/source-kind';
import { classifyError } from './database-reader';
import { databaseProblemWords, openReader, previewDatabase } from './database-source';
import {
  DATABASE_RETRIED,
  databaseIds,
  databaseSteps,
  databaseTarget,
  readerOptions,
} from './database-steps';

// What the three database kinds share (issue 22): their kind objects differ in the settings schema and how
// they are shown; reading, previewing, syncing and the words for a failure are one dialect library.

type DatabaseKindName = 'postgres' | 'mysql' | 'sqlite';

/** A database kind's parts that are the same for a server and a file. */
function sharedParts<Settings extends DatabaseServerSettings | SqliteSettings>(name: DatabaseKindName) {
  const parts: Pick<
    SourceKind<Settings, never, DatabaseTableInfo>,
    | 'test'
    | 'discover'
    | 'sync'
    | 'listIds'
    | 'describeFailure'
    | 'retried'
    | 'readAhead'
    | 'restartFields'
    | 'itemNoun'
  > = {
    itemNoun: { one: 'row', many: 'rows' },
    // A new table, query, id column or file starts the source over (unchanged rows are still not indexed again).
    restartFields: ['table', 'query', 'id_column', 'changed_at_column', 'file_id'],
    test: {
      answer: 'preview',
      run: (context, settings, password) =>
        previewDatabase(
          context.db,
          databaseTarget(name, settings, password),
          settings,
          readerOptions(context),
        ),
    },
    async discover(context, settings, password) {
      const reader = await openReader(
        context.db,
        databaseTarget(name, settings, password),
        readerOptions(context),
      );
      try {
        return await reader.listTables();
      } finally {
        await reader.close();
      }
    },
    sync: databaseSteps(name),
    listIds: databaseIds,
    describeFailure(error, settings) {
      const failure = classifyError(error);
      return {
        problem: failure.problem,
        ...databaseProblemWords(failure, databaseTarget(name, settings, ''), settings),
      };
    },
    retried: DATABASE_RETRIED,
    readAhead: true,
  };
  return parts;
}

/** PostgreSQL or MySQL/MariaDB: a server, its password bound to where it connects (docs/decisions/080). */
export function databaseServerKind<Name extends 'postgres' | 'mysql'>(
  name: Name,
): SourceKind<DatabaseServerSettings, never, DatabaseTableInfo, Name> {
  return {
    name,
    settings: DatabaseServerSettingsSchema,
    // A server may ask no password: "" is one.
    password: 'optional',
    connectionFields: { host: 'host', port: 'port', user: 'user', database: 'database', tls: 'encryption' },
    host: (settings) => settings.host,
    fileId: () => null,
    defaultName: (settings) => settings.table ?? `${settings.database} query`,
    describe: (base, settings) => ({ ...base, kind: name, settings, sync: databaseSyncMode(settings) }),
    ...sharedParts<DatabaseServerSettings>(name),
  };
}

/** An uploaded SQLite file (docs/decisions/053-sqlite-source-files.md): no host, no password. */
export const sqliteKind: SourceKind<SqliteSettings, never, DatabaseTableInfo, 'sqlite'> = {
  name: 'sqlite',
  settings: SqliteSettingsSchema,
  password: 'none',
  connectionFields: {},
  host: () => null,
  fileId: (settings) => settings.file_id,
  defaultName: (settings, file) => settings.table ?? file?.name ?? 'SQLite query',
  describe: (base, settings, file) => ({
    ...base,
    kind: 'sqlite',
    settings,
    sync: databaseSyncMode(settings),
    file: {
      id: settings.file_id,
      name: file?.name ?? 'SQLite file',
      size_bytes: file?.sizeBytes ?? 0,
      uploaded_at: (file?.createdAt ?? new Date(base.created_at)).toISOString(),
    },
  }),
  ...sharedParts<SqliteSettings>('sqlite'),
};
