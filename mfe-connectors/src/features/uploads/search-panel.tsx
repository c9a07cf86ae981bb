import {
  documentHref,
  ROW_KIND,
  type SearchKind,
  documentLabel,
  DATABASE_ROW_LABEL,
  documentSourceLine,
  isDatabaseRow,
  parseSearchQuery,
  type SearchResult,
} from '@trove/contracts';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { KIND_LABELS } from './format';
import { SnippetText } from '@trove/kit';
import { CloseIcon, SearchIcon } from '@trove/kit/icons';
import {
  type FactFilter,
  FILTER_NAMES,
  factChips,
  isChosenSource,
  withFilter,
  withoutFilter,
  withSource,
} from './search-filters';
import type { SearchState } from '../search/use-search-page';
import { Button, Card, Cluster, PillButton, Text, VisuallyHidden } from '@trove/kit/ui';
import * as shared from '../catalog/catalog.module.css';
import * as styles from './uploads.module.css';

/**
 * Said when the search took any of the words (`mode: 'or'`): fewer passages than SEARCH_MIN_AND_RESULTS held
 * every word — maybe none, maybe one, which then comes first (docs/decisions/066) — so "no passage has every
 * word" would be untrue as often as not.
 */
export const RELAXED_TO_ANY_WORD =
  'Few passages have every word, so passages with some of them are shown too.';

/** ADR 011 writes places in lower case ("page 2", "section Terms"); a line of its own starts with a capital. */
function placeLabel(location: string): string {
  return location.charAt(0).toUpperCase() + location.slice(1);
}

