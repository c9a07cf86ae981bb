import { useSession } from '@trove/kit';
import { useId, useMemo, useState } from 'react';
import { Button, Eyebrow, Grid, Placeholder, Select, Text } from '@trove/kit/ui';
import * as shared from '../catalog/catalog.module.css';
import type { HeadingLevel } from '../catalog/heading';
import { PlaybookCard } from './playbook-card';
import {
  defaultPlaybookFilters,
  filterPlaybooks,
  type PlaybookFilters,
  playbookFiltersChanged,
} from './playbook-filters';
import { actionTags, departments, difficulties, difficultyLabels, tagLabels } from './playbooks';
import * as styles from './playbooks.module.css';

export interface PlaybookCatalogProps {
  /** The catalog's accessible name. Default "Playbooks". */
  label?: string;
  /** Filters to start from (all off by default), e.g. `{ dept: 'Finance' }`. */
  initialFilters?: Partial<PlaybookFilters>;
  /** Heading level of each card's name. Default 3. */
  cardHeadingLevel?: HeadingLevel;
}

/**
 * The playbook catalog (docs/product/connections.md#playbooks, docs/product/connections.md#playbook-filters): department, action and difficulty filters over a card grid.
 * Exposed as trove_connectors/PlaybookCatalog for the landing page's Playbooks tab.
 */
export function PlaybookCatalog({
  label = 'Playbooks',
  initialFilters,
  cardHeadingLevel = 3,
}: PlaybookCatalogProps) {
  const [filters, setFilters] = useState<PlaybookFilters>(() => ({
    ...defaultPlaybookFilters,
    ...initialFilters,
  }));
  const { status } = useSession();
  const ids = { dept: useId(), tag: useId(), difficulty: useId() };
  const matches = useMemo(() => filterPlaybooks(filters), [filters]);
  const update = (patch: Partial<PlaybookFilters>) => setFilters((current) => ({ ...current, ...patch }));

  return (
    <section className={styles.catalog} aria-label={label}>
      <form className={styles.filters} aria-label="Filter playbooks" onSubmit={(e) => e.preventDefault()}>
        <div className={shared.field}>
          <Eyebrow as="label" className={shared.fieldLabel} htmlFor={ids.dept}>
            Department
          </Eyebrow>
          <Select
            compact
            id={ids.dept}
            value={filters.dept}
            onChange={(event) => update({ dept: event.target.value as PlaybookFilters['dept'] })}
          >
            <option value="all">All departments</option>
            {departments.map((dept) => (
              <option key={dept} value={dept}>
                {dept}
              </option>
            ))}
          </Select>
        </div>
        <div className={shared.field}>
          <Eyebrow as="label" className={shared.fieldLabel} htmlFor={ids.tag}>
            Action
          </Eyebrow>
          <Select
            compact
            id={ids.tag}
            value={filters.tag}
            onChange={(event) => update({ tag: event.target.value as PlaybookFilters['tag'] })}
          >
            <option value="all">Any action</option>
            {actionTags.map((tag) => (
              <option key={tag} value={tag}>
                {tagLabels[tag]}
              </option>
            ))}
          </Select>
        </div>
        <fieldset className={shared.field}>
          <Eyebrow as="legend" className={shared.fieldLabel}>
            Difficulty
          </Eyebrow>
          <div className={shared.segmented}>
            {(['all', ...difficulties] as const).map((difficulty) => (
              <Text as="label" key={difficulty} tone="muted" size="sm" className={shared.segment}>
                <input
                  type="radio"
                  name={ids.difficulty}
                  value={difficulty}
                  checked={filters.difficulty === difficulty}
                  onChange={() => update({ difficulty })}
                />
                {difficulty === 'all' ? 'Any' : difficultyLabels[difficulty]}
              </Text>
            ))}
          </div>
        </fieldset>
        <Text
          tone="muted"
          size="sm"
          className={`${shared.count} ${styles.count}`}
          data-testid="playbook-count"
          aria-live="polite"
        >
          <strong>{matches.length}</strong> {matches.length === 1 ? 'playbook' : 'playbooks'}
        </Text>
      </form>

      {matches.length === 0 ? (
        <Placeholder>
          <Text tone="strong" weight="semibold">
            No playbooks match your filters.
          </Text>
          {playbookFiltersChanged(filters) ? (
            <Button
              className={`${shared.button} ${shared.secondary}`}
              onClick={() => setFilters(defaultPlaybookFilters)}
            >
              Reset filters
            </Button>
          ) : null}
        </Placeholder>
      ) : (
        <Grid min="18rem" gap={4} aria-label={`${label}: results`}>
          {matches.map((playbook) => (
            <li key={playbook.id} className={styles.cell}>
              <PlaybookCard playbook={playbook} headingLevel={cardHeadingLevel} sessionStatus={status} />
            </li>
          ))}
        </Grid>
      )}
    </section>
  );
}
