import {
  documentHref,
  type SearchKind,
  documentLabel,
  DATABASE_ROW_LABEL,
  documentSourceLine,
  isDatabaseRow,
  parseSearchQuery,
  type SearchResult,
  typeOperatorValue,
} from '@trove/contracts';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { KIND_LABELS } from './format';
import { SnippetText } from '@trove/kit';
import { CloseIcon, SearchIcon } from '@trove/kit/icons';
import {
  activeFacts,
  type FactFilter,
  FILTER_NAMES,
  factChips,
  isChosenFact,
  withFact,
  withoutFact,
  withType,
} from './search-filters';
import { searchDelay, typedSearch } from '../search/as-you-type';
import { focusResult, resultCountWords } from '../search/result-keys';
import type { SearchState } from '../search/use-search-page';
import { Button, Card, Cluster, Input, Text, VisuallyHidden } from '@trove/kit/ui';
import * as shared from '../catalog/catalog.module.css';
import { SearchFacets } from './search-facets';
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

function ResultCard({
  result,
  chosen,
  onFact,
}: {
  result: SearchResult;
  /** Whether a fact is the query's operator of its kind (its chip then shows pressed). */
  chosen: (fact: FactFilter) => boolean;
  onFact: (filter: FactFilter) => void;
}) {
  const chips = factChips(result.facts);
  const label = documentLabel(result.document);
  // A mailbox's message says where it is filed: "Work mail › INBOX" (issue 21); an upload says nothing.
  const source = documentSourceLine(result.document.source);
  return (
    <li className={styles.result} data-testid="search-result">
      <Cluster gap={2} rowGap={1} align="baseline" className={styles.resultHead}>
        <Text as="span" tone="muted" size="xs" weight="semibold" className={styles.kindTag}>
          {isDatabaseRow(result.document.source) ? DATABASE_ROW_LABEL : KIND_LABELS[result.document.type]}
        </Text>
        {/* Issue 38 item 1: a result opens its document at the passage found. */}
        <Text as="h3" breakAnywhere className={styles.resultTitle}>
          <Link
            className={styles.resultLink}
            data-result-link=""
            to={documentHref(result.document.id, result.passage.id)}
          >
            {label.title}
          </Link>
        </Text>
      </Cluster>
      {label.fileName === null ? null : <p className={styles.docFile}>{label.fileName}</p>}
      {source === null ? null : (
        <p className={styles.docFile} data-testid="result-source">
          {source}
        </p>
      )}
      {result.passage.location === '' ? null : (
        <Text tone="muted" size="xs" className={styles.location}>
          {placeLabel(result.passage.location)}
        </Text>
      )}
      <Text size="sm" breakAnywhere className={styles.snippet}>
        <SnippetText parts={result.snippet} />
      </Text>
      {chips.length > 0 ? (
        <Cluster as="ul" gap={1} aria-label="Found in this passage">
          {chips.map((chip) => (
            <li key={`${chip.kind}:${chip.label}`}>
              <button
                type="button"
                className={styles.fact}
                data-kind={chip.kind}
                aria-pressed={chosen(chip)}
                title={`Only results with ${chip.label}`}
                onClick={() => onFact(chip)}
              >
                <Text as="span" tone="muted" weight="semibold">
                  {FILTER_NAMES[chip.kind]}
                </Text>{' '}
                {chip.label}
              </button>
            </li>
          ))}
        </Cluster>
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
  onType,
  onMore,
  onClear,
}: {
  state: SearchState;
  onSearch: (q: string, type: SearchKind | null, options?: { typed?: boolean }) => void;
  /** The box's text as typed, a moment after the last keystroke (issue 42 item 5). */
  onType?: (text: string) => void;
  onMore: () => void;
  onClear: () => void;
}) {
  const request = state.request;
  const [text, setText] = useState(request?.q ?? '');
  const inputId = useId();
  const asked = request?.q ?? '';
  /** What the box itself last asked for: the URL coming back with it must not rewrite what is typed. */
  const sent = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** When the box last sent a search as typed (performance.now()): keys closer than the gap are gathered. */
  const lastSent = useRef<number | null>(null);
  const cursor = useRef<[number, number] | null>(null);
  const resultsRef = useRef<HTMLOListElement>(null);
  // Back, Forward or a chip changed the search: the box shows it. The box's own searches leave the text
  // (its spaces, its cursor) as typed.
  useEffect(() => {
    if (sent.current !== null && sent.current === asked) return;
    sent.current = null;
    setText(asked);
  }, [asked]);
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);
  const box = useRef<HTMLInputElement>(null);
  // Opened with nothing asked yet (the rail's entry, `/` or Ctrl-K): ready to type.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page opens.
  useEffect(() => {
    if (asked === '') box.current?.focus();
  }, []);
  const type = request?.type ?? null;
  const parsed = request === null ? undefined : parseSearchQuery(request.q);
  // The fact filters are operators in the query (mentions:, amount:, date:, docs/decisions/230), read back here.
  const facts = parsed === undefined ? [] : activeFacts(parsed);
  /** A chip or a filter's remove button rewrote the query: the box shows it and it is searched. */
  const searchQuery = (q: string) => {
    setText(q);
    onSearch(q, type);
  };
  // The kind asked for: the query's `type:` (what the chips write) or an older link's `type=` parameter.
  const chosenType = type ?? parsed?.type ?? null;
  /** A type chip writes `type:` into the query where the syntax has a word for the kind (issue 42 item 6). */
  const chooseType = (q: string, kind: SearchKind | null) => {
    const value = kind === null ? null : typeOperatorValue(kind);
    if (kind !== null && value === undefined) {
      onSearch(withType(q, null), kind);
      return;
    }
    const written = withType(q, value ?? null);
    setText(written);
    onSearch(written, null);
  };
  const stopTyping = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    stopTyping();
    sent.current = text.trim();
    onSearch(text, type, { typed: true });
  };
  const typed = (value: string) => {
    setText(value);
    stopTyping();
    if (value === '') {
      sent.current = '';
      onClear();
      return;
    }
    if (onType === undefined) return;
    const send = () => {
      timer.current = null;
      // One letter searches nothing (it clears the results): it leaves the gap to the first search.
      if (typedSearch(value) !== null) lastSent.current = performance.now();
      sent.current = value.trim();
      onType(value);
    };
    const delay = searchDelay(performance.now(), lastSent.current);
    // After a pause the search goes with this keystroke's own render: no timer, no second render.
    if (delay === 0) send();
    else timer.current = setTimeout(send, delay);
  };
  /** Back in the box from the results, the cursor where it was. */
  const backToBox = () => {
    const input = box.current;
    if (input === null) return;
    input.focus();
    if (cursor.current !== null) input.setSelectionRange(...cursor.current);
  };
  const boxKeys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && state.results.length > 0) {
      event.preventDefault();
      const input = event.currentTarget;
      cursor.current = [input.selectionStart ?? input.value.length, input.selectionEnd ?? input.value.length];
      focusResult(resultsRef.current, 0);
    } else if (event.key === 'Escape' && text !== '') {
      event.preventDefault();
      typed('');
    }
  };
  const resultKeys = (event: KeyboardEvent<HTMLOListElement>) => {
    const links = [...(resultsRef.current?.querySelectorAll<HTMLElement>('[data-result-link]') ?? [])];
    const at = links.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape' || (event.key === 'ArrowUp' && at === 0)) {
      event.preventDefault();
      backToBox();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      focusResult(resultsRef.current, Math.max(0, at + (event.key === 'ArrowDown' ? 1 : -1)));
    }
  };
  const busy = state.status === 'loading' && !state.typing;

  return (
    <Card as="section" shadow="sm" className={styles.card} aria-label="Search">
      <search>
        <Cluster as="form" gap={2} wrap={false} className={styles.searchForm} onSubmit={submit}>
          <VisuallyHidden as="label" htmlFor={inputId}>
            {SEARCH_BOX_LABEL}
          </VisuallyHidden>
          <span className={styles.searchIcon}>
            <SearchIcon size={18} />
          </span>
          <Input
            ref={box}
            id={inputId}
            className={styles.searchInput}
            type="search"
            value={text}
            placeholder="Words, a name, an amount…"
            autoComplete="off"
            enterKeyHint="search"
            maxLength={500}
            aria-describedby={`${inputId}-syntax ${inputId}-keys`}
            onChange={(event) => typed(event.target.value)}
            onKeyDown={boxKeys}
          />
          <Button
            type="submit"
            variant="primary"
            className={`${shared.button} ${styles.searchButton}`}
            disabled={busy}
          >
            {busy ? 'Searching…' : 'Search'}
          </Button>
        </Cluster>
        {/* Issue 19 item 4: the syntax the search reads, said where it is typed. */}
        <Text id={`${inputId}-syntax`} tone="muted" size="xs" className={styles.searchHint}>
          Try <code>"exact words"</code>, <code>-without</code>, <code>from:name</code>,{' '}
          <code>subject:word</code>, <code>type:pdf</code>, <code>after:2024-04-01</code>,{' '}
          <code>has:attachment</code>, <code>source:uploads</code>, <code>mentions:"Asha Rao"</code>,{' '}
          <code>amount:INR1200</code>, <code>date:2026-03</code>.
          <VisuallyHidden id={`${inputId}-keys`}>
            {' '}
            Results come as you type; the down arrow goes to them, Escape back here or clears the box.
          </VisuallyHidden>
        </Text>
        {/* Issue 42 item 5: a screen reader hears how many were found, as they change under the typing. */}
        <VisuallyHidden as="p" role="status" data-testid="search-count">
          {resultCountWords(state)}
        </VisuallyHidden>
      </search>

      {request !== null &&
      (state.facets.length > 0 ||
        state.sourceFacets.length > 1 ||
        state.senderFacets.length > 0 ||
        state.yearFacets.length > 0 ||
        facts.length > 0) ? (
        <div className={styles.refine}>
          {parsed === undefined ? null : (
            <SearchFacets
              state={state}
              q={request.q}
              parsed={parsed}
              chosenType={chosenType}
              onType={(kind) => chooseType(request.q, kind)}
              onQuery={searchQuery}
            />
          )}
          {facts.length > 0 ? (
            <Cluster as="ul" gap={2} aria-label="Active filters">
              {facts.map((filter) => (
                <li key={filter.kind}>
                  <button
                    type="button"
                    className={styles.activeFilter}
                    aria-label={`Remove filter ${FILTER_NAMES[filter.kind]}: ${filter.label}`}
                    onClick={() => searchQuery(withoutFact(request.q, filter.kind))}
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
          <Text tone="danger" size="sm" className={styles.errorLine} role="alert">
            {state.error}
          </Text>
        ) : null}
        {request !== null && state.status === 'done' && state.results.length === 0 ? (
          <Text tone="muted" size="sm">
            Nothing you uploaded or connected matches “{request.q}”
            {type !== null ? ' with these filters' : ''}. Try fewer or different words.
          </Text>
        ) : null}
        {state.results.length > 0 ? (
          <>
            {state.mode === 'or' ? (
              <Text tone="muted" size="sm">
                {RELAXED_TO_ANY_WORD}
              </Text>
            ) : null}
            {/* The arrow keys move between the result links inside it (issue 42 item 5). */}
            <ol className={styles.results} ref={resultsRef} onKeyDown={resultKeys}>
              {state.results.map((result) => (
                <ResultCard
                  key={result.passage.id}
                  result={result}
                  chosen={(fact) => parsed !== undefined && isChosenFact(parsed, fact)}
                  onFact={(fact) => {
                    const q = request?.q ?? text;
                    // A chosen fact's chip takes its operator out, as a chosen facet's does.
                    searchQuery(
                      parsed !== undefined && isChosenFact(parsed, fact)
                        ? withoutFact(q, fact.kind)
                        : withFact(q, fact),
                    );
                  }}
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
