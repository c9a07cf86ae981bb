import { DATABASE_KIND_LABELS, type DatabaseSource, type DatabaseSourceKind } from '@trove/contracts';
import { countOf, ROWS } from '../../source-status';
import { createSource, updateSource } from '../../sources-api';
import type { KindGroup, SourceKindUi } from '../source-kind-ui';
import { previewDatabase, previewSavedDatabase, uploadSqliteFile } from './database-api';
import { DatabaseForm } from './database-form';

// What the three database kinds (issue 22) share: one form (a server's connection or an uploaded file, then
// what to index), one button above the sources that asks which, and the card's words. Each kind's folder
// (kinds/postgres, kinds/mysql, kinds/sqlite) gives its titles.

const api = {
  preview: previewDatabase,
  previewSaved: previewSavedDatabase,
  create: createSource,
  update: updateSource,
  upload: uploadSqliteFile,
};

/** "Add a database" above the sources: which kind, then its form. */
export const DATABASE_GROUP: KindGroup = { label: 'Add a database', title: 'Add a database', order: 4 };

export interface DatabaseKindWords {
  /** The new source's popup title ("Add a PostgreSQL server"). */
  title: string;
  /** Its line in "Add a database". */
  choice: { label: string; detail: string };
}

export function databaseKind<K extends DatabaseSourceKind>(
  kind: K,
  words: DatabaseKindWords,
): SourceKindUi<K> {
  const file = kind === 'sqlite';
  return {
    kind,
    add: () => ({
      title: words.title,
      size: 'xl',
      render: (done, cancel) => <DatabaseForm kind={kind} api={api} onSaved={done} onCancel={cancel} />,
    }),
    saved: (source, action) =>
      action !== 'edit'
        ? null
        : {
            title: `Edit ${(source as DatabaseSource).name}`,
            size: 'xl',
            render: (done, cancel) => (
              <DatabaseForm
                kind={kind}
                source={source as DatabaseSource}
                api={api}
                onSaved={done}
                onCancel={cancel}
              />
            ),
          },
    fromCatalog: (connector) => (connector.id === kind ? {} : null),
    button: { group: DATABASE_GROUP, ...words.choice },
    meta: (source) => {
      const saved = source as DatabaseSource;
      const what = saved.settings.query === null ? (saved.settings.table ?? '') : 'a SELECT query';
      if (saved.kind === 'sqlite') return [`SQLite · ${what}`, saved.file.name];
      const { host, port, database } = saved.settings;
      return [`${DATABASE_KIND_LABELS[saved.kind]} · ${what}`, `${host}:${port} · ${database}`];
    },
    units: ROWS,
    remove: {
      what: (documents) => countOf(documents, ROWS),
      // A server may ask no password, and the card cannot tell whether one was saved (issue 38: "forgets its
      // password" when none was set), so it says "any".
      forgets: file ? '' : ', and forgets any password saved for it',
      kept: file
        ? 'The uploaded copy goes with it; your own file is not touched.'
        : 'The database itself is not touched.',
      addAgain: file ? 'file' : 'server',
      comesBack: 'the rows',
    },
    syncNote: (source) => (source as DatabaseSource).sync,
  };
}
