import { BuildLabel } from '@trove/kit';
import { Button, Cluster, Spinner, Text } from '@trove/kit/ui';
import { Link, useParams } from 'react-router';
import { DocumentViewer } from '../features/documents/document-view';
import * as styles from '../features/documents/documents.module.css';
import { useDocument, usePassageInHash } from '../features/documents/use-document';

/**
 * trove_connectors/DocumentPage (/documents/:id#passage-<id>, issue 38 item 1; docs/decisions/100-document-view.md):
 * one document as a whole, opened at the passage a result, citation or shipped answer pointed to. Takes no
 * props: the shell mounts it as a route and the id comes from the path.
 */
export default function DocumentPage() {
  const { id = '' } = useParams();
  const passageId = usePassageInHash();
  const { document, error, notFound, reload } = useDocument(id, passageId);
  return (
    <>
      {document !== undefined ? (
        <DocumentViewer view={document} passageId={passageId} />
      ) : notFound ? (
        <div className={`${styles.page} ${styles.error}`}>
          <Text as="h1" breakAnywhere className={styles.title}>
            No such document
          </Text>
          <Text tone="muted">It may have been deleted, or the source it came from removed.</Text>
          <Link className={styles.docLink} to="/search">
            Search your documents
          </Link>
        </div>
      ) : error !== null ? (
        <div className={`${styles.page} ${styles.error}`} role="alert">
          <p>{error}</p>
          <Button onClick={reload}>Try again</Button>
        </div>
      ) : (
        <Cluster
          gap={3}
          wrap={false}
          align="center"
          justify="center"
          className={`${styles.page} ${styles.state}`}
          role="status"
        >
          <Spinner />
          Opening the document…
        </Cluster>
      )}
      {/* In the page's column: outside it, the tag sat against the window's edge on a phone. */}
      <div className={styles.buildLine}>
        <BuildLabel label={__TROVE_BUILD_LABEL__} />
      </div>
    </>
  );
}
