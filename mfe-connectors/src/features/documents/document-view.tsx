import {
  DATABASE_ROW_LABEL,
  type DocumentLink,
  type DocumentView,
  documentHref,
  documentLabel,
  documentOriginalPath,
  documentSourceLine,
  passageAnchor,
} from '@trove/contracts';
import { exactTime } from '@trove/kit/format';
import { DocumentIcon } from '@trove/kit/icons';
import { Card, Cluster, Table, Text } from '@trove/kit/ui';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { KIND_LABELS } from '../uploads/format';
import { documentSections, placeHeading, sizeLabel } from './document-sections';
import * as styles from './documents.module.css';

function DocumentLinks({ label, documents }: { label: string; documents: readonly DocumentLink[] }) {
  return (
    <section className={styles.links} aria-label={label}>
      <Text as="h2" size="sm" weight="bold">
        {label}
      </Text>
      <ul className={styles.linkList}>
        {documents.map((document) => (
          <li key={document.id}>
            <Link className={styles.docLink} to={documentHref(document.id)}>
              <DocumentIcon size={16} />
              <Text as="span" weight="semibold" breakAnywhere className={styles.linkName}>
                {document.name}
              </Text>
              <Text as="span" tone="muted" size="xs" weight="semibold" className={styles.kindTag}>
                {KIND_LABELS[document.type]}
              </Text>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function MessageHeaders({ message }: { message: NonNullable<DocumentView['message']> }) {
  const rows: [string, string][] = [
    ['From', message.from ?? '—'],
    ['To', message.to.join(', ') || '—'],
    ...(message.cc.length > 0 ? ([['Cc', message.cc.join(', ')]] as [string, string][]) : []),
    ['Date', message.date === null ? '—' : exactTime(message.date)],
  ];
  return (
    <dl className={styles.headers} data-testid="message-headers">
      {rows.map(([name, value]) => (
        <div key={name} className={styles.header}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function RowTable({ row }: { row: NonNullable<DocumentView['row']> }) {
  return (
    <Table caption={`Columns of this row${row.table === null ? '' : ` of ${row.table}`}`} captionHidden>
      <thead>
        <tr>
          <th scope="col">Column</th>
          <th scope="col">Value</th>
        </tr>
      </thead>
      <tbody>
        {row.columns.map((column) => (
          <tr key={column.name}>
            <th scope="row" className={styles.columnName}>
              {column.name}
            </th>
            <td className={styles.columnValue}>{column.value}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** The document's text by page or section, the passage the page opened at marked and scrolled into view. */
function DocumentText({ view, passageId }: { view: DocumentView; passageId: string | null }) {
  const current = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (passageId === null || current.current === null) return;
    current.current.scrollIntoView({ block: 'center' });
    current.current.focus({ preventScroll: true });
  }, [passageId]);
  if (view.passages.length === 0)
    return (
      <Text tone="muted" size="sm">
        No text to show: nothing could be read from this {view.shape === 'message' ? 'message' : 'file'}.
      </Text>
    );
  const sections = documentSections(view.passages);
  return (
    <div className={styles.text}>
      {sections.map((section, index) => (
        <section key={`${section.location}-${section.passages[0]?.id ?? index}`} className={styles.section}>
          {section.location === '' || (sections.length === 1 && view.shape === 'message') ? null : (
            <Text as="h2" size="sm" weight="bold" tone="muted">
              {placeHeading(section.location)}
            </Text>
          )}
          {section.passages.map((passage) => {
            const isCurrent = passage.id === passageId;
            return (
              <div
                key={passage.id}
                id={passageAnchor(passage.id)}
                ref={isCurrent ? current : undefined}
                tabIndex={isCurrent ? -1 : undefined}
                className={styles.passage}
                data-current={isCurrent ? '' : undefined}
                data-testid={isCurrent ? 'current-passage' : undefined}
              >
                {passage.text}
              </div>
            );
          })}
        </section>
      ))}
      {view.passages_total > view.passages.length ? (
        <Text tone="muted" size="sm">
          Showing {view.passages.length.toLocaleString('en-US')} of{' '}
          {view.passages_total.toLocaleString('en-US')} passages, around the one you opened. Download the
          original for the whole document.
        </Text>
      ) : null}
    </div>
  );
}

/**
 * One document as a whole (issue 38 item 1): a message with its headers and attachments, a file by page or
 * section with a download of the original, a database row as a table of its columns.
 */
export function DocumentViewer({ view, passageId }: { view: DocumentView; passageId: string | null }) {
  const { document } = view;
  const label = documentLabel(document);
  const source = documentSourceLine(document.source);
  const kind = view.shape === 'row' ? DATABASE_ROW_LABEL : KIND_LABELS[document.type];
  return (
    <article className={styles.page} aria-labelledby="document-title">
      <header className={styles.head}>
        <Cluster gap={2} align="center">
          <Text as="span" tone="muted" size="xs" weight="semibold" className={styles.kindTag}>
            {kind}
          </Text>
          {source === null ? null : (
            <Text as="span" tone="muted" size="sm" data-testid="document-source">
              {source}
            </Text>
          )}
        </Cluster>
        <Text as="h1" id="document-title" breakAnywhere className={styles.title}>
          {view.message?.subject ?? label.title}
        </Text>
        {label.fileName === null || view.shape === 'row' ? null : (
          <Text tone="muted" size="sm" breakAnywhere>
            {label.fileName}
          </Text>
        )}
        {view.shape === 'row' ? null : (
          <Cluster gap={3} rowGap={2} align="center" className={styles.actions}>
            <a
              className={styles.download}
              href={documentOriginalPath(document.id)}
              download={document.name}
              data-testid="download-original"
            >
              Download the original
            </a>
            <Text as="span" tone="muted" size="sm">
              {sizeLabel(document.size_bytes)}
            </Text>
          </Cluster>
        )}
      </header>
      {view.message === null ? null : <MessageHeaders message={view.message} />}
      {document.parent === null ? null : (
        <DocumentLinks label={view.shape === 'file' ? 'Came in' : 'Part of'} documents={[document.parent]} />
      )}
      <Card
        as="section"
        shadow="sm"
        className={styles.body}
        aria-label={view.shape === 'row' ? 'Columns' : 'Text'}
      >
        {view.row === null ? (
          <DocumentText view={view} passageId={passageId} />
        ) : (
          <>
            <Text tone="muted" size="sm" data-testid="row-origin">
              {view.row.table === null
                ? `A row of a query of ${view.row.source}`
                : `A row of ${view.row.table} in ${view.row.source}`}
            </Text>
            <RowTable row={view.row} />
          </>
        )}
      </Card>
      {view.attachments.length > 0 ? (
        <DocumentLinks
          label={view.shape === 'message' ? 'Attachments' : 'Inside it'}
          documents={view.attachments}
        />
      ) : null}
      {document.document_date === null ? null : (
        <Text tone="muted" size="sm">
          Dated {document.document_date} · added {exactTime(document.created_at)}
        </Text>
      )}
    </article>
  );
}
