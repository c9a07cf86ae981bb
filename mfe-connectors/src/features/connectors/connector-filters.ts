import { type Connector, type ConnectorCategory, connectors as allConnectors } from './connectors';

export type RoleFilter = 'all' | 'sources' | 'destinations';

/** docs/product/connections.md#filters integration filters; the semantics are written down in docs/decisions/004. */
export interface ConnectorFilters {
  /** On: only connectors you connect by signing in, never by typing a password or key. */
  oauth: boolean;
  /** On: only connectors indexed on the device (hides the server-indexed databases). */
  onDevice: boolean;
  /** On: only read-only connectors. */
  readOnly: boolean;
  /** On: only connectors that fetch just what changed after the first sync. */
  deltaSync: boolean;
  role: RoleFilter;
  category: ConnectorCategory | 'all';
  /** Matched against name and notes. */
  search: string;
}

/** docs/product/connections.md#filters: the four toggles default to on; role All. */
export const defaultConnectorFilters: Readonly<ConnectorFilters> = {
  oauth: true,
  onDevice: true,
  readOnly: true,
  deltaSync: true,
  role: 'all',
  category: 'all',
  search: '',
};

/** Lower-cased words of the query; every word must appear in the name or the notes. */
export function searchWords(search: string): string[] {
  return search.toLowerCase().split(/\s+/).filter(Boolean);
}

function matchesSearch(connector: Connector, words: readonly string[]): boolean {
  const text = `${connector.name} ${connector.notes}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

function matchesRole(connector: Connector, role: RoleFilter): boolean {
  if (role === 'sources') return connector.role !== 'destination';
  if (role === 'destinations') return connector.role !== 'source';
  return true;
}

/**
 * Everything but the category: the sidebar counts use this, so each category shows how many it would
 * list with the other filters as they are.
 */
export function matchesOtherFilters(connector: Connector, filters: ConnectorFilters): boolean {
  // A connector that asks for no credentials at all (the local folder) passes "OAuth": the toggle is
  // about never handing over a password or key (docs/decisions/004).
  if (filters.oauth && connector.auth !== 'oauth' && connector.auth !== 'none') return false;
  if (filters.onDevice && connector.index !== 'on-device') return false;
  if (filters.readOnly && connector.access !== 'read-only') return false;
  if (filters.deltaSync && !connector.deltaSync) return false;
  return matchesRole(connector, filters.role) && matchesSearch(connector, searchWords(filters.search));
}

export function filterConnectors(
  filters: ConnectorFilters,
  connectors: readonly Connector[] = allConnectors,
): Connector[] {
  return connectors.filter(
    (connector) =>
      (filters.category === 'all' || connector.category === filters.category) &&
      matchesOtherFilters(connector, filters),
  );
}

/** How many connectors each category would list with the other filters as they are. */
export function categoryCounts(
  filters: ConnectorFilters,
  connectors: readonly Connector[] = allConnectors,
): Map<ConnectorCategory, number> {
  const counts = new Map<ConnectorCategory, number>();
  for (const connector of connectors) {
    if (!matchesOtherFilters(connector, filters)) continue;
    counts.set(connector.category, (counts.get(connector.category) ?? 0) + 1);
  }
  return counts;
}

/** The four toggles off: nothing hidden for how it connects, indexes or syncs. */
export const TOGGLES_OFF = { oauth: false, onDevice: false, readOnly: false, deltaSync: false } as const;

/**
 * How many connectors of each category the four toggles hide (role and search as they are). Issue 38:
 * "Storage & databases 0" while PostgreSQL, MySQL and SQLite work — the defaults hide every password-based
 * and server-indexed connector, and the count gave no hint that anything was there.
 */
export function hiddenCounts(
  filters: ConnectorFilters,
  connectors: readonly Connector[] = allConnectors,
): Map<ConnectorCategory, number> {
  const open = { ...filters, ...TOGGLES_OFF };
  const counts = new Map<ConnectorCategory, number>();
  for (const connector of connectors) {
    if (!matchesOtherFilters(connector, open) || matchesOtherFilters(connector, filters)) continue;
    counts.set(connector.category, (counts.get(connector.category) ?? 0) + 1);
  }
  return counts;
}

/** True when any filter differs from its default (the empty state then offers to reset them). */
export function filtersChanged(filters: ConnectorFilters): boolean {
  return (Object.keys(defaultConnectorFilters) as (keyof ConnectorFilters)[]).some((key) =>
    key === 'search' ? filters.search.trim() !== '' : filters[key] !== defaultConnectorFilters[key],
  );
}
