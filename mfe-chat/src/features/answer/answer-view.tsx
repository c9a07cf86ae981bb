import {
  ANSWER_BASE_COLUMNS,
  type AnswerFields,
  type AnswerPassage,
  answerColumnCell,
  answerColumnHeading,
  type AssistantChatMessage,
  type Delivery,
  documentLabel,
  markedWords,
} from '@trove/contracts';
import { type MouseEvent, type ReactNode, useId } from 'react';
import { SnippetText } from '@trove/kit';
import { MailIcon } from '@trove/kit/icons';
import { Button, Card, Cluster, Eyebrow, Heading, Stack, Text, VisuallyHidden } from '@trove/kit/ui';
import * as ui from '../ui/ui.module.css';
import { deliveryDetail, documentsReadLine, filterChips, formatDay, formatTotal } from './answer-format';
import * as styles from './answer.module.css';
import { ComputedView } from './computed-view';

export interface AnswerActions {
  /** The address a passage opens at (`?passage=:id`), so it can be copied, middle-clicked or mailed. */
  passageHref: (passageId: string) => string;
  /** Opens the passage in context; `terms` are the words to highlight there. */
  openPassage: (passageId: string, terms: string[]) => void;
  /** Opens the Send dialog for this answer. */
  send: (answer: AssistantChatMessage) => void;
}

/** The words a snippet marked, to highlight again in the passage's full text. */
export function markedTerms(passage: AnswerPassage | undefined): string[] {
  if (!passage) return [];
  return markedWords(passage.snippet);
}

function PassageLink({
  passageId,
  answer,
  actions,
  children,
  className,
  label,
}: {
  passageId: string;
  answer: AssistantChatMessage;
  actions: AnswerActions;
  children: ReactNode;
  className?: string;
  label?: string;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // A plain click opens the panel in place; modified clicks keep the browser's own behaviour.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    actions.openPassage(
      passageId,
      markedTerms(answer.passages.find((passage) => passage.passage_id === passageId)),
    );
  };
  return (
    <a className={className} href={actions.passageHref(passageId)} onClick={onClick} aria-label={label}>
      {children}
    </a>
  );
}

function Summary({ answer, actions, number }: SectionProps) {
  if (answer.summary.length === 0) return null;
  return (
    <Stack as="section" gap={2} aria-label="Summary">
      <Eyebrow as="h4">Summary</Eyebrow>
      <Stack as="ol" gap={2} className={styles.summary}>
        {answer.summary.map((sentence, index) => {
          const cite = number(sentence.passage_id);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: sentences are fixed once answered.
            <li key={index} className={styles.sentence}>
              {sentence.text}{' '}
              <PassageLink
                passageId={sentence.passage_id}
                answer={answer}
                actions={actions}
                className={styles.cite}
                label={`Source ${cite ?? ''}: open the passage`.replace('  ', ' ')}
              >
                {cite ?? '↗'}
              </PassageLink>
            </li>
          );
        })}
      </Stack>
    </Stack>
  );
}

function Passages({ answer, actions, number }: SectionProps) {
  if (answer.passages.length === 0) return null;
  return (
    <Stack as="section" gap={2} aria-label="Best passages">
      <Eyebrow as="h4">Best passages</Eyebrow>
      <Stack as="ol" gap={2}>
        {answer.passages.map((passage) => {
          const label = documentLabel({ name: passage.document_name, title: passage.document_title });
          return (
            <Cluster as="li" key={passage.passage_id} gap={3} wrap={false} className={styles.passage}>
              <span className={styles.passageNumber} aria-hidden="true">
                {number(passage.passage_id)}
              </span>
              <Stack gap={1} className={styles.passageBody}>
                <Cluster gap={2} rowGap={1} align="baseline">
                  <PassageLink
                    passageId={passage.passage_id}
                    answer={answer}
                    actions={actions}
                    className={styles.passageName}
                  >
                    {label.title}
                  </PassageLink>
                  <Text as="span" tone="muted" size="xs">
                    {/* Issue 19 item 3: the title first; the file name beside the place in it. */}
                    {[label.fileName, passage.location].filter(Boolean).join(' · ')}
                  </Text>
                </Cluster>
                <Text tone="strong" size="sm" breakAnywhere className={styles.snippet}>
                  <SnippetText parts={passage.snippet} />
                </Text>
              </Stack>
            </Cluster>
          );
        })}
      </Stack>
    </Stack>
  );
}

