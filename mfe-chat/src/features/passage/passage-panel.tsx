import { type ContextPassage, documentLabel, type PassageContextResponse } from '@trove/contracts';
import { userMessage } from '@trove/kit';
import { useEffect, useRef, useState } from 'react';
import { getPassage } from '../chat-api/chat-api';
import { DocumentIcon } from '@trove/kit/icons';
import * as ui from '../ui/ui.module.css';
import { highlightParts } from './highlight';
import * as styles from './passage-panel.module.css';

type Load =
  | { state: 'loading' }
  | { state: 'ready'; data: PassageContextResponse }
  | { state: 'error'; message: string };

function Neighbour({ passage }: { passage: ContextPassage }) {
  return (
    <div className={styles.neighbour}>
      <p className={styles.location}>{passage.location}</p>
      <p className={styles.text}>{passage.text}</p>
    </div>
  );
}

/**
 * A passage in context (issue 11 §3, GET /api/v1/passages/:id): the passages before and after it in the
 * same document, the hit itself highlighted and scrolled into view. Rendered in the kit popup.
 */
export function PassagePanel({ passageId, terms }: { passageId: string; terms: string[] }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const hit = useRef<HTMLElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    getPassage(passageId, controller.signal)
      .then((data) => setLoad({ state: 'ready', data }))
      .catch((failure: unknown) => {
        if (!controller.signal.aborted)
          setLoad({ state: 'error', message: userMessage(failure, 'This passage could not be opened.') });
      });
    return () => controller.abort();
  }, [passageId]);

  useEffect(() => {
    if (load.state === 'ready') hit.current?.scrollIntoView({ block: 'center' });
  }, [load]);

  if (load.state === 'loading')
    return (
      <div className={styles.loading} role="status">
        <span className={ui.spinner} aria-hidden="true" />
        Opening the passage…
      </div>
    );
  if (load.state === 'error')
    return (
      <p className={styles.error} role="alert">
        {load.message}
      </p>
    );

  const { document, passage, before, after } = load.data;
  const label = documentLabel(document);
  return (
    <div className={styles.panel} data-testid="passage-panel">
      <div className={styles.document}>
        <span className={styles.documentIcon} aria-hidden="true">
          <DocumentIcon className={ui.icon} />
        </span>
        <div>
          <p className={styles.documentName}>{label.title}</p>
          <p className={styles.documentMeta}>
            {[document.type.toUpperCase(), label.fileName, passage.location].filter(Boolean).join(' · ')}
          </p>
        </div>
      </div>
      <div className={styles.context}>
        {before.map((item) => (
          <Neighbour key={item.id} passage={item} />
        ))}
        <section ref={hit} className={styles.hit} aria-label="The matching passage" data-testid="passage-hit">
          <p className={styles.hitLabel}>Matching passage · {passage.location}</p>
          <p className={styles.text}>
            {highlightParts(passage.text, terms).map((part, index) =>
              part.marked ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed pieces of one text.
                <mark key={index}>{part.text}</mark>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: as above.
                <span key={index}>{part.text}</span>
              ),
            )}
          </p>
        </section>
        {after.map((item) => (
          <Neighbour key={item.id} passage={item} />
        ))}
      </div>
    </div>
  );
}
