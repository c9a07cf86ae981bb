import { documentLabel, type UploadedDocument } from '@trove/contracts';
import { useEffect, useRef, useState } from 'react';
import { exactTime, relativeTime } from '@trove/kit/format';
import { humanSize, KIND_LABELS, partsLabel } from './format';
import { TrashIcon } from '@trove/kit/icons';
import { StatusBadge } from './status-badge';
import { Button, Cluster, IconButton, Text, VisuallyHidden } from '@trove/kit/ui';
import * as shared from '../catalog/catalog.module.css';
import * as styles from './uploads.module.css';

/** "5 min ago" has to move on while the page stays open; a minute is its smallest step. */
function useNow(stepMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), stepMs);
    return () => clearInterval(timer);
  }, [stepMs]);
  return now;
}

/** Issue 10: name, type, size, pages or parts, uploaded-at, status; delete. */
export function DocumentsTable({
  documents,
  onDelete,
  focusId = null,
}: {
  documents: readonly UploadedDocument[];
  onDelete: (document: UploadedDocument) => void;
  /**
   * The row to put the focus on: the first one "Show more" added, so a keyboard or screen reader user
   * goes on reading where the new rows start rather than at a button that may have gone.
   */
  focusId?: string | null;
}) {
  const now = useNow();
  const focusTarget = useRef<HTMLTableCellElement>(null);
  useEffect(() => {
    if (focusId !== null) focusTarget.current?.focus();
  }, [focusId]);
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <VisuallyHidden as="caption">Your uploaded documents, newest first</VisuallyHidden>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col" className={styles.wide}>
              Type
            </th>
            <th scope="col" className={styles.wide}>
              Size
            </th>
            <th scope="col" className={styles.wide}>
              Pages or parts
            </th>
            <th scope="col" className={styles.wide}>
              Uploaded
            </th>
            <th scope="col">Status</th>
            <th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </th>
          </tr>
        </thead>
        <tbody>
          {documents.map((document) => (
            <tr key={document.id} data-testid="upload-row">
              <th
                scope="row"
                className={styles.nameCell}
                {...(document.id === focusId ? { ref: focusTarget, tabIndex: -1 } : {})}
              >
                {/* A div inside the cell: a th that is itself a grid stops being a table cell. */}
                <div className={styles.nameStack}>
                  {/* Issue 19 item 3: the title a person remembers, the file name under it. */}
                  <DocumentName document={document} />
                  {/* On a phone the other columns fold into this line. */}
                  <Text as="span" tone="muted" size="xs" className={styles.narrowMeta}>
                    {KIND_LABELS[document.type]} · {humanSize(document.size_bytes)}
                    {document.parts === null ? '' : ` · ${partsLabel(document.type, document.parts)}`} ·{' '}
                    {relativeTime(document.created_at, now)}
                  </Text>
                  {document.status === 'failed' && document.failure_reason ? (
                    <span className={styles.failure}>{document.failure_reason}</span>
                  ) : null}
                  {/* Issue 39: how it was read, when the person should know (pages unread, entries left out). */}
                  {document.status === 'indexed'
                    ? (document.notes ?? []).map((note) => (
                        <Text as="span" key={note} tone="muted" size="xs" className={styles.note}>
                          {note}
                        </Text>
                      ))
                    : null}
                </div>
              </th>
              <td className={styles.wide}>{KIND_LABELS[document.type]}</td>
              <Text as="td" numeric className={styles.wide}>
                {humanSize(document.size_bytes)}
              </Text>
              <td className={styles.wide}>{partsLabel(document.type, document.parts)}</td>
              <td className={styles.wide}>
                <time dateTime={document.created_at} title={exactTime(document.created_at)}>
                  {relativeTime(document.created_at, now)}
                </time>
              </td>
              <td>
                <StatusBadge status={document.status} />
              </td>
              <td className={styles.actionsCell}>
                <IconButton
                  tone="danger"
                  size="md"
                  label={`Delete ${document.name}`}
                  title="Delete"
                  onClick={() => onDelete(document)}
                >
                  <TrashIcon size={18} />
                </IconButton>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The kit popup's body for a delete: what goes, and that it cannot be undone. */
export function ConfirmDelete({
  document,
  onCancel,
  onConfirm,
}: {
  document: UploadedDocument;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <div className={styles.confirm}>
      <p>
        <Text as="strong" breakAnywhere>
          {document.name}
        </Text>{' '}
        and everything found in it leave your search at once. This cannot be undone; upload the file again to
        bring it back.
      </p>
      <Cluster gap={2} wrap={false} justify="end" className={styles.confirmActions}>
        <Button className={`${shared.button} ${shared.secondary}`} onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="danger" className={shared.button} onClick={onConfirm}>
          Delete
        </Button>
      </Cluster>
    </div>
  );
}

/** Issue 19 item 3: the title a person remembers, the file name under it when it differs. */
function DocumentName({ document }: { document: UploadedDocument }) {
  const label = documentLabel(document);
  return (
    <>
      <Text as="span" tone="strong" weight="semibold" className={styles.docName} title={label.title}>
        {label.title}
      </Text>
      {label.fileName === null ? null : (
        <span className={styles.docFile} title={label.fileName}>
          {label.fileName}
        </span>
      )}
    </>
  );
}
