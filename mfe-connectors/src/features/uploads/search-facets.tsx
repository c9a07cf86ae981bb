import {
  chosenPeriod,
  DATABASE_ROW_LABEL,
  isChosenSender,
  type ParsedQuery,
  ROW_KIND,
  type SearchKind,
  withPeriod,
  withSender,
} from '@trove/contracts';
import { Cluster, PillButton, Text, VisuallyHidden } from '@trove/kit/ui';
import type { ReactNode } from 'react';
import type { SearchState } from '../search/use-search-page';
import { KIND_LABELS } from './format';
import { isChosenSource, monthLabel, withSource } from './search-filters';
import * as styles from './uploads.module.css';

// The search's facets as chips with their counts (issue 42 items 4 and 6): kind, source, sender and period. Each
// chip writes the operator a person could type into the query — type:, source:, from:, after:/before: — and reads
// back from the query whether it is chosen, so the box, the URL and the chips say the same search
// (docs/product/uploads-and-search.md#search).

function Count({ n }: { n: number }) {
  return (
    <Text as="span" tone="muted" size="xs" numeric>
      {n}
    </Text>
  );
}

function Chips({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Cluster as="fieldset" gap={2} className={styles.facets}>
      <VisuallyHidden as="legend">{legend}</VisuallyHidden>
      {children}
    </Cluster>
  );
}

export function SearchFacets({
  state,
  q,
  parsed,
  chosenType,
  onType,
  onQuery,
}: {
  state: SearchState;
  q: string;
  parsed: ParsedQuery;
  /** The kind asked for: the query's `type:` or an older link's `type=` parameter. */
  chosenType: SearchKind | null;
  onType: (kind: SearchKind | null) => void;
  /** A chip rewrote the query's operators: search it. */
  onQuery: (q: string) => void;
}) {
  const total = state.facets.reduce((sum, facet) => sum + facet.count, 0);
  const period = chosenPeriod(parsed);
  // A year's months show once the year (or one of its months) is chosen: the year's chip narrows, its month
  // chips narrow further.
  const year = period?.slice(0, 4);
  const months = year === undefined ? [] : state.monthFacets.filter((m) => m.value.startsWith(`${year}-`));
  return (
    <>
      {state.facets.length > 0 ? (
        <Chips legend="Filter by type">
          <PillButton pressed={chosenType === null} onClick={() => onType(null)}>
            All <Count n={total} />
          </PillButton>
          {state.facets.map((facet) => (
            <PillButton
              key={facet.value}
              pressed={chosenType === facet.value}
              onClick={() => onType(chosenType === facet.value ? null : facet.value)}
            >
              {facet.value === ROW_KIND ? DATABASE_ROW_LABEL : KIND_LABELS[facet.value]}{' '}
              <Count n={facet.count} />
            </PillButton>
          ))}
        </Chips>
      ) : null}
      {state.sourceFacets.length > 1 || parsed.source !== undefined ? (
        <Chips legend="Filter by source">
          {state.sourceFacets.map((facet) => {
            const chosen = isChosenSource(parsed.source, facet);
            return (
              <PillButton
                key={facet.value}
                pressed={chosen}
                onClick={() => onQuery(withSource(q, chosen ? null : facet))}
              >
                {facet.label} <Count n={facet.count} />
              </PillButton>
            );
          })}
        </Chips>
      ) : null}
      {state.senderFacets.length > 0 ? (
        <Chips legend="Filter by sender">
          {state.senderFacets.map((facet) => {
            const chosen = isChosenSender(parsed.from, facet);
            return (
              <PillButton
                key={facet.value}
                pressed={chosen}
                title={facet.value === facet.label ? undefined : facet.value}
                onClick={() => onQuery(withSender(q, chosen ? null : facet.value))}
              >
                <Text as="span" tone="muted" size="xs">
                  from
                </Text>{' '}
                {facet.label} <Count n={facet.count} />
              </PillButton>
            );
          })}
        </Chips>
      ) : null}
      {state.yearFacets.length > 0 ? (
        <Chips legend="Filter by date">
          {[
            ...state.yearFacets.map((f) => ({ ...f, label: f.value })),
            ...months.map((f) => ({ ...f, label: monthLabel(f.value) })),
          ].map((facet) => (
            <PillButton
              key={facet.value}
              pressed={period === facet.value}
              onClick={() => onQuery(withPeriod(q, period === facet.value ? null : facet.value))}
            >
              {facet.label} <Count n={facet.count} />
            </PillButton>
          ))}
        </Chips>
      ) : null}
    </>
  );
}