function ResultCard({ result, onFact }: { result: SearchResult; onFact: (filter: FactFilter) => void }) {
  const chips = factChips(result.facts);
  const label = documentLabel(result.document);
  // A mailbox's message says where it is filed: "Work mail › INBOX" (issue 21); an upload says nothing.
  const source = documentSourceLine(result.document.source);
  return (
    <li className={styles.result} data-testid="search-result">
      <div className={styles.resultHead}>
        <span className={styles.kindTag}>
          {isDatabaseRow(result.document.source) ? DATABASE_ROW_LABEL : KIND_LABELS[result.document.type]}
        </span>
        {/* Issue 38 item 1: a result opens its document at the passage found. */}
        <h3 className={styles.resultTitle}>
          <Link className={styles.resultLink} to={documentHref(result.document.id, result.passage.id)}>
            {label.title}
          </Link>
        </h3>
      </div>
      {label.fileName === null ? null : <p className={styles.docFile}>{label.fileName}</p>}
      {source === null ? null : (
        <p className={styles.docFile} data-testid="result-source">
          {source}
        </p>
      )}
      {result.passage.location === '' ? null : (
        <p className={styles.location}>{placeLabel(result.passage.location)}</p>
      )}
      <p className={styles.snippet}>
        <SnippetText parts={result.snippet} />
      </p>
      {chips.length > 0 ? (
        <ul className={styles.facts} aria-label="Found in this passage">
          {chips.map((chip) => (
            <li key={`${chip.kind}:${chip.label}`}>
              <button
                type="button"
                className={styles.fact}
                data-kind={chip.kind}
                title={`Only results with ${chip.label}`}
                onClick={() => onFact(chip)}
              >
                <span className={styles.factKind}>{FILTER_NAMES[chip.kind]}</span> {chip.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The label of the search box: it searches uploads, mail and databases alike (issue 38). */
export const SEARCH_BOX_LABEL = 'Search everything';

/**
 * Issue 10 part 4, on a page of its own since issue 38 item 2 (/search): the box, type and source facets,
 * fact filters and more results. The box follows the request, so Back and Forward show what was searched.
 */
export function SearchPanel({
  state,
  onSearch,
  onMore,
  onClear,
}: {
  state: SearchState;
  onSearch: (q: string, type: SearchKind | null, filters: readonly FactFilter[]) => void;
  onMore: () => void;
  onClear: () => void;
}) {
  const request = state.request;
  const [text, setText] = useState(request?.q ?? '');
  const inputId = useId();
  const asked = request?.q ?? '';
  useEffect(() => setText(asked), [asked]);
  const box = useRef<HTMLInputElement>(null);
  // Opened with nothing asked yet (the rail's entry, `/` or Ctrl-K): ready to type.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page opens.
  useEffect(() => {
    if (asked === '') box.current?.focus();
  }, []);
  const type = request?.type ?? null;
  const filters = request?.filters ?? [];
  const chosenSource = request === null ? undefined : parseSearchQuery(request.q).source;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text, type, filters);
  };
  const busy = state.status === 'loading';
  const total = state.facets.reduce((sum, facet) => sum + facet.count, 0);

  return (
    <Card as="section" shadow="sm" className={styles.card} aria-label="Search">
      <search>
        <form className={styles.searchForm} onSubmit={submit}>
          <VisuallyHidden as="label" htmlFor={inputId}>
            {SEARCH_BOX_LABEL}
          </VisuallyHidden>
          <span className={styles.searchIcon}>
            <SearchIcon size={18} />
          </span>
          <input
            ref={box}
            id={inputId}
            className={styles.searchInput}
            type="search"
            value={text}
            placeholder="Words, a name, an amount…"
            autoComplete="off"
            enterKeyHint="search"
            maxLength={500}
            aria-describedby={`${inputId}-syntax`}
            onChange={(event) => {
              setText(event.target.value);
              if (event.target.value === '') onClear();
            }}
          />
          <Button
            type="submit"
            variant="primary"
            className={`${shared.button} ${styles.searchButton}`}
            disabled={busy}
          >
            {busy ? 'Searching…' : 'Search'}
          </Button>
        </form>
        {/* Issue 19 item 4: the syntax the search reads, said where it is typed. */}
        <p id={`${inputId}-syntax`} className={styles.searchHint}>
          Try <code>"exact words"</code>, <code>-without</code>, <code>from:name</code>,{' '}
          <code>subject:word</code>, <code>type:pdf</code>, <code>after:2024-04-01</code>,{' '}
          <code>has:attachment</code>, <code>source:uploads</code>.
        </p>
      </search>

      {request !== null &&
      (state.facets.length > 0 || state.sourceFacets.length > 1 || filters.length > 0) ? (
        <div className={styles.refine}>
          {state.facets.length > 0 ? (
            <fieldset className={styles.facets}>
              <VisuallyHidden as="legend">Filter by type</VisuallyHidden>
              <PillButton pressed={type === null} onClick={() => onSearch(request.q, null, filters)}>
                All <span className={styles.count}>{total}</span>
              </PillButton>
              {state.facets.map((facet) => (
                <PillButton
                  key={facet.value}
                  pressed={type === facet.value}
                  onClick={() => onSearch(request.q, type === facet.value ? null : facet.value, filters)}
                >
                  {facet.value === ROW_KIND ? DATABASE_ROW_LABEL : KIND_LABELS[facet.value]}{' '}
                  <span className={styles.count}>{facet.count}</span>
                </PillButton>
              ))}
            </fieldset>
          ) : null}
          {state.sourceFacets.length > 1 || chosenSource !== undefined ? (
            <fieldset className={styles.facets}>
              <VisuallyHidden as="legend">Filter by source</VisuallyHidden>
              {state.sourceFacets.map((facet) => {
                const chosen = isChosenSource(chosenSource, facet);
                return (
                  <PillButton
                    key={facet.value}
                    pressed={chosen}
                    onClick={() => {
                      const q = withSource(request.q, chosen ? null : facet);
                      setText(q);
                      onSearch(q, type, filters);
                    }}
                  >
                    {facet.label} <span className={styles.count}>{facet.count}</span>
                  </PillButton>
                );
              })}
            </fieldset>
          ) : null}
          {filters.length > 0 ? (
            <Cluster as="ul" gap={2} aria-label="Active filters">
              {filters.map((filter) => (
                <li key={filter.kind}>
                  <button
                    type="button"
                    className={styles.activeFilter}
                    aria-label={`Remove filter ${FILTER_NAMES[filter.kind]}: ${filter.label}`}
                    onClick={() => onSearch(request.q, type, withoutFilter(filters, filter.kind))}
                  >
                    {FILTER_NAMES[filter.kind]}: {filter.label}
                    <CloseIcon size={16} />
                  </button>
                </li>
              ))}
            </Cluster>
          ) : null}
        </div>
      ) : null}

      <div aria-busy={busy}>
        {state.status === 'error' ? (
          <p className={styles.errorLine} role="alert">
            {state.error}
          </p>
        ) : null}
        {request !== null && state.status === 'done' && state.results.length === 0 ? (
          <Text tone="muted" size="sm">
            Nothing you uploaded or connected matches “{request.q}”
            {type !== null || filters.length > 0 ? ' with these filters' : ''}. Try fewer or different words.
          </Text>
        ) : null}
        {state.results.length > 0 ? (
          <>
            {state.mode === 'or' ? (
              <Text tone="muted" size="sm">
                {RELAXED_TO_ANY_WORD}
              </Text>
            ) : null}
            <ol className={styles.results}>
              {state.results.map((result) => (
                <ResultCard
                  key={result.passage.id}
                  result={result}
                  onFact={(filter) => onSearch(request?.q ?? text, type, withFilter(filters, filter))}
                />
              ))}
            </ol>
          </>
        ) : null}
        {state.nextCursor !== null && state.results.length > 0 ? (
          <Button
            className={`${shared.button} ${shared.secondary}`}
            disabled={state.status === 'more'}
            onClick={onMore}
          >
            {state.status === 'more' ? 'Loading…' : 'More results'}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
