import type { AnySourceKind, SourceKindName } from './source-kind';
import { gitKind } from './git';
import { calendarKind } from './calendar';
import { imapKind } from './imap';
import { mysqlKind } from './mysql';
import { postgresKind } from './postgres';
import { sqliteKind } from './sqlite';
import { webdavKind } from './webdav';

// Every source kind the service knows, by the name contracts give it (docs/decisions/084-one-source-kind-interface.md).
// A Record over contracts' names: a kind the wire accepts and this list lacks does not compile, and each entry's
// name must be its key.
export const SOURCE_KIND_REGISTRY: { readonly [Name in SourceKindName]: AnySourceKind<Name> } = {
  imap: imapKind,
  postgres: postgresKind,
  mysql: mysqlKind,
  sqlite: sqliteKind,
  webdav: webdavKind,
  git: gitKind,
  calendar: calendarKind,
};

/** A saved source's kind; undefined for a name no longer known (a row written by a newer version). */
export function kindOf(name: string): AnySourceKind | undefined {
  return (SOURCE_KIND_REGISTRY as Readonly<Record<string, AnySourceKind>>)[name];
}
