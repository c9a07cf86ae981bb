import {
  type ContextPassage,
  DATABASE_ROW_LABEL,
  documentHref,
  documentLabel,
  documentSourceLine,
  isDatabaseRow,
} from '@trove/contracts';
import { userMessage } from '@trove/kit';
import { useServerState } from '@trove/kit/server-state';
import { useEffect, useRef } from 'react';
import { getPassage } from '../chat-api/chat-api';
import { DocumentIcon } from '@trove/kit/icons';
import { Cluster, Spinner, Stack, Text } from '@trove/kit/ui';
import * as ui from '../ui/ui.module.css';
import { highlightParts } from './highlight';
import * as styles from './passage-panel.module.css';

function Neighbour({ passage }: { passage: ContextPassage }) {
  return (
    <div className={styles.neighbour}>
      <p className={styles.location}>{passage.location}</p>
      <Text size="sm" breakAnywhere className={styles.text}>
        {passage.text}
      </Text>
    </div>
  );
}

/**
 * A passage in context (issue 11 §3, GET /api/v1/passages/:id): the passages before and after it in the
 * same document, the hit itself highlighted and scrolled into view. Rendered in the kit popup.
 */
export function PassagePanel({
  passageId,
  terms,
  onOpenDocument,
}: {
  passageId: string;
  terms: string[];
  /** Goes to the document's own page (issue 38 item 1); the popup sits outside the router, so the caller navigates. */
  onOpenDocument: (href: string) => void;
}) {
  const context = useServerState((signal) => getPassage(passageId, signal), [passageId]);
  const hit = useRef<HTMLElement>(null);

  useEffect(() => {
    if (context.data !== undefined) hit.current?.scrollIntoView({ block: 'center' });
  }, [context.data]);

  if (context.status === 'error')
    return (
      <Text tone="danger" role="alert">
        {userMessage(context.error, 'This passage could not be opened.')}
      </Text>
    );
  if (context.data === undefined)
    return (
      <Cluster gap={3} wrap={false} align="center" justify="center" className={styles.loading} role="status">
        <Spinner />
        Opening the passage…
      </Cluster>
    );

  const { document, passage, before, after } = context.data;
  const label = documentLabel(document);
  // A mailbox's message opens with its folder: "Work mail › INBOX" (issue 21); an upload says nothing.
  const source = documentSourceLine(document.source);
  return (
    <Stack gap={4} data-testid="passage-panel">
      <Cluster gap={3} align="center" wrap={false}>
        <span className={styles.documentIcon} aria-hidden="true">
          <DocumentIcon className={ui.icon} />
        </span>
        <div>
          <Text weight="bold" breakAnywhere>
            {label.title}
          </Text>
          <Text tone="muted" size="xs">
            {[
              isDatabaseRow(document.source) ? DATABASE_ROW_LABEL : document.type.toUpperCase(),
              label.fileName,
              passage.location,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          {source === null ? null : (
            <Text tone="muted" size="xs" data-testid="passage-source">
              {source}
            </Text>
          )}
          <a
            className={styles.openDocument}
            href={documentHref(document.id, passage.id)}
            onClick={(event) => {
              // A plain click stays in the app; a middle or modified click opens a tab as a link does.
              if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
                return;
              event.preventDefault();
              onOpenDocument(documentHref(document.id, passage.id));
            }}
          >
            Open the whole document
          </a>
        </div>
      </Cluster>
      <Stack gap={3}>
        {before.map((item) => (
          <Neighbour key={item.id} passage={item} />
        ))}
        <section ref={hit} className={styles.hit} aria-label="The matching passage" data-testid="passage-hit">
          <Text size="xs" weight="semibold" className={styles.hitLabel}>
            Matching passage · {passage.location}
          </Text>
          <Text size="sm" breakAnywhere className={styles.text}>
            {highlightParts(passage.text, terms).map((part, index) =>
              part.marked ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed pieces of one text.
                <mark key={index}>{part.text}</mark>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: as above.
                <span key={index}>{part.text}</span>
              ),
            )}
          </Text>
        </section>
        {after.map((item) => (
          <Neighbour key={item.id} passage={item} />
        ))}
      </Stack>
    </Stack>
  );
}
