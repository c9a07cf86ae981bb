import type { Source } from '@trove/contracts';
import { userMessage } from '@trove/kit';
import { Button, Cluster, Heading, Spinner } from '@trove/kit/ui';
import { SOURCE_BUTTONS, type SourceButton } from './kinds/registry';
import { type SourceAction, SourceCard } from './source-card';
import * as styles from './sources.module.css';
import type { SourcesState } from './use-sources';

export interface SourceListProps {
  state: SourcesState;
  /** A button above the sources (kinds/registry): a kind's form, or a group's choice first ("Add a database"). */
  onAdd: (button: SourceButton) => void;
  onAction: (source: Source, action: SourceAction) => void;
}

/** The user's sources, above the catalog (issue 21), with a way to add each kind from here too. */
export function SourceList({ state, onAdd, onAction }: SourceListProps) {
  const { sources } = state;
  return (
    <section className={styles.sources} aria-labelledby="connections-sources">
      <Cluster gap={3} align="center" justify="between">
        <Heading level={2} size="xl" id="connections-sources">
          Your sources
        </Heading>
        <Cluster gap={2}>
          {SOURCE_BUTTONS.map((button) => (
            <Button
              key={button.label}
              variant={button.primary ? 'primary' : 'secondary'}
              size="sm"
              onClick={() => onAdd(button)}
            >
              {button.label}
            </Button>
          ))}
        </Cluster>
      </Cluster>
      {state.status === 'loading' ? (
        <Cluster as="p" gap={2} wrap={false} align="center" className={styles.quiet}>
          <Spinner /> Loading your sources…
        </Cluster>
      ) : state.status === 'error' ? (
        <Cluster gap={3} align="center" className={styles.loadError} role="alert">
          <p>{userMessage(state.error, 'Your sources could not be loaded.')}</p>
          <Button size="sm" busy={state.fetching} onClick={state.retry}>
            Try again
          </Button>
        </Cluster>
      ) : sources === null || sources.length === 0 ? (
        <Cluster as="p" gap={2} wrap={false} align="center" className={styles.quiet}>
          Nothing connected yet. Add a mailbox over IMAP — Gmail, Outlook, iCloud, Fastmail or your own server
          — a calendar by its iCal address or CalDAV, a file share (Nextcloud or any WebDAV), a Git
          repository, or a PostgreSQL, MySQL or SQLite database, and it becomes searchable with your uploads.
        </Cluster>
      ) : (
        <ul className={styles.sourceGrid}>
          {sources.map((source) => (
            <li key={source.id}>
              <SourceCard
                source={source}
                now={state.now}
                busy={state.busy.get(source.id) ?? null}
                onAction={onAction}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
