import type { Source } from '@trove/contracts';
import { userMessage } from '@trove/kit';
import { Button, Cluster, Heading, Spinner } from '@trove/kit/ui';
import { URL_KIND_ADD_LABELS, URL_KIND_ORDER, type UrlKind } from './kinds/registry';
import { type SourceAction, SourceCard } from './source-card';
import * as styles from './sources.module.css';
import type { SourcesState } from './use-sources';

export interface SourceListProps {
  state: SourcesState;
  onAddMailbox: () => void;
  /** Opens the choice of a database to add (issue 22): the catalog's filters hide those cards at first. */
  onAddDatabase: () => void;
  /** Opens the calendar form (issue 43): an iCal address or a CalDAV server. Absent: no button. */
  onAddCalendar?: (() => void) | undefined;
  onAction: (source: Source, action: SourceAction) => void;
  /** A file share's or a repository's form (issue 43); their catalog cards are hidden by the OAuth filter at first. */
  onAddUrlKind?: ((kind: UrlKind) => void) | undefined;
}

/** The user's sources, above the catalog (issue 21), with a way to add a mailbox from here too. */
export function SourceList({
  state,
  onAddMailbox,
  onAddDatabase,
  onAddCalendar,
  onAction,
  onAddUrlKind,
}: SourceListProps) {
  const { sources } = state;
  return (
    <section className={styles.sources} aria-labelledby="connections-sources">
      <Cluster gap={3} align="center" justify="between">
        <Heading level={2} size="xl" id="connections-sources">
          Your sources
        </Heading>
        <Cluster gap={2}>
          {onAddCalendar === undefined ? null : (
            <Button size="sm" onClick={onAddCalendar}>
              Add a calendar
            </Button>
          )}
          {onAddUrlKind === undefined
            ? null
            : URL_KIND_ORDER.map((kind) => (
                <Button key={kind} size="sm" onClick={() => onAddUrlKind(kind)}>
                  {URL_KIND_ADD_LABELS[kind]}
                </Button>
              ))}
          <Button size="sm" onClick={onAddDatabase}>
            Add a database
          </Button>
          <Button variant="primary" size="sm" onClick={onAddMailbox}>
            Add a mailbox
          </Button>
        </Cluster>
      </Cluster>
      {state.status === 'loading' ? (
        <p className={styles.quiet}>
          <Spinner /> Loading your sources…
        </p>
      ) : state.status === 'error' ? (
        <div className={styles.loadError} role="alert">
          <p>{userMessage(state.error, 'Your sources could not be loaded.')}</p>
          <Button size="sm" busy={state.fetching} onClick={state.retry}>
            Try again
          </Button>
        </div>
      ) : sources === null || sources.length === 0 ? (
        <p className={styles.quiet}>
          Nothing connected yet. Add a mailbox over IMAP — Gmail, Outlook, iCloud, Fastmail or your own server
          — a calendar by its iCal address or CalDAV, a file share (Nextcloud or any WebDAV), a Git
          repository, or a PostgreSQL, MySQL or SQLite database, and it becomes searchable with your uploads.
        </p>
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