/** One cell of the fields table: dates and totals formatted for reading, lists joined, a typed field as text. */
function FieldCell({ row, column, none }: { row: AnswerFields; column: string; none: ReactNode }) {
  switch (column) {
    case 'date':
      return <td className={styles.nowrap}>{row.date ? formatDay(row.date) : none}</td>;
    case 'total':
      return (
        <td className={`${styles.numeric} ${styles.nowrap}`}>
          {row.total ? (
            <span title={row.total.text}>
              <strong>{formatTotal(row.total)}</strong>
            </span>
          ) : (
            none
          )}
        </td>
      );
    default: {
      const text = answerColumnCell(row, column);
      return <td>{text === '' ? none : text}</td>;
    }
  }
}

function FieldsTable({ answer, actions, captionId }: SectionProps & { captionId: string }) {
  if (answer.fields.length === 0) return null;
  const none = (
    <>
      <span aria-hidden="true">—</span>
      <VisuallyHidden>none</VisuallyHidden>
    </>
  );
  // A workflow's answer keeps the columns its owner chose; a chat's has the four base ones.
  const columns: readonly string[] = answer.columns?.length ? answer.columns : ANSWER_BASE_COLUMNS;
  return (
    <Stack as="section" gap={2} aria-labelledby={captionId}>
      <Eyebrow as="h4" id={captionId}>
        Fields found
      </Eyebrow>
      {/* Scrolls sideways on a phone; focusable so keyboard users can scroll it too (axe). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard. */}
      <section className={styles.tableScroll} tabIndex={0} aria-labelledby={captionId}>
        <table className={styles.table}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col" className={column === 'total' ? styles.numeric : undefined}>
                  {answerColumnHeading(column)}
                </th>
              ))}
              <th scope="col">Source</th>
            </tr>
          </thead>
          <tbody>
            {answer.fields.map((row) => (
              <tr key={row.passage_id}>
                {columns.map((column) => (
                  <FieldCell key={column} row={row} column={column} none={none} />
                ))}
                <td>
                  <PassageLink
                    passageId={row.passage_id}
                    answer={answer}
                    actions={actions}
                    className={ui.link}
                  >
                    {documentLabel({ name: row.document_name, title: row.document_title }).title}
                  </PassageLink>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </Stack>
  );
}

interface SectionProps {
  answer: AssistantChatMessage;
  actions: AnswerActions;
  /** The citation number of a passage (its place in Best passages), 1-based. */
  number: (passageId: string) => number | undefined;
}

const DELIVERY_TEXT: Record<Delivery['status'], { label: string; tone: string }> = {
  queued: { label: 'Sending to', tone: 'accent' },
  sent: { label: 'Sent to', tone: 'success' },
  failed: { label: 'Could not send to', tone: 'danger' },
};

export function Deliveries({ deliveries }: { deliveries: Delivery[] }) {
  return (
    // Polite: a status that turns from Sending to Sent is announced once, without interrupting.
    <Cluster as="ul" gap={1} aria-live="polite" aria-label="Deliveries">
      {deliveries.map((delivery) => {
        const text = DELIVERY_TEXT[delivery.status];
        const detail = deliveryDetail(delivery, Date.now());
        return (
          <li key={delivery.id}>
            <span className={ui.chip} data-tone={text.tone} data-status={delivery.status}>
              {delivery.status === 'queued' ? <span className={styles.dot} aria-hidden="true" /> : null}
              {text.label} {delivery.address}
            </span>
            {detail === null ? null : (
              <Text as="span" tone="muted" size="xs" breakAnywhere data-testid="delivery-detail">
                {' '}
                {detail}
              </Text>
            )}
          </li>
        );
      })}
    </Cluster>
  );
}

/**
 * One answer (issue 11 §3): the understood filters, then summary, passages and fields in the order the
 * verb asks for ('table-first' for extract/export), which documents were read, and how to send it on.
 */
export function AnswerView({ answer, actions }: { answer: AssistantChatMessage; actions: AnswerActions }) {
  const headingId = useId();
  const captionId = useId();
  const numbers = new Map(answer.passages.map((passage, index) => [passage.passage_id, index + 1]));
  const props: SectionProps = { answer, actions, number: (id) => numbers.get(id) };
  const chips = filterChips(answer.filters);
  const computed = answer.computed ?? null;
  const nothing = answer.passages.length === 0 && computed === null;
  const rowLink = (passageId: string, children: ReactNode) => (
    <PassageLink passageId={passageId} answer={answer} actions={actions} className={ui.link}>
      {children}
    </PassageLink>
  );
  // Issue 37: an answer computed over rows shows its figure, groups and rows; the passages it cites follow.
  const sections = computed
    ? [
        <ComputedView key="computed" answer={answer} computed={computed} rowLink={rowLink} />,
        <Passages key="passages" {...props} />,
      ]
    : answer.layout === 'table-first'
      ? [
          <FieldsTable key="fields" {...props} captionId={captionId} />,
          <Summary key="summary" {...props} />,
          <Passages key="passages" {...props} />,
        ]
      : [
          <Summary key="summary" {...props} />,
          <Passages key="passages" {...props} />,
          <FieldsTable key="fields" {...props} captionId={captionId} />,
        ];

  return (
    <Card
      as="article"
      shadow="sm"
      className={styles.answer}
      aria-labelledby={headingId}
      data-layout={answer.layout}
    >
      <Cluster as="header" gap={3} rowGap={2} align="center">
        <Heading level={3} size="md" id={headingId}>
          {nothing
            ? 'No matches'
            : computed
              ? `Computed from ${computed.collection}`
              : answer.layout === 'table-first'
                ? 'Extracted fields'
                : 'Answer'}
        </Heading>
        {chips.length > 0 ? (
          <Cluster as="ul" gap={1} aria-label="Understood filters">
            {chips.map((chip) => (
              <li key={chip} className={ui.chip} data-tone="accent">
                {chip}
              </li>
            ))}
          </Cluster>
        ) : null}
      </Cluster>

      {answer.destination_note ? (
        <Text size="sm" className={styles.note}>
          {answer.destination_note}
        </Text>
      ) : null}

      {nothing ? (
        <div className={styles.empty}>
          <Text weight="semibold">Nothing in your documents matched.</Text>
          {answer.empty_hint ? (
            <Text tone="muted" size="sm" className={styles.emptyHint}>
              {answer.empty_hint}
            </Text>
          ) : null}
        </div>
      ) : (
        sections
      )}

      {nothing && answer.deliveries.length === 0 ? null : (
        <Cluster as="footer" gap={3} align="center" justify="between" className={styles.footer}>
          {answer.documents_read.length > 0 ? (
            <Text tone="muted" size="xs" className={styles.read}>
              {documentsReadLine(answer.documents_read.map((document) => documentLabel(document).title))}
            </Text>
          ) : null}
          <Cluster gap={2} align="center">
            {answer.deliveries.length > 0 ? <Deliveries deliveries={answer.deliveries} /> : null}
            {nothing ? null : (
              <Button
                size="sm"
                className={styles.sendButton}
                onClick={() => actions.send(answer)}
                aria-label="Send this answer by email"
              >
                <MailIcon className={ui.icon} />
                Send
              </Button>
            )}
          </Cluster>
        </Cluster>
      )}
    </Card>
  );
}
