import { usePopup, useSession, useToasts } from '@trove/kit';
import { useCallback, useId, useMemo, useState } from 'react';
import { Button, Cluster, Eyebrow, Grid, Input, Placeholder, Select, VisuallyHidden } from '@trove/kit/ui';
import * as shared from '../catalog/catalog.module.css';
import type { HeadingLevel } from '../catalog/heading';
import { connectAction } from '../catalog/login-redirects';
import { openPopup } from '../catalog/open-popup';
import {
  initialPaging,
  isPageSize,
  loadMore,
  moreCount,
  PAGE_SIZES,
  type Paging,
  resetPaging,
  visibleSlice,
  withPageSize,
} from '../catalog/paging';
import { AddServerDetails } from './add-server-details';
import { ConnectorCard } from './connector-card';
import {
  type ConnectorFilters,
  categoryCounts,
  defaultConnectorFilters,
  hiddenCounts,
  TOGGLES_OFF,
  filterConnectors,
  filtersChanged,
  type RoleFilter,
} from './connector-filters';
import { connectorState } from './connector-state';
import * as styles from './connectors.module.css';
import { type Connector, categories, categoryLabels } from './connectors';
import { useConnectorSettings } from './use-connector-settings';

export interface ConnectorCatalogProps {
  /** The catalog's accessible name. Default "Integrations". */
  label?: string;
  /** Filters to start from, over the docs/product/connections.md#filters defaults (e.g. `{ category: 'mail' }` for a deep link). */
  initialFilters?: Partial<ConnectorFilters>;
  /** Heading level of each card's name, to fit the host page's outline. Default 3. */
  cardHeadingLevel?: HeadingLevel;
  /**
   * The host page's own "Add server" form for a connector (the Connections page's IMAP form, issue 21):
   * true when it opened one; otherwise the card's coming-soon popup says what it will need.
   */
  openServerForm?: (connector: Connector) => boolean;
}

const toggles = [
  { key: 'oauth', label: 'OAuth', hint: 'Sign in; no passwords or keys' },
  { key: 'onDevice', label: 'On-device', hint: 'Indexed on your device' },
  { key: 'readOnly', label: 'Read-only', hint: 'Never writes to the source' },
  { key: 'deltaSync', label: 'Delta sync', hint: 'Fetches only what changed' },
] as const;

const roles: ReadonlyArray<{ value: RoleFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'sources', label: 'Sources' },
  { value: 'destinations', label: 'Destinations' },
];

/**
 * The connector catalog (docs/product/connections.md#connectors, docs/product/connections.md#card-states, docs/product/connections.md#filters, docs/product/connections.md#paging): sidebar filters and a paged card grid. Exposed as
 * trove_connectors/ConnectorCatalog for the landing page's Integrations tab and /integrations, and
 * rendered by ConnectionsPage — one component, one copy of the data.
 */
