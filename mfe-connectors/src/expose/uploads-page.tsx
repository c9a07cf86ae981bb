import type { UploadedDocument } from '@trove/contracts';
import { BuildLabel, useAppConfig, usePopup, useToasts } from '@trove/kit';
import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  Button,
  Card,
  Cluster,
  EmptyState,
  Heading,
  PageHeader,
  Spinner,
  Text,
  VisuallyHidden,
} from '@trove/kit/ui';
import { BatchList } from '../features/uploads/batch-list';
import { ConfirmDelete, DocumentsTable } from '../features/uploads/documents-table';
import { DropZone } from '../features/uploads/drop-zone';
import { DocumentIcon } from '@trove/kit/icons';
import { countLine } from '../features/uploads/uploads-list';
import { useUploads } from '../features/uploads/use-uploads';
import * as shared from '../features/catalog/catalog.module.css';
import * as styles from '../features/uploads/uploads.module.css';

/** Issue 10: what uploads are for, in the landing page's words (docs/product/uploads-and-search.md#facts: dates, totals and entities). */
function EmptyUploads() {
  const { name } = useAppConfig();
  return (
    <EmptyState
      icon={<DocumentIcon size={20} />}
      title="No files yet"
      titleAs="h3"
      description={
        <>
          Upload the invoices, contracts, notes, exports and saved emails you want to search. {name} reads
          each file once and pulls out the dates, totals and names in it.
        </>
      }
    >
      <ul className={styles.promises}>
        <li className={styles.promise}>
          <strong>Find the page</strong>
          <span>Every page and section is indexed, so a search lands where the answer is.</span>
        </li>
        <li className={styles.promise}>
          <strong>Dates, totals, names</strong>
          <span>Amounts in ₹, $, € or £, dates and people come with each result, ready to filter on.</span>
        </li>
        <li className={styles.promise}>
          <strong>Yours alone</strong>
          <span>Only you can search your uploads. Delete a file and it leaves the index at once.</span>
        </li>
      </ul>
      <Text tone="muted" size="sm" className={styles.emptyText}>
        Looking for mail or files that already live in an app?{' '}
        <Link className={styles.textLink} to="/connections">
          Browse connections
        </Link>
      </Text>
    </EmptyState>
  );
}

/**
 * trove_connectors/UploadsPage (/uploads, issue 10): add files, watch each upload and its indexing, list
 * and delete documents (search is a page of its own since issue 38: /search). Takes no props: the shell mounts it as a route.
 */
export default function UploadsPage() {
  const uploads = useUploads();
  const popup = usePopup();
  const toasts = useToasts();
  const { remove } = uploads;
  const documentsHeading = useRef<HTMLHeadingElement>(null);
  const [focusId, setFocusId] = useState<string | null>(null);
  const { loadMore } = uploads;
  const showMore = useCallback(() => {
    void loadMore().then((first) => {
      if (first !== null) setFocusId(first);
    });
  }, [loadMore]);

  const confirmDelete = useCallback(
    (document: UploadedDocument) => {
      let confirmed = false;
      const ticket = popup.open(
        <ConfirmDelete
          document={document}
          onCancel={() => popup.close(ticket)}
          onConfirm={() => {
            confirmed = true;
            popup.close(ticket);
            remove(document).catch((error: Error) => toasts.show({ type: 'error', message: error.message }));
          }}
        />,
        {
          title: 'Delete this upload?',
          size: 'sm',
          // The popup hands focus back to the Delete button, which left with its row: keyboard users are
          // put at the top of the list instead of at the start of the page.
          onClose: () => {
            // Deferred past the popup's unmount, whose focus trap would pull the focus back.
            if (confirmed) setTimeout(() => documentsHeading.current?.focus(), 50);
          },
        },
      );
    },
    [popup, remove, toasts],
  );

  const documents = uploads.documents;
  const hasDocuments = documents !== null && documents.length > 0;

  return (
    <div className={styles.page}>
      <PageHeader
        className={styles.header}
        title="Uploads"
        lede="Your own files, searchable alongside your connected apps: PDFs and scans, Word and OpenDocument files, spreadsheets, slides, pictures, ZIP and .tar.gz archives, code, text and saved emails."
      />

      <div className={styles.top}>
        <DropZone onFiles={uploads.addFiles} />
        {uploads.items.length > 0 ? (
          <BatchList
            items={uploads.items}
            documents={documents ?? []}
            onRetry={uploads.retry}
            onDismiss={uploads.dismiss}
            onClearFinished={uploads.clearFinished}
          />
        ) : null}
      </div>

      {hasDocuments || uploads.hasSources ? (
        // Issue 38 item 2: search has a page of its own, for uploads, mail and databases alike.
        <Text tone="muted" size="sm">
          To find something in your files, mail and databases,{' '}
          <Link className={styles.textLink} to="/search">
            open Search
          </Link>
          .
        </Text>
      ) : null}

      <Card as="section" shadow="sm" className={styles.card} aria-labelledby="uploads-documents">
        <Cluster gap={3} rowGap={2} align="baseline">
          <Heading level={2} size="lg" id="uploads-documents" ref={documentsHeading} tabIndex={-1}>
            Your documents
          </Heading>
          {hasDocuments ? (
            <Text as="span" tone="muted" size="sm" data-testid="uploads-count">
              {countLine(documents.length, uploads.total)}
            </Text>
          ) : null}
        </Cluster>
        {documents === null && uploads.loadError === null ? (
          <Cluster gap={3} align="center" wrap={false} className={styles.loading} role="status">
            <Spinner />
            Loading your documents…
          </Cluster>
        ) : null}
        {uploads.loadError !== null ? (
          <Cluster gap={3} align="center" justify="between" className={styles.errorBox} role="alert">
            <p>{uploads.loadError}</p>
            <Button className={`${shared.button} ${shared.secondary}`} onClick={uploads.reload}>
              Try again
            </Button>
          </Cluster>
        ) : null}
        {documents !== null && documents.length === 0 && uploads.loadError === null ? <EmptyUploads /> : null}
        {hasDocuments ? (
          <DocumentsTable documents={documents} onDelete={confirmDelete} focusId={focusId} />
        ) : null}
        {hasDocuments && uploads.hasMore ? (
          <Cluster gap={3} rowGap={2} align="center" className={styles.showMore}>
            {/* aria-disabled rather than disabled while loading: a disabled button drops the focus. */}
            <Button
              className={`${shared.button} ${shared.secondary}`}
              aria-disabled={uploads.loadingMore}
              onClick={uploads.loadingMore ? undefined : showMore}
            >
              {uploads.loadingMore ? 'Loading…' : 'Show more'}
            </Button>
            {uploads.moreError !== null ? (
              <p className={styles.failure} role="alert">
                {uploads.moreError}
              </p>
            ) : null}
          </Cluster>
        ) : null}
      </Card>

      {/* Issue 10 "live": finished, failed and deleted files are announced without moving focus. */}
      <VisuallyHidden as="p" role="status" aria-live="polite" data-testid="uploads-announcer">
        {uploads.announcement}
      </VisuallyHidden>
      <BuildLabel label={__TROVE_BUILD_LABEL__} />
    </div>
  );
}
