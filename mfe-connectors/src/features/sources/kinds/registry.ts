import type { Source, SourceKind } from '@trove/contracts';
import type { Connector } from '../../connectors/connectors';
import { calendarKind } from './calendar';
import { gitKind } from './git';
import { imapKind } from './imap';
import { mysqlKind } from './mysql';
import { postgresKind } from './postgres';
import type { KindGroup, SourceKindUi } from './source-kind-ui';
import { sqliteKind } from './sqlite';
import { webdavKind } from './webdav';

// Every source kind the Connections page knows (issue 34 item 2, docs/decisions/213), by the name contracts
// give it, as services/sources/src/kinds/registry.ts is: a kind the wire accepts and this list lacks does not
// compile. The dialogs, the cards, the buttons above them and the catalog ask here rather than name kinds.
export const SOURCE_KIND_UI: { readonly [K in SourceKind]: SourceKindUi<K> } = {
  imap: imapKind,
  postgres: postgresKind,
  mysql: mysqlKind,
  sqlite: sqliteKind,
  webdav: webdavKind,
  git: gitKind,
  calendar: calendarKind,
};

const KINDS = Object.keys(SOURCE_KIND_UI) as SourceKind[];

/** A kind's entry, its source's type widened to any source's. */
export const kindUi = (kind: SourceKind): SourceKindUi<SourceKind> =>
  SOURCE_KIND_UI[kind] as SourceKindUi<SourceKind>;

/** A saved source's entry. */
export const sourceUi = (source: Source) => kindUi(source.kind);

/** The form a catalog card's "Add server" (or "Add file") opens, and how it starts; null: none here yet. */
export function catalogForm(connector: Connector): { kind: SourceKind; start?: string } | null {
  for (const kind of KINDS) {
    const found = kindUi(kind).fromCatalog?.(connector);
    if (found) return { kind, ...found };
  }
  return null;
}

/** A button above the sources: one kind's form, or a group's choice of kinds first. */
export type SourceButton =
  | { label: string; primary: boolean; kind: SourceKind }
  | { label: string; primary: false; group: KindGroup; kinds: readonly SourceKind[] };

function sourceButtons(): SourceButton[] {
  const buttons: (SourceButton & { order: number })[] = [];
  for (const kind of KINDS) {
    const { button } = kindUi(kind);
    if (!('group' in button)) {
      buttons.push({ label: button.label, primary: button.primary ?? false, kind, order: button.order });
      continue;
    }
    const group = buttons.find((shown) => 'group' in shown && shown.group === button.group);
    if (group && 'kinds' in group) group.kinds = [...group.kinds, kind];
    else
      buttons.push({
        label: button.group.label,
        primary: false,
        group: button.group,
        kinds: [kind],
        order: button.group.order,
      });
  }
  return buttons.sort((a, b) => a.order - b.order).map(({ order: _order, ...button }) => button);
}

/** The buttons above the sources, in their order. */
export const SOURCE_BUTTONS: readonly SourceButton[] = sourceButtons();