export function ConnectorCatalogView({
  label = 'Integrations',
  initialFilters,
  cardHeadingLevel = 3,
  openServerForm,
  go,
}: ConnectorCatalogProps & {
  /** Where a guest's "Connect" leads: the router's navigation, or a page load on the drawn page's island (docs/decisions/222). */
  go: (to: string) => void;
}) {
  const [filters, setFilters] = useState<ConnectorFilters>(() => ({
    ...defaultConnectorFilters,
    ...initialFilters,
  }));
  const [paging, setPaging] = useState<Paging>(initialPaging);
  const [panelOpen, setPanelOpen] = useState(false);
  const settings = useConnectorSettings();
  const session = useSession();
  const toasts = useToasts();
  const popup = usePopup();
  const ids = { search: useId(), pageSize: useId(), panel: useId(), grid: useId() };

  const matches = useMemo(() => filterConnectors(filters), [filters]);
  const counts = useMemo(() => categoryCounts(filters), [filters]);
  const hidden = useMemo(() => hiddenCounts(filters), [filters]);
  const hiddenHere =
    filters.category === 'all'
      ? [...hidden.values()].reduce((sum, n) => sum + n, 0)
      : (hidden.get(filters.category) ?? 0);
  const allCount = [...counts.values()].reduce((sum, n) => sum + n, 0);
  const visible = visibleSlice(matches, paging);
  const more = moreCount(paging, matches.length);

  // docs/product/connections.md#paging: any filter change resets the shown count to the page size.
  const updateFilters = useCallback((patch: Partial<ConnectorFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPaging(resetPaging);
  }, []);

  const onConnect = useCallback(
    (connector: Connector) => {
      const action = connectAction(connector, session.status);
      if (action.kind === 'login') {
        go(action.to);
      } else if (action.kind === 'coming-soon') {
        // docs/product/public-pages.md#integrations-tab: for a signed-in visitor the one effect shown is logging the connector id.
        console.info(`connect: ${action.connectorId}`);
        toasts.show({ type: 'info', message: action.message });
      }
    },
    [session.status, go, toasts],
  );

  const onAddServer = useCallback(
    (connector: Connector) => {
      if (openServerForm?.(connector)) return;
      openPopup(
        popup,
        `Add ${connector.name}`,
        <AddServerDetails connector={connector} onClose={() => popup.close()} />,
      );
    },
    [popup, openServerForm],
  );

  // What the collapsed panel hides on a narrow screen, counted on its button so nothing is set unseen.
  const panelChanges =
    toggles.filter((toggle) => filters[toggle.key] !== defaultConnectorFilters[toggle.key]).length +
    (filters.role === defaultConnectorFilters.role ? 0 : 1);

  return (
    <section className={styles.catalog} aria-label={label}>
      <div className={styles.layout}>
        <form
          className={styles.sidebar}
          aria-label="Filter integrations"
          onSubmit={(e) => e.preventDefault()}
        >
          <div className={styles.searchRow}>
            <div className={shared.field}>
              <Eyebrow as="label" className={shared.fieldLabel} htmlFor={ids.search}>
                Search
              </Eyebrow>
              <Input
                compact
                id={ids.search}
                type="search"
                placeholder="Name or what it holds"
                autoComplete="off"
                value={filters.search}
                onChange={(event) => updateFilters({ search: event.target.value })}
              />
            </div>
            <Button
              className={`${shared.button} ${shared.secondary} ${styles.panelToggle}`}
              aria-expanded={panelOpen}
              aria-controls={ids.panel}
              onClick={() => setPanelOpen((open) => !open)}
            >
              Filters
              {panelChanges > 0 ? (
                <span className={styles.badge}>
                  {panelChanges}
                  <VisuallyHidden> changed</VisuallyHidden>
                </span>
              ) : null}
            </Button>
          </div>
          <div id={ids.panel} className={styles.panel} data-open={panelOpen || undefined}>
            <fieldset className={shared.field}>
              <Eyebrow as="legend" className={shared.fieldLabel}>
                Show only
              </Eyebrow>
              <div className={styles.toggles}>
                {toggles.map((toggle) => (
                  <label key={toggle.key} className={styles.toggle}>
                    <input
                      type="checkbox"
                      className={styles.switch}
                      checked={filters[toggle.key]}
                      onChange={(event) => updateFilters({ [toggle.key]: event.target.checked })}
                    />
                    <span className={styles.toggleText}>
                      <span className={styles.toggleLabel}>{toggle.label}</span>
                      <span className={styles.toggleHint}>{toggle.hint}</span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            <fieldset className={shared.field}>
              <Eyebrow as="legend" className={shared.fieldLabel}>
                Role
              </Eyebrow>
              <div className={shared.segmented}>
                {roles.map((role) => (
                  <label key={role.value} className={shared.segment}>
                    <input
                      type="radio"
                      name={`${ids.panel}-role`}
                      value={role.value}
                      checked={filters.role === role.value}
                      onChange={() => updateFilters({ role: role.value })}
                    />
                    {role.label}
                  </label>
                ))}
              </div>
            </fieldset>
          </div>
          <fieldset className={`${shared.field} ${styles.categoryField}`}>
            <Eyebrow as="legend" className={shared.fieldLabel}>
              Category
            </Eyebrow>
            <div className={styles.categories}>
              {(['all', ...categories] as const).map((category) => {
                const count = category === 'all' ? allCount : (counts.get(category) ?? 0);
                const more = category === 'all' ? 0 : (hidden.get(category) ?? 0);
                return (
                  <label key={category} className={styles.category}>
                    <input
                      type="radio"
                      name={`${ids.panel}-category`}
                      value={category}
                      checked={filters.category === category}
                      onChange={() => updateFilters({ category })}
                    />
                    <span>{category === 'all' ? 'All categories' : categoryLabels[category]}</span>
                    <span className={styles.categoryCount}>
                      {count}
                      {more > 0 ? (
                        <span className={styles.categoryHidden} title={`${more} more hidden by the filters`}>
                          {' '}
                          +{more}
                          <VisuallyHidden> hidden by the filters</VisuallyHidden>
                        </span>
                      ) : null}
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        </form>

        <div className={styles.results}>
          <Cluster gap={3} align="center" justify="between">
            <p className={shared.count} data-testid="connector-count" aria-live="polite">
              {matches.length === 0 ? (
                'No matches'
              ) : (
                <>
                  Showing <strong>{visible.length}</strong> of <strong>{matches.length}</strong>{' '}
                  {matches.length === 1 ? 'integration' : 'integrations'}
                </>
              )}
            </p>
            <div className={styles.pageSize}>
              {/* Issue 38: "Per page 10" beside "Showing 12 of 20" read as a contradiction; the number is how
                  many "Load more" adds (docs/product/connections.md#paging), and the label says so. */}
              <label htmlFor={ids.pageSize}>Load more by</label>
              <Select
                compact
                id={ids.pageSize}
                value={paging.pageSize}
                onChange={(event) => {
                  const size = Number(event.target.value);
                  if (isPageSize(size)) setPaging(withPageSize(size));
                }}
              >
                {PAGE_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </Select>
            </div>
          </Cluster>

          {matches.length === 0 ? (
            <Placeholder>
              <p className={shared.emptyText}>No integrations match your filters.</p>
              {hiddenHere > 0 ? (
                <>
                  <p className={shared.emptyText}>
                    {hiddenHere} {filters.category === 'all' ? '' : `in ${categoryLabels[filters.category]} `}
                    {hiddenHere === 1 ? 'is' : 'are'} hidden by “Show only”.
                  </p>
                  <Button
                    className={`${shared.button} ${shared.secondary}`}
                    onClick={() => updateFilters(TOGGLES_OFF)}
                  >
                    Show {hiddenHere === 1 ? 'it' : 'them'}
                  </Button>
                </>
              ) : null}
              {filtersChanged(filters) ? (
                <Button
                  className={`${shared.button} ${shared.secondary}`}
                  onClick={() => updateFilters(defaultConnectorFilters)}
                >
                  Reset filters
                </Button>
              ) : null}
            </Placeholder>
          ) : (
            <Grid min="15.5rem" gap={4} id={ids.grid} aria-label={`${label}: results`}>
              {visible.map((connector) => (
                <li key={connector.id} className={styles.cell}>
                  <ConnectorCard
                    connector={connector}
                    state={connectorState(
                      connector,
                      settings.status === 'ready' ? settings.settings : undefined,
                    )}
                    headingLevel={cardHeadingLevel}
                    waiting={session.status === 'loading'}
                    onConnect={onConnect}
                    onAddServer={onAddServer}
                  />
                </li>
              ))}
            </Grid>
          )}

          {more > 0 ? (
            <div className={styles.more}>
              <Button
                className={`${shared.button} ${shared.secondary}`}
                aria-controls={ids.grid}
                onClick={() => setPaging(loadMore)}
              >
                Load {more} more
              </Button>
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}
