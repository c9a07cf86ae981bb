import { type AssistantChatMessage, type ComputedAnswer, documentLabel } from '@trove/contracts';
import { Button, Cluster, Eyebrow, Stack, Text } from '@trove/kit/ui';
import { type ReactNode, useId, useState } from 'react';
import * as ui from '../ui/ui.module.css';
import * as styles from './answer.module.css';
import { cellText, computedColumns, numericColumn, pageOf, type SortBy, sortRows } from './computed-table';

// An answer that computes (issue 37 item 3): the figure first, how it was computed and the question as Trove
// understood it, then the groups and every row counted — sortable by any column, a page at a time, each row
// opening its source.

export interface ComputedViewProps {
  answer: AssistantChatMessage;
  computed: ComputedAnswer;
  /** A link that opens a row's passage (the thread's own passage link). */
  rowLink: (passageId: string, children: ReactNode) => ReactNode;
}

function Groups({ computed }: { computed: ComputedAnswer }) {
  const captionId = useId();
  if (computed.groups.length === 0) return null;
  const labels = computed.groups[0]?.figures.map((figure) => figure.label) ?? [];
  return (
    <Stack as="section" gap={2} aria-labelledby={captionId}>
      <Eyebrow as="h4" id={captionId}>
        Groups
      </Eyebrow>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard. */}
      <section className={styles.tableScroll} tabIndex={0} aria-labelledby={captionId}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Group</th>
              {labels.map((label) => (
                <th key={label} scope="col" className={styles.numeric}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {computed.groups.map((group) => (
              <tr key={group.key}>
                <td>{group.key}</td>
                {group.figures.map((figure) => (
                  <td
                    key={`${figure.label}${figure.currency ?? ''}`}
                    className={`${styles.numeric} ${styles.nowrap}`}
                  >
                    {figure.text}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </Stack>
  );
}

function Rows({ computed, rowLink }: Pick<ComputedViewProps, 'computed' | 'rowLink'>) {
  const captionId = useId();
  const [sortBy, setSortBy] = useState<SortBy | null>(null);
  const [page, setPage] = useState(0);
  if (computed.rows.length === 0) return null;
  const columns = computedColumns(computed.rows);
  const shown = pageOf(sortRows(computed.rows, sortBy), page);
  const sortOn = (column: string) => {
    setSortBy((current) => ({
      column,
      descending: current?.column === column ? !current.descending : false,
    }));
    setPage(0);
  };
  const order = (column: string) =>
    sortBy?.column !== column ? 'none' : sortBy.descending ? 'descending' : 'ascending';
  return (
    <Stack as="section" gap={2} aria-labelledby={captionId}>
      <Eyebrow as="h4" id={captionId}>
        Rows counted
      </Eyebrow>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard. */}
      <section className={styles.tableScroll} tabIndex={0} aria-labelledby={captionId}>
        <table className={styles.table}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th
                  key={column}
                  scope="col"
                  aria-sort={order(column)}
                  className={numericColumn(computed.rows, column) ? styles.numeric : undefined}
                >
                  <button type="button" className={styles.sortButton} onClick={() => sortOn(column)}>
                    {column}
                  </button>
                </th>
              ))}
              <th scope="col">Source</th>
            </tr>
          </thead>
          <tbody>
            {shown.rows.map((row) => (
              <tr key={`${row.document_id}${row.location}`}>
                {columns.map((column) => (
                  <td
                    key={column}
                    className={
                      numericColumn(computed.rows, column) ? `${styles.numeric} ${styles.nowrap}` : undefined
                    }
                  >
                    {cellText(row, column)}
                  </td>
                ))}
                <td>
                  {row.passage_id === null
                    ? documentLabel({ name: row.document_name, title: row.document_title }).title
                    : rowLink(
                        row.passage_id,
                        [
                          documentLabel({ name: row.document_name, title: row.document_title }).title,
                          row.location,
                        ]
                          .filter(Boolean)
                          .join(', '),
                      )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <Cluster gap={2} align="center" justify="between">
        <Text tone="muted" size="xs" aria-live="polite">
          {shown.label}
          {computed.row_count > computed.rows.length
            ? ` (the first ${computed.rows.length} of ${computed.row_count})`
            : ''}
        </Text>
        {shown.pages > 1 ? (
          <Cluster gap={2}>
            <Button size="sm" variant="ghost" disabled={page === 0} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={page >= shown.pages - 1}
              onClick={() => setPage(page + 1)}
            >
              Next
            </Button>
          </Cluster>
        ) : null}
      </Cluster>
    </Stack>
  );
}

/** The computed answer: the figure, how, the understood question, what could not be computed, groups and rows. */
export function ComputedView({ computed, rowLink }: ComputedViewProps) {
  return (
    <Stack gap={4}>
      <Stack as="section" gap={2} aria-label="Figure">
        <Text weight="bold" className={styles.figure}>
          {computed.headline}
        </Text>
        {computed.how ? (
          <Text tone="muted" size="xs">
            {computed.how}
          </Text>
        ) : null}
        <Cluster as="ul" gap={1} aria-label="Question as understood">
          {computed.understood.map((chip) => (
            <li key={chip} className={ui.chip} data-tone="accent">
              {chip}
            </li>
          ))}
        </Cluster>
        {computed.cannot !== null && !computed.headline.includes(computed.cannot) ? (
          <Text size="sm" className={styles.note}>
            {computed.cannot}
          </Text>
        ) : null}
        {computed.notes.map((note) => (
          <Text key={note} tone="muted" size="sm">
            {note}
          </Text>
        ))}
      </Stack>
      <Groups computed={computed} />
      <Rows computed={computed} rowLink={rowLink} />
    </Stack>
  );
}
